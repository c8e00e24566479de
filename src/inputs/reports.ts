/** The report inputs: where the verdict is shown (summary, annotations, files, PR comment). */
import { InputValueError } from './errors.js'
import {
  integerFrom,
  oneOf,
  parseBoolean,
  parsePath,
  parsePlainText,
  parseToken
} from './parsers.js'
import { parsed } from './parsed-field.js'

/** The longest sarif-category accepted: a name, not a document. */
export const MAX_SARIF_CATEGORY = 200

/**
 * A code-scanning category, as upload-sarif's `category` takes one: the SARIF run's
 * `automationDetails.id` is `<category>/`, which GitHub uses in its place.
 */
export function parseSarifCategory(raw: string): string {
  const category = parsePlainText(raw)
  if (category.length > MAX_SARIF_CATEGORY || category.replace(/\/+$/, '').trim() === '') {
    throw new InputValueError(
      `must be 1 to ${MAX_SARIF_CATEGORY} characters, not only slashes, e.g. findings-gate/web`,
      raw
    )
  }
  return category
}

export function reportsFields() {
  return {
    summary: parsed(parseBoolean).prefault('true'),
    annotations: parsed(parseBoolean).prefault('true'),
    maxAnnotations: parsed(integerFrom(0, 1000)).prefault('25'),
    sarifFile: parsed(parsePath).optional(),
    sarifCategory: parsed(parseSarifCategory).optional(),
    reportFile: parsed(parsePath).optional(),
    commentOnPr: parsed(oneOf(['always', 'on-failure', 'never'])).prefault('never'),
    githubToken: parsed(parseToken).optional()
  }
}
