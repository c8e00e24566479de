/** The pull request behind a run, for the stages that act on it: is it a fork, where to comment. */
import type { RunContext } from './run-context.js'

interface PullRequestPayload {
  readonly number?: unknown
  readonly pull_request?: {
    readonly number?: unknown
    readonly head?: { readonly repo?: { readonly full_name?: unknown } | null }
    readonly base?: { readonly repo?: { readonly full_name?: unknown } | null }
  }
}

function payloadOf(ctx: RunContext): PullRequestPayload | undefined {
  const payload = ctx.eventPayload
  return payload && typeof payload === 'object' ? payload : undefined
}

export interface PullRequestTarget {
  readonly owner: string
  readonly repo: string
  readonly issueNumber: number
  readonly apiUrl: string
}

/** Where the PR comment goes, or undefined outside a pull request. */
export function pullRequestTarget(ctx: RunContext): PullRequestTarget | undefined {
  const payload = payloadOf(ctx)
  const number = payload?.pull_request?.number ?? payload?.number
  const [owner, repo] = (ctx.env.GITHUB_REPOSITORY ?? '').split('/')
  if (typeof number !== 'number' || !owner || !repo) return undefined
  return {
    owner,
    repo,
    issueNumber: number,
    apiUrl: ctx.env.GITHUB_API_URL ?? 'https://api.github.com'
  }
}

/**
 * Events whose workspace is the pull request's tree: on them a file a pull request could change
 * (the ignore file) is read at the pull request's base instead.
 */
const BASE_READ_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment'
])

/** True when the ignore file must be read at the pull request's base, not in the workspace. */
export function readsIgnoreFileAtBase(eventName: string | undefined): boolean {
  return BASE_READ_EVENTS.has(eventName ?? '')
}

/** What to use instead of a workspace policy file in a change's own tree. */
const POLICY_ELSEWHERE =
  "name the policy in config-file as OWNER/REPO/PATH@REF (read through the GitHub contents API at that ref, with config-token), or run the gate on the target branch's pipelines"

/**
 * The problem with reading `input` (ignore-file, config-file) from the workspace when the
 * workspace is a change's own tree ({@link RunContext.changeTree}); undefined elsewhere.
 */
export function changeTreeProblem(
  ctx: RunContext,
  input: 'ignore-file' | 'config-file'
): string | undefined {
  if (ctx.changeTree === undefined) return undefined
  const could =
    input === 'ignore-file' ? 'could exempt its own findings' : 'could soften its own gate'
  return `cannot be read in ${ctx.changeTree}: the checkout is the merge request's own tree, so it ${could}; ${POLICY_ELSEWHERE}`
}
