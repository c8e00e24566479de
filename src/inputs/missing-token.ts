/**
 * Runs that GitHub gives no `api-token`: a fork's pull request gets no secrets, and a pull request
 * Dependabot opened gets Dependabot's secrets, not the repository's Actions secrets. Such a run
 * cannot check anything, so it gives no verdict; `on-missing-token: warn` turns exactly these
 * runs into a warning, as `on-missing-scan: warn` and `on-api-error: warn` do for their causes. Anywhere else an empty token is an input error.
 */
import { ConfigError, valueErrors } from './errors.js'
import type { InputReader } from './index.js'
import { oneOf } from './parsers.js'
import type { RunContext } from './run-context.js'

export type TokenlessRun = 'fork' | 'dependabot'

/** Events that run a pull request's own code, with a fork's (or Dependabot's) secrets. */
const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment'
])

const DEPENDABOT = 'dependabot[bot]'

export const ON_MISSING_TOKEN_VALUES = ['fail', 'warn'] as const
export type OnMissingToken = (typeof ON_MISSING_TOKEN_VALUES)[number]

/** Why this run has no token to be expected, or undefined when it should have one. */
export function tokenlessRun(ctx: RunContext): TokenlessRun | undefined {
  if (actor(ctx) === DEPENDABOT) return 'dependabot'
  if (!PULL_REQUEST_EVENTS.has(ctx.eventName ?? '')) return undefined
  const pr = record(record(ctx.eventPayload)?.pull_request)
  const head = record(record(pr?.head)?.repo)?.full_name
  const base = record(record(pr?.base)?.repo)?.full_name
  return typeof head === 'string' && typeof base === 'string' && head !== base ? 'fork' : undefined
}

/** `on-missing-token`, read on its own: the rest of the inputs need the token. */
export function readOnMissingToken(read: InputReader): OnMissingToken {
  const raw = read('on-missing-token').trim()
  if (raw === '') return 'fail'
  try {
    return oneOf(ON_MISSING_TOKEN_VALUES)(raw)
  } catch (error) {
    throw new ConfigError(valueErrors(error).map(each => `on-missing-token: ${each.message}`))
  }
}

/** The one line such a run ends with: why there is no verdict, and how to gate these runs. */
export function tokenlessMessage(run: TokenlessRun, onMissingToken: OnMissingToken): string {
  const what =
    run === 'fork'
      ? "No api-token: this pull request comes from a fork, and GitHub gives a fork's pull request no secrets. To gate forks, run the gate on pull_request_target as docs/forks-and-dependabot.md shows (it checks out nothing of the fork)"
      : "No api-token: Dependabot opened this pull request, and its runs get Dependabot's secrets, not the repository's Actions secrets. Add the token under Settings > Secrets and variables > Dependabot"
  return onMissingToken === 'warn'
    ? `${what}. on-missing-token is warn: the gate was skipped and the step passes.`
    : `No verdict. ${what}; or set on-missing-token: warn to let these runs pass unchecked.`
}

function actor(ctx: RunContext): string | undefined {
  const sender = record(record(ctx.eventPayload)?.sender)?.login
  return ctx.env.GITHUB_ACTOR ?? (typeof sender === 'string' ? sender : undefined)
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined
}
