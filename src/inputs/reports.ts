/** The report inputs: where the verdict is shown (summary, annotations, files, PR comment). */
import { integerFrom, oneOf, parseBoolean, parsePath, parseToken } from './parsers.js'
import { parsed } from './parsed-field.js'

export function reportsFields() {
  return {
    summary: parsed(parseBoolean).prefault('true'),
    annotations: parsed(parseBoolean).prefault('true'),
    maxAnnotations: parsed(integerFrom(0, 1000)).prefault('50'),
    sarifFile: parsed(parsePath).optional(),
    reportFile: parsed(parsePath).optional(),
    commentOnPr: parsed(oneOf(['always', 'on-failure', 'never'])).prefault('never'),
    githubToken: parsed(parseToken).optional()
  }
}
