/**
 * Reading a whole list from a paged endpoint. Page-number lists end on an empty page, never on a
 * short one: a server that silently serves fewer items than asked for would otherwise end the list
 * after its first page and pass the rest off as read. Cursor lists end when the server says so.
 */
import { PaginationError, SchemaError, type RequestLabel } from './errors.js'

export interface PageNumberOptions<T> {
  readonly pageSize: number
  /**
   * Pages asked for at once from the start: when a count says how many items the list holds, its
   * full pages and the empty page that ends it; else at least the first page and the next one.
   */
  readonly plannedPages: number
  /** Pages asked for at once past the plan, while pages keep coming back full. */
  readonly window: number
  readonly maxPages: number
  /** Identity of an item: a page of items all seen before means the server ignores `page`. */
  readonly key: (item: T) => string | number
  readonly request: RequestLabel
  /** Each page's items, in page order, as they are read. */
  readonly onPage?: (items: readonly T[]) => void
}

export type FetchPage<T> = (page: number, signal: AbortSignal) => Promise<readonly T[]>

/** The pages a count of `items` calls for: its full pages, and the empty one after them. */
export function pagesForCount(items: number | undefined, pageSize: number): number {
  if (items === undefined) return 2
  return Math.ceil(Math.max(0, items) / pageSize) + 1
}

/** Every item of a page-number list, each once, in page order. */
export function readPageNumberList<T>(
  fetchPage: FetchPage<T>,
  options: PageNumberOptions<T>
): Promise<T[]> {
  return new PageNumberList(fetchPage, options).read()
}

/** The state of one list being read: the pages asked for, and what they held. */
class PageNumberList<T> {
  private readonly asked: Promise<readonly T[]>[] = []
  private readonly seen = new Set<string | number>()
  private readonly items: T[] = []
  /** How many items each page read held. */
  private readonly lastLength = new Map<number, number>()
  /** Cancels the pages still out once the list is read (or has failed). */
  private readonly done = new AbortController()

  constructor(
    private readonly fetchPage: FetchPage<T>,
    private readonly options: PageNumberOptions<T>
  ) {}

  async read(): Promise<T[]> {
    try {
      this.ask(Math.max(1, this.options.plannedPages))
      for (let page = 0; ; page++) {
        if (page >= this.options.maxPages) {
          const limit = `${this.options.maxPages} pages of ${this.options.pageSize}`
          throw new PaginationError(this.options.request, `more than ${limit}`)
        }
        if (page === this.asked.length) this.ask(this.nextAsk(page))
        const items = await this.asked[page]
        if (items.length === 0) {
          await this.refuseItemsPast(page)
          return this.items
        }
        this.keep(page, items)
      }
    } finally {
      this.done.abort()
    }
  }

  /**
   * Pages to ask for past the plan: after a full page, the window; after a short one (probably
   * the last), the one page that proves the end.
   */
  private nextAsk(page: number): number {
    const previous = this.lastLength.get(page - 1) ?? this.options.pageSize
    return previous < this.options.pageSize ? 1 : this.options.window
  }

  /** Asks for the next `count` pages (within maxPages) at once. */
  private ask(count: number): void {
    const end = Math.min(this.asked.length + Math.max(1, count), this.options.maxPages)
    for (let page = this.asked.length; page < end; page++) {
      const items = this.fetchPage(page, this.done.signal)
      // Awaited in order; one that fails while an earlier page is awaited is no unhandled rejection.
      items.catch(() => undefined)
      this.asked.push(items)
    }
  }

  private keep(page: number, items: readonly T[]): void {
    this.lastLength.set(page, items.length)
    let fresh = 0
    for (const item of items) {
      const key = this.options.key(item)
      if (this.seen.has(key)) continue
      this.seen.add(key)
      this.items.push(item)
      fresh++
    }
    if (fresh === 0) {
      throw new PaginationError(
        this.options.request,
        `page ${page} repeated the items of earlier pages (the server seems to ignore "page")`
      )
    }
    this.options.onPage?.(items)
  }

  /**
   * The list ended at `page`, yet a later page asked for with it holds items: the list changed
   * while it was read, or its pages overlap. Reading it as ended could leave out what moved.
   */
  private async refuseItemsPast(page: number): Promise<void> {
    for (let later = page + 1; later < this.asked.length; later++) {
      const items = await this.asked[later]
      if (items.length === 0) continue
      throw new SchemaError(this.options.request, [
        `page ${page} was empty, but page ${later} holds ${items.length} items: the list changed while it was read, or its pages overlap; run the step again`
      ])
    }
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
      // Stopping here would pass a partial list off as the whole one: fail instead.
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
