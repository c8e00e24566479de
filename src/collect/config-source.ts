/**
 * Reading the config file (`config-file`) before anything else, and the inputs with it. A
 * workspace path is read in the workspace, except on a pull request or merge_group: there the
 * checkout is the change under test, so the file is read at its base commit (as the ignore file
 * is), and a change cannot loosen the policy it is judged by. `OWNER/REPO/PATH@REF` is read from
 * that repository through the contents API with config-token.
 *
 * Nothing is sent to the findings API before this has finished; a file that cannot be read or is
 * wrong stops the run as bad inputs do, never falling back to the defaults unsaid.
 */
import { readFile } from 'node:fs/promises'
import {
  ConfigError,
  configFileLocation,
  InputValueError,
  parseConfigFile,
  readConfig,
  workflowInput,
  type Config,
  type ConfigFileLocation,
  type ConfigFileValues,
  type InputReader,
  type RunContext
} from '../inputs/index.js'
import { baseRead, changeTreeProblem, type BaseRead } from '../inputs/pull-request.js'
import type { Runner } from '../runner/runner.js'
import {
  ContentsError,
  changeBase,
  readRepositoryFile,
  repositoryPath,
  type ContentsRequest
} from './github-contents.js'

/** How long the file's one request may take when the workflow sets no timeout-seconds. */
const DEFAULT_TIMEOUT_SECONDS = 30

/**
 * The run's configuration: the workflow's inputs over the config file's, over the defaults.
 * @throws ConfigError for bad inputs, a config file that cannot be read, or a wrong one.
 */
export async function loadConfig(
  read: InputReader,
  ctx: RunContext,
  runner: Runner
): Promise<Config> {
  const raw = workflowInput(read, 'config-file')
  if (raw === '') return readConfig(read, ctx)
  let location: ConfigFileLocation
  try {
    location = configFileLocation(raw)
  } catch (error) {
    // The schema words it, with the other inputs' problems.
    if (error instanceof InputValueError) return readConfig(read, ctx)
    throw error
  }
  refuseChangeTreeFiles(read, ctx, location)
  const file = await readConfigFile(location, read, ctx, runner)
  const config = readConfig(read, ctx, file)
  runner.info(settingsNote(file, read))
  return config
}

/**
 * In a change's own tree (a GitLab merge request) a workspace config file, or the workflow's
 * ignore file, is refused before the file is fetched: nothing is sent for a run that cannot go
 * on. (An ignore-file the fetched config file names is refused by the schema.)
 */
function refuseChangeTreeFiles(
  read: InputReader,
  ctx: RunContext,
  location: ConfigFileLocation
): void {
  const configProblem = changeTreeProblem(ctx, 'config-file')
  const ignoreProblem = changeTreeProblem(ctx, 'ignore-file')
  const problems = [
    ...(location.kind === 'workspace' && configProblem ? [`config-file: ${configProblem}`] : []),
    ...(workflowInput(read, 'ignore-file') !== '' && ignoreProblem
      ? [`ignore-file: ${ignoreProblem}`]
      : [])
  ]
  if (problems.length > 0) throw new ConfigError(problems)
}

/** Which settings the file gave, and which of them the workflow overrides. */
function settingsNote(file: ConfigFileValues, read: InputReader): string {
  const keys = [...file.values.keys()]
  const overridden = keys.filter(key => workflowInput(read, key) !== '')
  const set = keys.length === 0 ? 'sets nothing' : `sets ${keys.join(', ')}`
  const over = overridden.length === 0 ? '' : `; the workflow overrides ${overridden.join(', ')}`
  return `config-file ${file.label} ${set}${over}`
}

async function readConfigFile(
  location: ConfigFileLocation,
  read: InputReader,
  ctx: RunContext,
  runner: Runner
): Promise<ConfigFileValues> {
  if (location.kind === 'repository') return readFromRepository(location, read, ctx)
  const atBase = baseRead(ctx.eventName)
  if (atBase === undefined) {
    return parseConfigFile(await readWorkspaceFile(location.path), location.path)
  }
  return readAtBase(location.path, atBase, read, ctx, runner)
}

