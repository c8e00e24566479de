import { PaginationError, SchemaError, type RequestLabel } from './errors.js'
import type { ExpectedItems, SpeculationBudget } from './speculation.js'

export interface PageNumberOptions<T> {
  readonly pageSize: number
  /** Pages in flight at once after the first; 1 fetches one page after another. */
  readonly concurrency: number
  /**
   * `short-page`: a page with fewer items than asked for is the last (the page size is within the
   * documented maximum). `empty-page`: only an empty page ends the list, for endpoints whose
   * page-size cap is undocumented and might silently be lower than asked.
   */
  readonly endOn: 'short-page' | 'empty-page'
  /**
   * With `short-page`: a server may cap page_size silently below what was asked, so a short
   * first page is not trusted as the end. The next page is asked for with the first page's length
   * as its size (the same offset whether the server counts pages in the asked or the capped
   * size): empty, the list has ended; not empty, it is the next page, and the rest is read in
   * pages of that size. A first page shorter than `minPageSize`, the smallest page size the
   * server accepts, cannot be a cap, so it ends the list at no extra cost.
   */
  readonly capCheck?: { readonly minPageSize: number }
  readonly maxPages: number
  /**
   * With a budget: once a full page shows the list is long, the next page and as many pages past
   * it as the budget allows (up to `concurrency` in flight) are asked for at once. Without one:
   * slow start, one page ahead after the first full page and `concurrency` after two, so a list
   * of one or two pages costs no request past its end.
   */
  readonly speculation?: SpeculationBudget
  /**
   * With a budget: what the lists of this type are expected to hold. Once a full page shows the
   * list is long, the pages the count covers are asked for at once, past `concurrency`.
   */
  readonly expected?: ExpectedItems
  /**
   * With a budget: pages past the first asked for together with it (within `concurrency`), on
   * budget slots, for a list that is likely long (the open findings): when it is, their round
   * trip overlaps the first page's instead of following it. Such a page whose body shows items
   * (`fetchPage`'s `onItems`) proves the list goes on past its first page before that page has
   * been read: the list speculates, and takes the pages the expected count covers, from then on.
   */
  readonly startAhead?: number
  /**
   * With `startAhead`: how long after it went out a page ahead's items may act, before the first
   * page is read (default AHEAD_ITEMS_AFTER_MS). At a shorter round trip the first page is read
   * about as soon, and what goes out early only crowds the line.
   */
  readonly aheadItemsAfterMs?: number
  /** Identity of an item, to notice a server that ignores `page` and repeats itself. */
  readonly key: (item: T) => string | number
  readonly request: RequestLabel
}

/**
 * Measured at 60,000 findings with the count known early: at 300 ms per response, acting on a page
 * ahead's items brought the end about 0.1 s sooner; at 50 ms it made runs about 30 ms slower.
 */
export const AHEAD_ITEMS_AFTER_MS = 150

/**
 * Page-number pagination as an async iterator of pages, in order. After the first page proves
 * there may be more, the next pages are fetched concurrently; pages fetched past the end cost one
 * short or empty response each and are dropped. When the iteration ends (the last page, an error,
 * or a consumer that stops early) `signal` is aborted, so that such pages are not retried.
 */
