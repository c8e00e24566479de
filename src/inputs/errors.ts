/** The two errors of the inputs layer: one bad value, and the whole list of problems of a run. */
import { UserError } from '../errors.js'
import { gotClause } from './echo.js'

/** The inputs are unusable; `problems` holds one `<input-name>: <problem>` line per mistake. */
export class ConfigError extends UserError {
  override readonly name = 'ConfigError'
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(problems.join('\n'))
    this.problems = Object.freeze([...problems])
  }
}

/**
 * One value is invalid. `problem` says what is wrong and what is allowed, without naming the input
 * (the same rule serves several inputs); `received`, when set, is the offending text, echoed back
 * escaped and shortened. Secrets are never put in `received`.
 */
export class InputValueError extends Error {
  override readonly name = 'InputValueError'
  readonly problem: string
  readonly received?: string

  constructor(problem: string, received?: string) {
    super(received === undefined ? problem : `${problem} ${gotClause(received)}`)
    this.problem = problem
    if (received !== undefined) this.received = received
  }
}

/** Unwraps our own errors (one, or an AggregateError of them); anything else is a bug: rethrown. */
export function valueErrors(error: unknown): InputValueError[] {
  const errors: unknown[] = error instanceof AggregateError ? error.errors : [error]
  if (errors.every(each => each instanceof InputValueError)) return errors
  throw error
}