function fileProblem(file: string, detail: string): ConfigError {
  return new ConfigError([`config-file ${file}: ${detail}`])
}

async function readWorkspaceFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    throw fileProblem(path, `cannot be read (${code})`)
  }
}

/** The workflow's timeout-seconds when it parses, else the default. */
function timeoutMs(read: InputReader): number {
  const raw = workflowInput(read, 'timeout-seconds')
  const seconds = /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 600 ? Number(raw) : 0
  return (seconds || DEFAULT_TIMEOUT_SECONDS) * 1000
}

async function readFromRepository(
  location: Extract<ConfigFileLocation, { kind: 'repository' }>,
  read: InputReader,
  ctx: RunContext
): Promise<ConfigFileValues> {
  const label = `${location.owner}/${location.repo}/${location.path}@${location.ref}`
  const token = workflowInput(read, 'config-token') || workflowInput(read, 'github-token')
  if (token === '') {
    throw new ConfigError([
      `config-token: is required to read config-file ${label} (a token with contents: read on ${location.owner}/${location.repo}; github-token is used when it is empty)`
    ])
  }
  const text = await fetchFile(label, {
    ...location,
    token,
    apiUrl: apiUrlOf(ctx),
    timeoutMs: timeoutMs(read)
  })
  if (text === undefined) {
    throw fileProblem(
      label,
      `GitHub answered 404: no such file at ${location.ref}, or config-token cannot read ${location.owner}/${location.repo}`
    )
  }
  return parseConfigFile(text, label)
}

/** Never the workspace copy instead: it is the change's own. */
async function readAtBase(
  path: string,
  atBase: BaseRead,
  read: InputReader,
  ctx: RunContext,
  runner: Runner
): Promise<ConfigFileValues> {
  const base = changeBase(ctx)
  if (base === undefined) {
    throw fileProblem(
      path,
      `on ${ctx.eventName}, the event payload has no ${atBase.field}, so the file cannot be read at ${atBase.commit}`
    )
  }
  const token = workflowInput(read, 'github-token')
  if (token === '') {
    throw new ConfigError([
      `github-token: is required when config-file is set on ${ctx.eventName}: the config file is read at ${atBase.commit} through the GitHub API, so ${atBase.change} cannot loosen its own policy (use \${{ github.token }}, with contents: read)`
    ])
  }
  const inRepository = repositoryPath(path, ctx)
  if (inRepository === undefined) {
    throw fileProblem(
      path,
      `is outside the workspace, so it cannot be read at ${atBase.commit}; give a path inside the repository, or OWNER/REPO/PATH@REF`
    )
  }
  const label = `${path} (at base commit ${base.sha.slice(0, 12)})`
  const text = await fetchFile(label, {
    owner: base.owner,
    repo: base.repo,
    path: inRepository,
    ref: base.sha,
    token,
    apiUrl: apiUrlOf(ctx),
    timeoutMs: timeoutMs(read)
  })
  if (text === undefined) {
    runner.warning(
      `config-file ${path} does not exist at the base commit ${base.sha}: this run uses the workflow's inputs and the defaults; ${atBase.own} copy applies once merged`
    )
    return { label, values: new Map() }
  }
  return parseConfigFile(text, label)
}

function apiUrlOf(ctx: RunContext): string {
  return ctx.env.GITHUB_API_URL ?? 'https://api.github.com'
}

/** The file's text, undefined for a 404; any other failure stops the run, naming the token. */
async function fetchFile(label: string, request: ContentsRequest): Promise<string | undefined> {
  try {
    return await readRepositoryFile(request)
  } catch (error) {
    if (!(error instanceof ContentsError)) throw error
    const hint =
      error.status === 401 || error.status === 403
        ? '; the token needs the contents: read permission on that repository'
        : ''
    throw fileProblem(
      label,
      `could not be read (GET ${error.route}: ${error.detail}${hint}), so the policy is unknown and nothing was judged`
    )
  }
}
