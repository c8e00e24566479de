/**
 * The run besides its inputs: the clock, the environment and the triggering event, and what the
 * `${{ github.* }}` defaults of `action.yml` derive from them (repository, ref, commit). Those
 * defaults are not expanded outside a runner, so the code derives them itself, and derives them
 * the way the scanner records them, so the findings queried are those of this run's scan.
 */
import { readFileSync } from 'node:fs'

/** What the run knows besides its inputs; injected so tests control time, env and event. */
export interface RunContext {
  now: Date
  env: NodeJS.ProcessEnv
  eventName?: string
  eventPayload?: unknown
  /**
   * Set by the command in another CI (GitLab, a shell), where scanners record branches bare
   * (`main`). Absent: the run is on GitHub Actions, where a push to the repository records
   * `refs/heads/<branch>` and a bare name is a pull request's head branch, a fork's too.
   */
  outsideGitHub?: boolean
  /**
   * Set outside GitHub when the workspace is a change's own tree that no base can be read for
   * (a GitLab merge-request pipeline): names it for messages. Files there could loosen the
   * policy the change is judged by, so the workspace ignore and config files are refused.
   */
  changeTree?: string
}

/** The context of a real run: the clock, `process.env` and the event that triggered the workflow. */
export function defaultRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  return {
    now: new Date(),
    env,
    eventName: nonEmpty(env.GITHUB_EVENT_NAME),
    eventPayload: readEventPayload(env.GITHUB_EVENT_PATH)
  }
}

/** Undefined when there is no readable JSON event file: the payload only refines a default. */
function readEventPayload(path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

/** The `owner/name` the workflow runs in (`${{ github.repository }}`). */
export function contextRepository(ctx: RunContext): string | undefined {
  return nonEmpty(ctx.env.GITHUB_REPOSITORY)
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target'])

/**
 * The ref the scanner records for this event (semgrep's `GithubMeta.branch`), so the findings
 * queried are those of this run's scan: `pull_request` → `refs/pull/<n>/merge` (GITHUB_REF);
 * `pull_request_target` → GITHUB_HEAD_REF, the head branch name, bare (`feature/login`), never the
 * base branch that GITHUB_REF names there; anything else → GITHUB_REF.
 */
export function contextRef(ctx: RunContext): string | undefined {
  if (ctx.eventName === 'pull_request_target') {
    return nonEmpty(ctx.env.GITHUB_HEAD_REF) ?? pullRequestHeadRef(ctx.eventPayload)
  }
  const number = PULL_REQUEST_EVENTS.has(ctx.eventName ?? '')
    ? pullRequestNumber(ctx.eventPayload)
    : undefined
  return number === undefined ? nonEmpty(ctx.env.GITHUB_REF) : `refs/pull/${number}/merge`
}

/** Why `ref` is required when {@link contextRef} found none: the fix differs by event. */
export function missingRefProblem(ctx: RunContext): string {
  return ctx.eventName === 'pull_request_target'
    ? "is required on pull_request_target (the scanner records the pull request's head branch, GITHUB_HEAD_REF, which is not set; set ref)"
    : 'is required (set it, or run on GitHub Actions where GITHUB_REF is set)'
}

/**
 * The commit the scanner records: on pull requests the head commit (GITHUB_SHA is the merge
 * commit there, or the base branch's head on pull_request_target), else GITHUB_SHA.
 */
export function contextCommit(ctx: RunContext): string | undefined {
  if (PULL_REQUEST_EVENTS.has(ctx.eventName ?? '') && isRecord(ctx.eventPayload)) {
    const pr = ctx.eventPayload.pull_request
    const head = isRecord(pr) && isRecord(pr.head) ? pr.head.sha : undefined
    if (typeof head === 'string' && head.trim() !== '') return head.trim()
  }
  return nonEmpty(ctx.env.GITHUB_SHA)
}

function pullRequestNumber(payload: unknown): number | undefined {
  if (!isRecord(payload)) return undefined
  const candidates = [
    isRecord(payload.pull_request) ? payload.pull_request.number : undefined,
    payload.number
  ]
  return candidates.find(
    (value): value is number => Number.isSafeInteger(value) && Number(value) > 0
  )
}

function pullRequestHeadRef(payload: unknown): string | undefined {
  if (!isRecord(payload) || !isRecord(payload.pull_request)) return undefined
  const head = payload.pull_request.head
  return isRecord(head) && typeof head.ref === 'string' ? nonEmpty(head.ref) : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Blank counts as unset: the runner sets some variables (GITHUB_HEAD_REF) empty, not absent. */
function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}
