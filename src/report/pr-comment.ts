/**
 * One pull-request comment per PR, found again by a hidden marker and edited in place, so a PR
 * pushed twenty times has one comment, not twenty.
 *
 * The marker alone proves nothing: anyone who can comment can write it, and a token with write
 * access can edit other people's comments. So only a comment written by the token's own identity
 * is ours; a marked comment by anyone else is left alone and a new comment is created.
 *
 * A 403 or 404 is expected, not exceptional: on a pull request from a fork the token is read-only,
 * and a token without `pull-requests: write` cannot comment. Those become a warning and a skip;
 * the comment is a convenience and must never fail the gate.
 */
import { getOctokit } from '@actions/github'
import { COMMENT_MARKER, renderMarkdown } from './markdown.js'
import type { RunReport } from './model.js'
import type { GateResult } from '../domain.js'
import { errorText } from '../text/error-text.js'
import type { Runner } from '../runner/runner.js'

/** GitHub rejects issue comments longer than this many characters. */
export const COMMENT_MAX_CHARS = 65_536

export type CommentMode = 'always' | 'on-failure' | 'never'

export interface PrCommentContext {
  readonly owner: string
  readonly repo: string
  /** The pull request's number; undefined outside a pull request. */
  readonly issueNumber: number | undefined
  /** REST API root: the run's `GITHUB_API_URL` (GitHub Enterprise Server), else api.github.com. */
  readonly apiUrl: string
}

export interface PrCommentRequest {
  readonly token: string
  readonly report: RunReport
  readonly mode: CommentMode
  readonly context: PrCommentContext
  /** Where a skipped comment's warning goes. */
  readonly runner: Runner
}

export interface PrCommentOutcome {
  readonly url?: string
  /** Why no comment was written. */
  readonly skipped?: string
}

export function shouldComment(mode: CommentMode, result: GateResult): boolean {
  if (mode === 'always') return true
  if (mode === 'on-failure') return result === 'failed'
  return false
}

/**
 * The comment body: the marker, then the summary. The Markdown is capped in UTF-8 bytes, which
 * are never fewer than UTF-16 units or code points, so the body is within GitHub's character
 * limit whichever way it counts.
 */
export function commentBody(report: RunReport): string {
  const prefix = `${COMMENT_MARKER}\n`
  return prefix + renderMarkdown(report, { maxBytes: COMMENT_MAX_CHARS - prefix.length })
}

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  return typeof error.status === 'number' ? error.status : undefined
}

type Octokit = ReturnType<typeof getOctokit>

/** Who comments with the job's GITHUB_TOKEN. */
export const JOB_TOKEN_LOGIN = 'github-actions[bot]'

/**
 * The login the token comments as. `GET /user` answers a personal token; an installation token,
 * such as the job's GITHUB_TOKEN, gets 403 "Resource not accessible by integration" there, and
 * comments as github-actions[bot].
 */
async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated()
    return data.login
  } catch (error) {
    if (httpStatus(error) === 403) return JOB_TOKEN_LOGIN
    throw error
  }
}

interface ListedComment {
  readonly id: number
  readonly body?: string | null
  readonly user?: { readonly login: string } | null
}

/** Logins are case-insensitive on GitHub. */
function writtenBy(comment: ListedComment, login: string): boolean {
  return comment.user?.login.toLowerCase() === login.toLowerCase()
}

/**
 * The id of our earlier comment, reading page after page and stopping at the first match. The
 * token's identity is asked for only once a marked comment turns up (a first run needs no lookup).
 */
async function findComment(
  octokit: Octokit,
  ctx: PrCommentContext & { issueNumber: number },
  onStep: (step: string) => void
): Promise<number | undefined> {
  let login: string | undefined
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: ctx.owner,
    repo: ctx.repo,
    issue_number: ctx.issueNumber,
    per_page: 100
  })
  for await (const page of pages) {
    // startsWith, not includes: a reply quoting our comment (`> <!-- … -->`) is not ours.
    const marked = page.data.filter(c => c.body?.startsWith(COMMENT_MARKER) === true)
    if (marked.length === 0) continue
    if (login === undefined) {
      onStep('find out whose comments are ours (GET /user) for')
      login = await tokenLogin(octokit)
      onStep('list the comments of')
    }
    const ours = marked.find(c => writtenBy(c, login as string))
    if (ours) return ours.id
  }
  return undefined
}

/** Creates the PR comment, or updates the one left by an earlier run. */
export async function upsertPrComment(request: PrCommentRequest): Promise<PrCommentOutcome> {
  const { report, mode, context, runner } = request
  // on-failure still refreshes an earlier comment, so a fixed PR does not keep a stale ❌.
  const refreshOnly = !shouldComment(mode, report.status.result) && mode === 'on-failure'
  if (!shouldComment(mode, report.status.result) && !refreshOnly) {
    return { skipped: `comment-on-pr is ${mode} and the result is ${report.status.result}` }
  }
  const issueNumber = context.issueNumber
  if (issueNumber === undefined) return { skipped: 'not a pull request' }
  if (request.token === '') return { skipped: 'no github-token' }

  const octokit = getOctokit(request.token, { baseUrl: context.apiUrl })
  const target = `${context.owner}/${context.repo}#${issueNumber}`
  const body = commentBody(report)
  let step = 'list the comments of'
  try {
    const existing = await findComment(octokit, { ...context, issueNumber }, next => (step = next))
    if (existing !== undefined) {
      step = 'update the comment on'
      const { data } = await octokit.rest.issues.updateComment({
        owner: context.owner,
        repo: context.repo,
        comment_id: existing,
        body
      })
      return { url: data.html_url }
    }
    if (refreshOnly) {
      return {
        skipped: `comment-on-pr is ${mode}, the result is ${report.status.result} and there is no earlier comment`
      }
    }
    step = 'create a comment on'
    const { data } = await octokit.rest.issues.createComment({
      owner: context.owner,
      repo: context.repo,
      issue_number: issueNumber,
      body
    })
    return { url: data.html_url }
  } catch (error) {
    const status = httpStatus(error)
    if (status === 403 || status === 404) {
      const reason =
        `could not ${step} ${target} (HTTP ${status}): the token may be read-only (pull request from a fork) ` +
        'or lack pull-requests: write'
      runner.warning(`PR comment skipped: ${reason}.`)
      return { skipped: reason }
    }
    throw new Error(
      `Could not ${step} pull request ${target}${status === undefined ? '' : ` (HTTP ${status})`}: ${errorText(error)}`,
      { cause: error }
    )
  }
}
