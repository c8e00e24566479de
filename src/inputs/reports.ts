/** The report inputs: where the verdict is shown (summary, annotations, files, PR comment). */
import { resolve } from 'node:path'
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
    maxAnnotations: parsed(integerFrom(0, 1000)).prefault('25'),
    sarifFile: parsed(parsePath).optional(),
    sarifCategory: parsed(parseSarifCategory).optional(),
    reportFile: parsed(parsePath).optional(),
    commentOnPr: parsed(oneOf(['always', 'on-failure', 'never'])).prefault('never'),
    githubToken: parsed(parseToken).optional()
  }
}

/** The inputs that name files a run writes, and their config fields. */
export const WRITTEN_FILES = {
  'report-file': 'reportFile',
  'sarif-file': 'sarifFile',
  'sbom-file': 'sbomFile'
} as const

/** A file a run writes, by the input (or command flag) that names it. */
export interface NamedFile {
  readonly name: string
  readonly path: string | undefined
}

/**
 * One line per file whose path an earlier one already names (`./out/r.json` is `out/r.json`):
 * the last report written would replace the other, and a step reading one would get the other.
 */
export function sameFileProblems(
  files: readonly NamedFile[]
): { readonly name: string; readonly message: string }[] {
  const seen: { name: string; path: string; resolved: string }[] = []
  const problems: { name: string; message: string }[] = []
  for (const { name, path } of files) {
    if (path === undefined) continue
    const resolved = resolve(path)
    const earlier = seen.find(each => each.resolved === resolved)
    if (earlier === undefined) seen.push({ name, path, resolved })
    else {
      problems.push({
        name,
        message: `is the same file as ${earlier.name} (${earlier.path}): give each report its own file, or the last one written replaces the other`
      })
    }
  }
  return problems
}