export async function* pageNumberPages<T>(
  fetchPage: (
    page: number,
    signal: AbortSignal,
    pageSize: number,
    /** Given for a page asked for ahead: to be called once its body shows it holds items. */
    onItems?: () => void
  ) => Promise<readonly T[]>,
  options: PageNumberOptions<T>
): AsyncGenerator<readonly T[]> {
  const seen = new Set<string | number>()
  const inFlight: InFlightPage<T>[] = []
  const abandon = new AbortController()
  const budget = options.speculation
  let joined = false
  let done = false
  let pageSize = options.pageSize
  let nextToRequest = 0
  let current = 0
  /** Pages up to this one are known to be needed (a full page before them came back). */
  let needed = 0
  // A page already back and short (or empty) ends the list: nothing past it is asked for.
  const endKnown = (): boolean => inFlight.some(entry => entry.endsList === true)
  /** Slots of pages that turned out to be needed come back. */
  const settle = (): void => {
    for (const entry of inFlight) {
      if (entry.speculative && entry.page <= needed) {
        entry.speculative = false
        budget?.give()
      }
    }
  }
  const topUp = (): void => {
    if (done || endKnown()) return
    if (!joined) {
      // Slow start, one page ahead after the first full page and more after two.
      const ahead = Math.min(options.concurrency, current)
      while (inFlight.length < ahead && nextToRequest <= options.maxPages) launch(false)
      return
    }
    // Speculating: keep `concurrency` requests on the wire, counting only pages not back yet; and
    // read at most twice that far ahead of the page awaited (a stalled page does not let the
    // list run on unchecked).
    let out = inFlight.filter(entry => entry.endsList === undefined).length
    while (nextToRequest <= options.maxPages) {
      // A page the expected count covers goes out at once, whatever else is on the wire.
      if (options.expected?.take(pageSize)) {
        launch(false, true)
        continue
      }
      if (out >= options.concurrency || inFlight.length >= 2 * options.concurrency) break
      const speculative = nextToRequest > needed
      // The count says the list ends among its pages: speculate past them only once they are
      // back full (the count understated the list).
      if (speculative && inFlight.some(entry => entry.covered && entry.endsList === undefined))
        break
      if (speculative && !budget?.take(speculativeCount(inFlight))) break
      launch(speculative)
      out++
    }
  }
  /** Cancels what was asked for before the first page was read, should it show a capped size. */
  let unproven: AbortController | undefined
  const launch = (speculative: boolean, covered = false, onItems?: () => void): void => {
    const size = pageSize
    const page = nextToRequest++
    if (page > 0 && !covered) options.expected?.use(size)
    const signal = unproven ? AbortSignal.any([abandon.signal, unproven.signal]) : abandon.signal
    const shows = onItems
      ? (): void => {
          entry.showedItems = true
          onItems()
        }
      : undefined
    const entry: InFlightPage<T> = {
      page,
      items: fetchPage(page, signal, size, shows),
      speculative,
      covered
    }
    // An abandoned speculative page must not become an unhandled rejection.
    entry.items.then(
      items => {
        entry.endsList = isLastPage(items, size, options)
        if (items.length > 0) entry.showedItems = true
        // While speculating, a full page that comes back (in any order) proves the next one is
        // needed and frees a request on the wire: ask for more at once, not when it is read.
        if (!joined || done || entry.endsList || entry.dropped) return
        needed = Math.max(needed, page + 1)
        settle()
        topUp()
      },
      () => undefined
    )
    inFlight.push(entry)
  }
  // Pages asked for before the first is read are sized before it could show a capped page size:
  // they are cancelled if it does. Concurrency 1 asks for one page after another, from the first.
  const startAhead = budget ? Math.min(options.startAhead ?? 0, options.concurrency - 1) : 0
  // Only a list that asks ahead, one likely to be long, holds a share while its first page is out.
  const mayBeLong = startAhead > 0
  budget?.enter(mayBeLong)
  /** The list has shown it is long: it may speculate from now on. */
  const joinBudget = (): void => {
    budget?.join(mayBeLong)
    joined = true
  }
  launch(false)
  if (budget && mayBeLong) {
    unproven = new AbortController()
    const askedAt = performance.now()
    const after = options.aheadItemsAfterMs ?? AHEAD_ITEMS_AFTER_MS
    // A page ahead that holds items: the list is long (or the server caps the page size, which
    // the first page will show). Its slot stays taken until the first page is read full.
    const goesOn = (): void => {
      if (joined || done || endKnown() || performance.now() - askedAt < after) return
      joinBudget()
      topUp()
    }
    while (speculativeCount(inFlight) < startAhead && budget.take(speculativeCount(inFlight)))
      launch(true, false, goesOn)
  }
  if (budget) options.expected?.onKnown(() => topUp())
  try {
    while (inFlight.length > 0) {
      // Still counted as out while awaited, so that pages coming back meanwhile do not overfill.
      const items = await inFlight[0].items
      inFlight.shift()
      if (items.length > 0) {
        guardRepeat(items, seen, current, options)
        yield items
      }
      // Page 1 is asked for in pages of page 0's length: the list goes on only if it is not empty.
      if (current === 0 && mayBeCapped(items, options)) {
        pageSize = items.length
        // Pages asked for with the first were sized before the cap was seen: at the asked size
        // their offsets may not follow on from it. Their slots are spent; page 1 is asked anew.
        const stale = inFlight.splice(0)
        for (const entry of stale) entry.dropped = true
        budget?.spend(speculativeCount(stale))
        unproven?.abort()
        nextToRequest = 1
      } else if (isLastPage(items, pageSize, options)) {
        await refuseItemsPastEnd(inFlight, current, items.length, options.request)
        return
      } else if (budget && !joined) joinBudget()
      // The page size is known now (page 0 read full, or capped and page 1 asked anew): what is
      // asked for from here on is not cancelled with what went out before.
      unproven = undefined
      current++
      if (current >= options.maxPages) {
        throw new PaginationError(
          options.request,
          `more than ${options.maxPages} full pages of ${pageSize}`
        )
      }
      // The page after a full one is needed: if it was asked for ahead, its slot comes back.
      needed = Math.max(needed, current)
      settle()
      topUp()
    }
  } finally {
    done = true
    budget?.leave(speculativeCount(inFlight), joined, mayBeLong)
    inFlight.length = 0
    abandon.abort()
  }
}

