/**
 * Where the ignore file comes from. On a pull request the checkout is the pull request's own
 * tree, so an entry it adds there would exempt its own findings: there the file is read at the
 * pull request's base commit through the GitHub contents API, and the entries the pull request
 * adds are only reported, as proposed. Every other event reads the workspace file.
 */
import { readFile } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { ProposedIgnore } from '../domain.js'
import { errorText } from '../text/error-text.js'
import { IgnoreFileError, type IgnoreEntry } from '../gate/ignore.js'
import type { Config, RunContext } from '../inputs/index.js'
import { readsIgnoreFileAtBase } from '../inputs/pull-request.js'
import { NoVerdictError } from '../errors.js'
import type { Runner } from '../runner/runner.js'

export interface AppliedIgnores {
  /** The entries that apply to this run. */
  readonly entries: readonly IgnoreEntry[]
  /** Entries the pull request adds or changes: reported, applied only once it is merged. */
  readonly proposed: readonly ProposedIgnore[]
}

export interface IgnoreSource {
  /**
   * Settles once the entries are known; on a pull request the base version is fetched in the
   * background, while the findings are. Rejects with NoVerdictError when GitHub cannot answer.
   */
  readonly applied: Promise<AppliedIgnores>
}

const NONE: AppliedIgnores = { entries: [], proposed: [] }

/**
 * Reads and checks the workspace file now, so a malformed file stops the run before any request;
 * on a pull request, starts reading the base version.
 * @throws IgnoreFileError for an unreadable or invalid workspace file or an unusable path.
 */
export async function loadIgnoreSource(
  config: Config,
  ctx: RunContext,
  runner: Runner
): Promise<IgnoreSource> {
  const file = config.ignoreFile
  if (file === undefined) return { applied: Promise.resolve(NONE) }
  const { parseIgnoreFile } = await import('../gate/ignore-file.js')
  if (!readsIgnoreFileAtBase(ctx.eventName)) {
    const entries = parseIgnoreFile(await readWorkspaceFile(file), file)
    return { applied: Promise.resolve({ entries, proposed: [] }) }
  }

  const base = pullRequestBase(ctx)
  if (base === undefined) {
    throw new IgnoreFileError(file, [
      `on ${ctx.eventName}, the event payload has no pull_request.base.sha, so the file cannot be read at the pull request's base commit`
    ])
  }
  if (config.githubToken === undefined) {
    throw new IgnoreFileError(file, [`on ${ctx.eventName}, github-token is required`])
  }
  const path = repositoryPath(file, ctx)
  // A pull request that deletes the file proposes nothing; its base still applies.
  const workspaceText = await readWorkspaceFile(file).catch((error: unknown) => {
    if (error instanceof IgnoreFileError && error.problems[0]?.includes('(ENOENT)')) return ''
    throw error
  })
  const workspace = parseIgnoreFile(workspaceText, file)
  runner.info(
    `ignore-file ${file}: on ${ctx.eventName} the entries that apply are those at the base commit ${base.sha}; ` +
      "the pull request's own changes to it apply once it is merged"
  )
  const label = `${file} (at base commit ${base.sha.slice(0, 12)})`
  const applied = fetchBaseFile({
    file,
    path,
    base,
    token: config.githubToken,
    apiUrl: ctx.env.GITHUB_API_URL ?? 'https://api.github.com',
    timeoutMs: config.timeoutSeconds * 1000
  }).then(text => {
    if (text === undefined) {
      runner.info(
        `ignore-file ${file} does not exist at the base commit ${base.sha}: no ignore entries apply`
      )
    }
    const entries = parseIgnoreFile(text ?? '', label)
    const proposed = proposedEntries(workspace, entries).map(
      ({ description, reason, expires }): ProposedIgnore => ({
        description,
        reason,
        ...(expires !== undefined ? { expires } : {})
      })
    )
    return { entries, proposed }
  })
  // Awaited only when the gate runs; a rejection must not surface as unhandled otherwise.
  applied.catch(() => undefined)
  return { applied }
}

