/**
 * An error the user can fix: an input, the ignore file, the deployment or repository named, the
 * token, a scan that is missing, what the API answered. `main` reports one by its message alone;
 * any other error is a bug and is reported as one ("failed unexpectedly"). As codeql-action's
 * ConfigurationError: one base class, so no list of error classes has to be kept by hand.
 */
export class UserError extends Error {
  override readonly name: string = 'UserError'
}

/**
 * The one "no verdict" path: the action could not prove what it would judge (which scan, which
 * findings, which policy modes), so it gives no verdict instead of a green one. Stages throw this;
 * `main` turns it into `result=skipped` and one `::error` line, or a warning when the input named
 * in `softenedBy` is `warn`.
 */
export type NoVerdictSoftener = 'on-missing-scan' | 'on-api-error'

export class NoVerdictError extends UserError {
  override readonly name = 'NoVerdictError'
  constructor(
    message: string,
    /** The input whose `warn` turns this into a warning: a missing scan, or an API that erred. */
    readonly softenedBy: NoVerdictSoftener
  ) {
    super(message)
  }
}
