/**
 * Bounding and cleaning of untrusted plain text, for every place that shows server text: the
 * gate's messages, the log and the reporters (which escape on top of this, see report/escape.ts).
 */

/** A paragraph or a quoted value in a message: enough to read, bounded against 1 MB messages. */
export const PARAGRAPH_CHARS = 1_000

const ELLIPSIS = '…'

/**
 * Cuts `text` to at most `maxChars` code points, ending with `…` when cut. Counting code points
 * (not UTF-16 units) means a surrogate pair is never split into a lone half.
 */
export function truncate(text: string, maxChars: number): string {
  if (maxChars <= 0) return ''
  // Fast path: the UTF-16 length is an upper bound of the code-point count.
  if (text.length <= maxChars) return text
  // A window of 2 × maxChars UTF-16 units holds at least maxChars code points, so looking at it
  // alone is enough, which keeps a 1 MB message cheap to cut.
  const window = text.slice(0, maxChars * 2)
  const points = Array.from(window)
  if (window.length === text.length && points.length <= maxChars) return text
  return points.slice(0, maxChars - 1).join('') + ELLIPSIS
}

/** UTF-8 size of a string. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/**
 * The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes, never ending in the middle of
 * a multi-byte character (iterating code points keeps surrogate pairs whole).
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text
  let bytes = 0
  let end = 0
  for (const ch of text) {
    const size = utf8Length(ch)
    if (bytes + size > maxBytes) break
    bytes += size
    end += ch.length
  }
  return text.slice(0, end)
}

/**
 * C0 and C1 control characters other than tab and line feed, plus the bidi overrides that can
 * make a path or a rule name read differently from what it is ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** Normalises line breaks to `\n` (Unicode line/paragraph separators too) and drops control characters. */
export function stripControl(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(CONTROL, '')
}

/**
 * What oneLine would change (control characters, line breaks, whitespace other than a single
 * space, leading or trailing spaces): text without any is returned as it is, without the four
 * passes over it.
 */
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[^\S ]|[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]| {2}|^ | $/

/** One line: every run of whitespace, line breaks included, becomes one space. */
export function oneLine(text: string): string {
  if (!NOT_ONE_LINE.test(text)) return text
  return stripControl(text).replace(/\s+/g, ' ').trim()
}