/**
 * The list ends at `page`, yet a page past it that is back holds items, or its body has shown it
 * does (then it is waited for): the listing contradicts itself. Items were added or moved while
 * it was read, or the server's pages overlap; either way the list is not known, and reading it as
 * ended could leave out what moved. Pages past the end that have shown nothing are not waited for,
 * so this is seen only when such a page is back or arriving.
 */
async function refuseItemsPastEnd<T>(
  later: readonly InFlightPage<T>[],
  page: number,
  count: number,
  request: RequestLabel
): Promise<void> {
  for (const entry of later) {
    if (entry.showedItems !== true) continue
    const items = await entry.items
    if (items.length === 0) continue
    throw new SchemaError(request, [
      `page ${page} ended the list with ${count} items, but page ${entry.page} holds ${items.length}: the list changed while it was read, or its pages overlap; run the step again`
    ])
  }
}

function speculativeCount<T>(inFlight: readonly InFlightPage<T>[]): number {
  return inFlight.filter(entry => entry.speculative).length
}

interface InFlightPage<T> {
  readonly page: number
  readonly items: Promise<readonly T[]>
  /** Asked for on a budget slot before the list was known to reach it. */
  speculative: boolean
  /** Asked for because the expected count covers it. */
  readonly covered: boolean
  /** Set once the page is back: whether it is the last one. */
  endsList?: boolean
  /** Dropped unread: sized before the first page showed a capped page size. */
  dropped?: boolean
  /** Back with items, or its body has shown it holds some (`onItems`). */
  showedItems?: boolean
}

function isLastPage<T>(
  items: readonly T[],
  pageSize: number,
  options: PageNumberOptions<T>
): boolean {
  if (items.length === 0) return true
  return options.endOn === 'short-page' && items.length < pageSize
}

/** A short first page that may be the server's page-size cap rather than the end of the list. */
function mayBeCapped<T>(items: readonly T[], options: PageNumberOptions<T>): boolean {
  return (
    options.capCheck !== undefined &&
    options.endOn === 'short-page' &&
    items.length >= options.capCheck.minPageSize &&
    items.length < options.pageSize
  )
}

function guardRepeat<T>(
  items: readonly T[],
  seen: Set<string | number>,
  page: number,
  options: PageNumberOptions<T>
): void {
  let fresh = 0
  for (const item of items) {
    const key = options.key(item)
    if (!seen.has(key)) fresh++
    seen.add(key)
  }
  if (fresh === 0) {
    throw new PaginationError(
      options.request,
      `page ${page} repeated the items of an earlier page (the server seems to ignore "page")`
    )
  }
}

export interface CursorPage<T> {
  readonly items: readonly T[]
  readonly next?: string
  readonly hasMore?: boolean
}

export interface CursorOptions {
  readonly maxPages: number
  readonly request: RequestLabel
}

/** Cursor pagination: follows `next` until the server says there is no more, guarding loops. */
export async function* cursorPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
  options: CursorOptions
): AsyncGenerator<readonly T[]> {
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; ; page++) {
    if (page >= options.maxPages) {
      throw new PaginationError(options.request, `more than ${options.maxPages} pages`)
    }
    const { items, next, hasMore } = await fetchPage(cursor)
    if (items.length > 0) yield items
    if (hasMore === true && (next === undefined || next === '')) {
      // Stopping here would pass a partial list off as the whole one (a license gate would miss
      // violations): fail instead.
      throw new SchemaError(options.request, [
        'cursor: expected the cursor of the next page, as hasMore is true (got none)'
      ])
    }
    const ended =
      hasMore === false ||
      next === undefined ||
      next === '' ||
      (hasMore === undefined && items.length === 0)
    if (ended) return
    if (seen.has(next)) {
      throw new PaginationError(
        options.request,
        `the server returned cursor "${next.slice(0, 40)}" twice`
      )
    }
    seen.add(next)
    cursor = next
  }
}
