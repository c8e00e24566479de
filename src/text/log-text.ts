/**
 * Text for the job log. Log messages quote the server (SBOM task tokens, error messages, project
 * and rule names, paths), and the runner reads every line of the log for workflow commands: a
 * quoted line break followed by `::add-mask::x` or `::stop-commands::t` would be obeyed.
 * @actions/core escapes line breaks in the `::error::`/`::warning::` text it writes, but `info`
 * writes text as it is, and none of it drops ANSI escapes. So the runner implementation over
 * @actions/core puts every message through {@link logText}.
 */
import { oneLine, PARAGRAPH_CHARS, stripControl, truncate } from './plain.js'

/** The runner trims leading whitespace, then looks for `::name` or the legacy `##[name`. */
const COMMAND_START = /^\s*(?:::|##\[)/

/** Put before a line that would otherwise start a workflow command; visible, so it reads as a quote. */
export const COMMAND_QUOTE = '> '

/**
 * Text safe to write to the log: control characters (ANSI escapes, bidi overrides) dropped, every
 * line break made `\n`, and each line that would start a workflow command quoted.
 */
export function logText(text: string): string {
  return stripControl(text)
    .split('\n')
    .map(line => (COMMAND_START.test(line) ? COMMAND_QUOTE + line : line))
    .join('\n')
}

/** A server-provided value to quote inside a log message: one line, bounded. */
export function quoted(value: string, maxChars: number = PARAGRAPH_CHARS): string {
  return oneLine(truncate(value, maxChars))
}
