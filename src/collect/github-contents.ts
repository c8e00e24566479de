/**
 * Reading one file of a GitHub repository at a commit or ref, through the contents API: the
 * ignore file and the config file at a pull request's (or a merge queue's) base, and a config file
 * kept in another repository. Also where that base is, and a workspace path's place in the
 * repository.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { errorText } from '../text/error-text.js'
import type { RunContext } from '../inputs/index.js'

export interface PullRequestBase {
  readonly owner: string
  readonly repo: string
  readonly sha: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * The base commit and repository from the event: `pull_request.base`, or on `merge_group` its
 * `base_sha` in the repository the queue belongs to. The base repository is the one running.
 */
export function changeBase(ctx: RunContext): PullRequestBase | undefined {
  const payload = isRecord(ctx.eventPayload) ? ctx.eventPayload : {}
  const { sha, repo } = ctx.eventName === 'merge_group' ? mergeGroupBase(payload) : prBase(payload)
  const fullName = typeof repo === 'string' ? repo : ctx.env.GITHUB_REPOSITORY
  const [owner, name, ...rest] = (fullName ?? '').split('/')
  if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/i.test(sha)) return undefined
  if (!owner || !name || rest.length > 0) return undefined
  return { owner, repo: name, sha }
}

function prBase(payload: Record<string, unknown>): { sha: unknown; repo: unknown } {
  const base = isRecord(payload.pull_request) ? payload.pull_request.base : undefined
  if (!isRecord(base)) return { sha: undefined, repo: undefined }
  return { sha: base.sha, repo: isRecord(base.repo) ? base.repo.full_name : undefined }
}

function mergeGroupBase(payload: Record<string, unknown>): { sha: unknown; repo: unknown } {
  const group = payload.merge_group
  return {
    sha: isRecord(group) ? group.base_sha : undefined,
    repo: isRecord(payload.repository) ? payload.repository.full_name : undefined
  }
}

/**
 * A workspace file's path in the repository (the workspace is the checkout), or undefined when
 * it is outside the workspace.
 */
export function repositoryPath(file: string, ctx: RunContext): string | undefined {
  const root = resolve(ctx.env.GITHUB_WORKSPACE ?? process.cwd())
  const inside = relative(root, resolve(root, file))
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    return undefined
  }
  return inside.split(sep).join('/')
}

export interface ContentsRequest {
  readonly owner: string
  readonly repo: string
  readonly path: string
  /** A commit sha, branch or tag. */
  readonly ref: string
  readonly token: string
  readonly apiUrl: string
  readonly timeoutMs: number
}

/** GitHub did not give the file: `status` when it answered, `detail` for the message. */
export class ContentsError extends Error {
  override readonly name = 'ContentsError'
  constructor(
    /** `GET /repos/{owner}/{repo}/contents/{path}`, for the message. */
    readonly route: string,
    readonly detail: string,
    readonly status?: number
  ) {
    super(`GET ${route}: ${detail}`)
  }
}

function httpStatus(error: unknown): number | undefined {
  return isRecord(error) && typeof error.status === 'number' ? error.status : undefined
}

/**
 * The raw text of the file at the ref; undefined when GitHub answers 404 (no such file, ref or
 * repository, or one the token cannot see).
 * @throws ContentsError for any other answer or failure.
 */
export async function readRepositoryFile(request: ContentsRequest): Promise<string | undefined> {
  const { owner, repo, path } = request
  const route = `/repos/${owner}/${repo}/contents/${path}`
  const encoded = `/repos/{owner}/{repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}`
  // Loaded only here: the GitHub client is the heaviest part of the bundle.
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(request.token, { baseUrl: request.apiUrl })
  let data: unknown
  try {
    const response = await octokit.request(`GET ${encoded}`, {
      owner,
      repo,
      ref: request.ref,
      headers: { accept: 'application/vnd.github.raw+json' },
      request: { signal: AbortSignal.timeout(request.timeoutMs) }
    })
    data = response.data
  } catch (error) {
    const status = httpStatus(error)
    if (status === 404) return undefined
    throw new ContentsError(
      route,
      status === undefined ? errorText(error) : `HTTP ${status}`,
      status
    )
  }
  const text = rawText(data)
  if (text === undefined) throw new ContentsError(route, 'the answer is not the text of a file')
  return text
}

/** The raw media type gives text (or bytes, by content type); a JSON answer carries base64. */
function rawText(data: unknown): string | undefined {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer) return new TextDecoder('utf-8', { fatal: false }).decode(data)
  if (isRecord(data) && data.encoding === 'base64' && typeof data.content === 'string') {
    return Buffer.from(data.content, 'base64').toString('utf8')
  }
  return undefined
}
