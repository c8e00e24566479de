/**
 * Fitting a Markdown document into a byte budget by dropping whole list items (table rows,
 * bullet items) from the end of the largest lists, with a note saying how many were left out.
 *
 * The job summary is capped at 1 MiB by the runner and a PR comment at 65,536 characters; a run
 * with tens of thousands of findings must still produce a valid document rather than an error
 * (dependency-review-action's oversized summaries used to abort jobs).
 */
import { formatCount } from './escape.js'
import { truncateUtf8, utf8Length } from '../text/plain.js'

/** A part of the document: fixed `head` and `tail`, and items that may be dropped from the end. */
export interface Section {
  readonly head: string
  /** Each item is a whole line (or lines) ending with `\n`; an item is never cut. */
  readonly items: readonly string[]
  readonly tail: string
  /**
   * The note put after the kept items when `dropped` items were left out. Without it the items
   * are fixed. It must not grow as `dropped` shrinks (true of a note that prints the count).
   */
  readonly truncationNote?: (dropped: number) => string
  /** Items left out before rendering (beyond a row cap): always counted as dropped. */
  readonly hidden?: number
}

/** Sections are separated by one blank line. */
const SEPARATOR = '\n'

export function textSection(text: string): Section {
  return { head: text, items: [], tail: '' }
}

function renderSection(section: Section, kept: number): string {
  const dropped = section.items.length - kept + (section.hidden ?? 0)
  const note = dropped > 0 && section.truncationNote ? section.truncationNote(dropped) : ''
  return section.head + section.items.slice(0, kept).join('') + note + section.tail
}

/** A section with every item kept, given its items already joined. */
function renderJoined(section: Section, items: string): string {
  const hidden = section.hidden ?? 0
  const note = hidden > 0 && section.truncationNote ? section.truncationNote(hidden) : ''
  return section.head + items + note + section.tail
}

function render(sections: readonly Section[], kept: readonly number[]): string {
  return sections.map((s, i) => renderSection(s, kept[i] ?? s.items.length)).join(SEPARATOR)
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

/**
 * Renders the sections in at most `maxBytes` UTF-8 bytes. Items are dropped one at a time from
 * the end of whichever truncatable section is largest at that moment, so one huge table shrinks
 * first and small ones keep their rows. Sizes are tracked arithmetically, so 30,000 rows cost
 * one pass, not one render per dropped row.
 */
export function fitSections(sections: readonly Section[], maxBytes: number): string {
  // The note of a section is reserved at its largest (all items dropped) the first time the
  // section loses an item, so the real note, printed with a smaller count, always fits.
  const noteReserve = sections.map(s =>
    s.truncationNote ? utf8Length(s.truncationNote(s.items.length + (s.hidden ?? 0))) : 0
  )
  const hasHidden = (s: Section): boolean => (s.hidden ?? 0) > 0
  const fixed =
    sum(sections.map(s => utf8Length(s.head) + utf8Length(s.tail))) +
    sum(sections.map((s, i) => (hasHidden(s) ? (noteReserve[i] ?? 0) : 0))) +
    SEPARATOR.length * Math.max(0, sections.length - 1)

  // Usually everything fits: then one size per section is enough, not one per item. (Items end
  // with a line feed, so the size of the joined items is the sum of their sizes.)
  const joined = sections.map(s => s.items.join(''))
  if (fixed + sum(joined.map(utf8Length)) <= maxBytes) {
    const whole = sections.map((s, i) => renderJoined(s, joined[i] ?? '')).join(SEPARATOR)
    return utf8Length(whole) <= maxBytes ? whole : hardCut(whole, maxBytes)
  }

  const rowBytes = sections.map(s => s.items.map(utf8Length))
  const keptBytes = rowBytes.map(sum)
  const kept = sections.map(s => s.items.length)
  let total = fixed + sum(keptBytes)

  while (total > maxBytes) {
    const victim = largestTruncatable(sections, kept, keptBytes)
    if (victim < 0) break
    const section = sections[victim]
    if (kept[victim] === section.items.length && !hasHidden(section))
      total += noteReserve[victim] ?? 0
    const index = (kept[victim] ?? 0) - 1
    const bytes = rowBytes[victim]?.[index] ?? 0
    kept[victim] = index
    keptBytes[victim] = (keptBytes[victim] ?? 0) - bytes
    total -= bytes
  }

  const markdown = render(sections, kept)
  return utf8Length(markdown) <= maxBytes ? markdown : hardCut(markdown, maxBytes)
}

function largestTruncatable(
  sections: readonly Section[],
  kept: readonly number[],
  keptBytes: readonly number[]
): number {
  let best = -1
  sections.forEach((section, i) => {
    if (!section.truncationNote || (kept[i] ?? 0) === 0) return
    if (best < 0 || (keptBytes[i] ?? 0) > (keptBytes[best] ?? 0)) best = i
  })
  return best
}

/**
 * Last resort, when even the fixed parts do not fit (a tiny budget): keep whole lines up to the
 * budget and say so. Below the size of the note itself, cut at a character boundary.
 */
function hardCut(markdown: string, maxBytes: number): string {
  const note = `\n_Truncated: the report exceeded ${formatCount(maxBytes)} bytes._\n`
  const budget = maxBytes - utf8Length(note)
  if (budget <= 0) return truncateUtf8(markdown, maxBytes)
  const prefix = truncateUtf8(markdown, budget)
  const lastLine = prefix.lastIndexOf('\n')
  return (lastLine >= 0 ? prefix.slice(0, lastLine + 1) : prefix) + note
}
