/**
 * Where the ignore file comes from. On a pull request the checkout is the pull request's own
 * tree (on merge_group the queue's candidate, the queued pull requests' changes), so an entry it
 * adds there would exempt its own findings: there the file is read at the base commit
 * (`pull_request.base.sha`, `merge_group.base_sha`) through the GitHub contents API, and the
 * entries the change adds are only reported, as proposed. Every other event reads the workspace
 * file.
 */
import { readFile } from 'node:fs/promises'
import type { ProposedIgnore } from '../domain.js'
import { errorText } from '../text/error-text.js'
import { IgnoreFileError, type IgnoreEntry } from '../gate/ignore.js'
import { parseIgnoreFile } from '../gate/ignore-file.js'
import type { Config, RunContext } from '../inputs/index.js'
import { baseRead, type BaseRead } from '../inputs/pull-request.js'
import { NoVerdictError } from '../errors.js'
import type { Runner } from '../runner/runner.js'
import {
  ContentsError,
  changeBase,
  readRepositoryFile,
  repositoryPath,
  type PullRequestBase
} from './github-contents.js'

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
  const read = baseRead(ctx.eventName)
  if (read === undefined) {
    const entries = parseIgnoreFile(await readWorkspaceFile(file), file)
    return { applied: Promise.resolve({ entries, proposed: [] }) }
  }

  // Never the workspace copy instead: it is the change's own.
  const base = changeBase(ctx)
  if (base === undefined) {
    throw new IgnoreFileError(file, [
      `on ${ctx.eventName}, the event payload has no ${read.field}, so the file cannot be read at ${read.commit}`
    ])
  }
  if (config.githubToken === undefined) {
    throw new IgnoreFileError(file, [`on ${ctx.eventName}, github-token is required`])
  }
  const path = repositoryPath(file, ctx)
  if (path === undefined) {
    throw new IgnoreFileError(file, [
      `is outside the workspace, so it cannot be read at ${read.commit}; give a path inside the repository`
    ])
  }
  // A pull request that deletes the file proposes nothing; its base still applies.
  const workspaceText = await readWorkspaceFile(file).catch((error: unknown) => {
    if (error instanceof IgnoreFileError && error.problems[0]?.includes('(ENOENT)')) return ''
    throw error
  })
  const workspace = parseIgnoreFile(workspaceText, file)
  runner.info(
    `ignore-file ${file}: on ${ctx.eventName} the entries that apply are those at the base commit ${base.sha}; ` +
      `${read.own} changes to it apply once merged`
  )
  const label = `${file} (at base commit ${base.sha.slice(0, 12)})`
  const applied = fetchBaseFile({
    file,
    path,
    base,
    read,
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

interface BaseRequest {
  readonly file: string
  readonly path: string
  readonly base: PullRequestBase
  readonly read: BaseRead
  readonly token: string
  readonly apiUrl: string
  readonly timeoutMs: number
}

/** The raw text of the file at the base commit; undefined when the base has no such file. */
async function fetchBaseFile(request: BaseRequest): Promise<string | undefined> {
  const { base, path, token, apiUrl, timeoutMs } = request
  try {
    return await readRepositoryFile({
      owner: base.owner,
      repo: base.repo,
      path,
      ref: base.sha,
      token,
      apiUrl,
      timeoutMs
    })
  } catch (error) {
    if (!(error instanceof ContentsError)) throw error
    const detail =
      error.status === 401 || error.status === 403
        ? `HTTP ${error.status}; the github-token needs the contents: read permission`
        : error.detail
    throw new NoVerdictError(
      `ignore-file ${request.file} could not be read at ${request.read.commit} ${base.sha} ` +
        `(GET ${error.route}: ${detail}), so the exemptions that apply are unknown; ` +
        `${request.read.own} copy is never used instead`,
      'on-api-error'
    )
  }
}