/** The workspace entries the base does not have, compared on every field the user wrote. */
export function proposedEntries(
  workspace: readonly IgnoreEntry[],
  base: readonly IgnoreEntry[]
): IgnoreEntry[] {
  const key = (entry: IgnoreEntry): string =>
    JSON.stringify([
      entry.rule,
      entry.id,
      entry.path,
      entry.vulnerability,
      entry.package,
      entry.version,
      entry.reason,
      entry.expires
    ])
  const known = new Set(base.map(key))
  return workspace.filter(entry => !known.has(key(entry)))
}

async function readWorkspaceFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw new IgnoreFileError(file, [
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? errorText(error)})`
    ])
  }
}

interface PullRequestBase {
  readonly owner: string
  readonly repo: string
  readonly sha: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The base commit and repository from the event; the base repository is the one running. */
function pullRequestBase(ctx: RunContext): PullRequestBase | undefined {
  const pr = isRecord(ctx.eventPayload) ? ctx.eventPayload.pull_request : undefined
  const base = isRecord(pr) ? pr.base : undefined
  const sha = isRecord(base) ? base.sha : undefined
  const repo = isRecord(base) && isRecord(base.repo) ? base.repo.full_name : undefined
  const fullName = typeof repo === 'string' ? repo : ctx.env.GITHUB_REPOSITORY
  const [owner, name, ...rest] = (fullName ?? '').split('/')
  if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/i.test(sha)) return undefined
  if (!owner || !name || rest.length > 0) return undefined
  return { owner, repo: name, sha }
}

/** The file's path in the repository: relative to the workspace, which is the checkout. */
function repositoryPath(file: string, ctx: RunContext): string {
  const root = resolve(ctx.env.GITHUB_WORKSPACE ?? process.cwd())
  const inside = relative(root, resolve(root, file))
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    throw new IgnoreFileError(file, [
      "is outside the workspace, so it cannot be read at the pull request's base commit; give a path inside the repository"
    ])
  }
  return inside.split(sep).join('/')
}

interface BaseRequest {
  readonly file: string
  readonly path: string
  readonly base: PullRequestBase
  readonly token: string
  readonly apiUrl: string
  readonly timeoutMs: number
}

function httpStatus(error: unknown): number | undefined {
  return isRecord(error) && typeof error.status === 'number' ? error.status : undefined
}

/** The raw text of the file at the base commit; undefined when the base has no such file. */
async function fetchBaseFile(request: BaseRequest): Promise<string | undefined> {
  const { base, path } = request
  const route = `/repos/${base.owner}/${base.repo}/contents/${path}`
  const encoded = `/repos/{owner}/{repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}`
  const fail = (detail: string): NoVerdictError =>
    new NoVerdictError(
      `ignore-file ${request.file} could not be read at the pull request's base commit ${base.sha} ` +
        `(GET ${route}: ${detail}), so the exemptions that apply are unknown; ` +
        "the pull request's own copy is never used instead",
      'on-api-error'
    )
  // Loaded only here: the GitHub client is the heaviest part of the bundle.
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(request.token, { baseUrl: request.apiUrl })
  let data: unknown
  try {
    const response = await octokit.request(`GET ${encoded}`, {
      owner: base.owner,
      repo: base.repo,
      ref: base.sha,
      headers: { accept: 'application/vnd.github.raw+json' },
      request: { signal: AbortSignal.timeout(request.timeoutMs) }
    })
    data = response.data
  } catch (error) {
    const status = httpStatus(error)
    if (status === 404) return undefined
    if (status === 401 || status === 403) {
      throw fail(`HTTP ${status}; the github-token needs the contents: read permission`)
    }
    throw fail(status === undefined ? errorText(error) : `HTTP ${status}`)
  }
  const text = rawText(data)
  if (text === undefined) throw fail('the answer is not the text of a file')
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
