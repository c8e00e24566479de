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
 * Where a file the change under test could edit (the ignore file, the config file) is read on an
 * event whose workspace is that change: at its base commit, named by this payload field.
 */
export interface BaseRead {
  /** The event payload field that names the base commit. */
  readonly field: 'pull_request.base.sha' | 'merge_group.base_sha'
  /** The base commit, for messages: `the pull request's base commit`. */
  readonly commit: string
  /** The change under test, for messages: `a pull request`. */
  readonly change: string
  /** Whose copy in the workspace is never used, for messages: `the pull request's own`. */
  readonly own: string
}

const PULL_REQUEST_BASE: BaseRead = {
  field: 'pull_request.base.sha',
  commit: "the pull request's base commit",
  change: 'a pull request',
  own: "the pull request's own"
}

/**
 * Events whose workspace is the change under test: a pull request's tree, or the merge queue's
 * candidate (the base with the queued pull requests' changes).
 */
const BASE_READS: Readonly<Record<string, BaseRead>> = {
  pull_request: PULL_REQUEST_BASE,
  pull_request_target: PULL_REQUEST_BASE,
  pull_request_review: PULL_REQUEST_BASE,
  pull_request_review_comment: PULL_REQUEST_BASE,
  merge_group: {
    field: 'merge_group.base_sha',
    commit: "the merge queue's base commit",
    change: 'a queued pull request',
    own: "the queued pull requests' own"
  }
}

/** How files are read at the base on this event; undefined when the workspace is read. */
export function baseRead(eventName: string | undefined): BaseRead | undefined {
  return Object.hasOwn(BASE_READS, eventName ?? '') ? BASE_READS[eventName ?? ''] : undefined
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
