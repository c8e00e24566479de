/**
 * Escaping and bounding of untrusted text for the reporters.
 *
 * Everything that comes from the findings API (rule names and messages, paths, package names,
 * tags, ticket errors) or from the user's ignore file is hostile: it may hold Markdown or HTML
 * that would restyle the summary, `@mentions` that would notify people from a PR comment,
 * workflow-command syntax (`::error::`) or newlines meant to forge log commands, and it may be
 * huge (rule messages of 1 MB have been seen). Each helper here bounds first, then escapes, so
 * the escaped output is bounded too (at most a small constant factor larger).
 */
import { oneLine, PARAGRAPH_CHARS, stripControl, truncate } from '../text/plain.js'

/** Default bounds, in characters (code points), before escaping. */
export const LIMITS = {
  /** A table cell: enough for a rule name or a path, short enough to keep a row on one line. */
  cell: 300,
  /** A rule message shown in a table. */
  cellMessage: 200,
  /** A paragraph or list item. */
  text: PARAGRAPH_CHARS,
  /** An annotation title (shown on one line). */
  annotationTitle: 255,
  /** An annotation message. */
  annotationMessage: 4_000,
  /** A path in an annotation property. */
  annotationFile: 1_000
} as const

/**
 * Whatever any replacement of escapeMarkdownLine would change (a superset: a leading digit may
 * not start an ordered-list marker).
 */
const NEEDS_ESCAPING = /[\\`*_[\]|~:&<>"@]|www\.|^[\d#+\-=]/i

/**
 * Markdown-escapes one line of text for GitHub-flavoured Markdown.
 *
 * - `&`, `<`, `>`, `"` become entities, so no HTML tag, comment or entity from the data survives.
 * - The punctuation that has inline meaning is backslash-escaped (CommonMark allows escaping any
 *   ASCII punctuation): emphasis `*` `_`, code `` ` ``, links `[` `]`, tables `|`,
 *   strike-through `~`, and `:` (and the dot of `www.`) so that neither `https://…` nor
 *   `www.…` autolinks (phishing links from a rule message) nor `:emoji:` nor `::command::`
 *   are recognised.
 * - A leading block marker (`#`, `-`, `+`, `=`, `1.`) is escaped, so the text cannot turn the
 *   list item or paragraph it is put in into a heading or a nested list.
 * - `@` is followed by a zero-width space, so `@user` and `@org/team` mention nobody (the same
 *   trick Renovate uses in its PR bodies).
 */
function escapeMarkdownLine(line: string): string {
  // Most rule names and many messages have nothing to escape: one test instead of nine passes.
  if (!NEEDS_ESCAPING.test(line)) return line
  return line
    .replace(/[\\`*_[\]|~:]/g, ch => `\\${ch}`)
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/^(\d+)([.)])/, '$1\\$2')
    .replace(/^([#+\-=])/, '\\$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/@/g, '@&#8203;')
}

/** Escapes untrusted text for a Markdown paragraph or list item, on one line, bounded. */
export function escapeMarkdown(text: string, maxChars: number = LIMITS.text): string {
  // Bound before anything else: a 1 MB message must not be scanned by every regex below.
  return escapeMarkdownLine(oneLine(truncate(text, maxChars)))
}

/**
 * Escapes untrusted text for a GFM table cell: one line (a line break would end the row) and the
 * `|` escaped (done by escapeMarkdownLine), bounded. An empty value becomes `—` so the
 * column stays visible.
 */
export function escapeCell(text: string, maxChars: number = LIMITS.cell): string {
  const escaped = escapeMarkdown(text, maxChars)
  return escaped === '' ? '—' : escaped
}

/**
 * Escaped text shown as code. A Markdown code span cannot hold an arbitrary string (backticks
 * inside it cannot be escaped), so this uses `<code>` with escaped content instead; Markdown
 * inside inline HTML is still parsed, which the escaping neutralises.
 */
export function code(text: string, maxChars: number = LIMITS.cell): string {
  const escaped = escapeMarkdown(text, maxChars)
  return escaped === '' ? '—' : `<code>${escaped}</code>`
}

/**
 * A URL safe to put in a Markdown link destination, or undefined. Only http(s) URLs pass (no
 * `javascript:` or `data:`), and the characters that could end the destination or the table
 * cell are percent-encoded.
 */
export function safeUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.length > 4_096) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  return url.href.replace(
    /[()|<>\s"'`\\]/g,
    ch => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
  )
}

/** `[label](url)` when the URL is safe, else just the (already escaped) label. */
export function link(escapedLabel: string, rawUrl: string | undefined): string {
  const url = safeUrl(rawUrl)
  return url === undefined ? escapedLabel : `[${escapedLabel}](${url})`
}

/**
 * Text for an annotation message. @actions/core already escapes `%`, `\r` and `\n` in the
 * message (and also `:` and `,` in properties), which is what stops a newline from starting a
 * new `::command::` line; this adds the bound and drops control characters, so the message is
 * also readable. Line feeds are kept: a multi-line rule message is shown as such by GitHub.
 */
export function annotationMessage(
  text: string,
  maxChars: number = LIMITS.annotationMessage
): string {
  return stripControl(truncate(text, maxChars)).trim()
}

/** Text for an annotation property (title, file): one line, bounded. */
export function annotationProperty(
  text: string,
  maxChars: number = LIMITS.annotationTitle
): string {
  return oneLine(truncate(text, maxChars))
}

/** `12345` → `12,345`: the thousands separator reads better in notes. */
/** `60000` → `60,000`; without toLocaleString, whose first call loads locale data (~10 ms). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
