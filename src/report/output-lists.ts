/**
 * The outputs that list something (blocking-ids, ticket-urls) grow with the backlog, and GitHub
 * limits a step output to 1 MB (50 MB for all of a run's outputs): past that an output is not
 * set. Such an output holds the first entries, in the report's order, and says how many it left
 * out; the JSON report keeps every one.
 */
import { utf8Length } from '../text/plain.js'

/** The most entries a list output holds. */
export const LIST_OUTPUT_MAX_ENTRIES = 1000
/**
 * The most bytes of a list output's JSON: a quarter of GitHub's limit, so that 1,000 long URLs
 * fit and two full lists still leave room for the run's other outputs.
 */
export const LIST_OUTPUT_MAX_BYTES = 256 * 1024

export interface ListOutput {
  /** A JSON array of the first entries. */
  readonly json: string
  readonly kept: number
  /** Entries left out, beyond the limits. */
  readonly omitted: number
}

/** The first entries of `values` as a JSON array, within both limits. */
export function listOutput(values: readonly (string | number)[]): ListOutput {
  const parts: string[] = []
  let bytes = 2 // the brackets
  for (const value of values) {
    if (parts.length >= LIST_OUTPUT_MAX_ENTRIES) break
    const part = JSON.stringify(value)
    const size = utf8Length(part) + (parts.length > 0 ? 1 : 0)
    if (bytes + size > LIST_OUTPUT_MAX_BYTES) break
    parts.push(part)
    bytes += size
  }
  return { json: `[${parts.join(',')}]`, kept: parts.length, omitted: values.length - parts.length }
}
