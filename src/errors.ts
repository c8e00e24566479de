/**
 * The one "no verdict" path: the action could not prove what it would judge (which scan, which
 * findings, which policy modes), so it gives no verdict instead of a green one. Stages throw this;
 * `main` turns it into `result=skipped` and one `::error` line, or a warning when the input named
 * in `softenedBy` is `warn`.
 */
export type NoVerdictSoftener = 'on-missing-scan' | 'on-api-error'

export class NoVerdictError extends Error {
  override readonly name = 'NoVerdictError'
  constructor(
    message: string,
    /** The input whose `warn` turns this into a warning: a missing scan, or an API that erred. */
    readonly softenedBy: NoVerdictSoftener
  ) {
    super(message)
  }
}
