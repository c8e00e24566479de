/**
 * Where the command runs, and which repository, ref and commit the scan of this run records there
 * (the scanner's own rules: semgrep `meta.py`, see shared/research/semgrep-api.md §8):
 *
 * - GitHub Actions: exactly as the action: the inputs stay empty and the run context derives them
 *   from the event, as the action's `${{ github.* }}` defaults do.
 * - GitLab CI: `CI_PROJECT_PATH`, `CI_COMMIT_REF_NAME` (bare), `CI_COMMIT_SHA`.
 * - Anywhere else: what git says in the working directory.
 *
 * Outside GitHub Actions `SEMGREP_REPO_NAME`, `SEMGREP_BRANCH` and `SEMGREP_COMMIT` win, as they
 * do for `semgrep ci`; a flag or `FINDINGS_GATE_*` variable wins over everything.
 */
import { defaultRunContext, type RunContext } from '../inputs/index.js'
import type { Env } from './args.js'
import { envName } from './flags.js'
import { gitBranch, gitCommit, gitRepository, type GitAnswer } from './git.js'

export type CiPlatform = 'github' | 'gitlab' | 'other'

export function ciPlatform(env: Env): CiPlatform {
  if (env.GITHUB_ACTIONS === 'true') return 'github'
  if (env.GITLAB_CI === 'true') return 'gitlab'
  return 'other'
}

/** The inputs that name the scan to judge. */
export const LOCATING_INPUTS = ['repository', 'ref', 'commit'] as const
export type LocatingInput = (typeof LOCATING_INPUTS)[number]
type Coordinates = Partial<Record<LocatingInput, string>>

export interface GitlabContext extends Coordinates {
  readonly mergeRequest: boolean
  /**
   * The merge request's target branch in merge-request pipelines: the natural baseline of the
   * scan. Issue 35's `baseline-ref` takes it as its default on GitLab (see command.ts).
   */
  readonly baselineRef?: string
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw === undefined || raw === '' ? undefined : raw
}

/** What GitLab CI says of this pipeline; in merge-request pipelines the ref is the source branch. */
export function gitlabContext(env: Env): GitlabContext {
  const mergeRequest = env.CI_PIPELINE_SOURCE === 'merge_request_event'
  const baselineRef = mergeRequest ? value(env, 'CI_MERGE_REQUEST_TARGET_BRANCH_NAME') : undefined
  return {
    ...coordinates(env, GITLAB_VARIABLES),
    mergeRequest,
    ...(baselineRef !== undefined && { baselineRef })
  }
}

const GITLAB_VARIABLES: Readonly<Record<LocatingInput, string>> = {
  repository: 'CI_PROJECT_PATH',
  ref: 'CI_COMMIT_REF_NAME',
  commit: 'CI_COMMIT_SHA'
}

/** The scanner's overrides, which `semgrep ci` reads in every CI. */
const SEMGREP_VARIABLES: Readonly<Record<LocatingInput, string>> = {
  repository: 'SEMGREP_REPO_NAME',
  ref: 'SEMGREP_BRANCH',
  commit: 'SEMGREP_COMMIT'
}

/** The values of the variables that are set and not blank. */
function coordinates(env: Env, variables: Readonly<Record<LocatingInput, string>>): Coordinates {
  return Object.fromEntries(
    LOCATING_INPUTS.flatMap(name => {
      const found = value(env, variables[name])
      return found === undefined ? [] : [[name, found]]
    })
  )
}

const GIT_QUESTIONS: Readonly<Record<LocatingInput, (cwd: string) => Promise<GitAnswer>>> = {
  repository: gitRepository,
  ref: gitBranch,
  commit: gitCommit
}

export interface Located {
  /** The values found for the inputs not given, by input name. */
  readonly found: Coordinates
  /** One `<input>: …` line per input that nothing gave and every run needs (repository, ref). */
  readonly problems: readonly string[]
  /**
   * The same for the commit, which only a run that proves a scan needs: the schema decides
   * (commit-evidence rule), after this line has said why it is missing.
   */
  readonly notes: readonly string[]
  readonly gitlab?: GitlabContext
}

/**
 * Fills in repository, ref and commit where `given` has none. Git is asked only outside GitHub
 * and GitLab, and only for what is still missing; a question git cannot answer is a problem line
 * that says how to give the value instead.
 */
export async function locateScan(
  platform: CiPlatform,
  given: Readonly<Record<string, string>>,
  env: Env,
  cwd: string
): Promise<Located> {
  if (platform === 'github') return { found: {}, problems: [], notes: [] }
  const gitlab = platform === 'gitlab' ? gitlabContext(env) : undefined
  const known: Coordinates = { ...gitlab, ...coordinates(env, SEMGREP_VARIABLES) }
  const ask = (name: LocatingInput): Promise<GitAnswer> | GitAnswer => {
    const answer = known[name]
    if (answer !== undefined) return { value: answer }
    return gitlab
      ? { why: `GitLab CI did not set ${GITLAB_VARIABLES[name]}` }
      : GIT_QUESTIONS[name](cwd)
  }
  const missing = LOCATING_INPUTS.filter(name => (given[name] ?? '').trim() === '')
  const answers = await Promise.all(missing.map(async name => ({ name, answer: await ask(name) })))
  return {
    found: Object.fromEntries(
      answers.flatMap(({ name, answer }) => ('value' in answer ? [[name, answer.value]] : []))
    ),
    problems: unanswered(answers.filter(({ name }) => name !== 'commit')),
    notes: unanswered(answers.filter(({ name }) => name === 'commit')),
    ...(gitlab && { gitlab })
  }
}

function unanswered(answers: readonly { name: LocatingInput; answer: GitAnswer }[]): string[] {
  return answers.flatMap(({ name, answer }) =>
    'why' in answer
      ? [`${name}: not given, and ${answer.why}; set --${name} (or ${envName(name)})`]
      : []
  )
}

/**
 * The run context: on GitHub Actions the action's (the event decides the defaults); elsewhere no
 * event, and no GITHUB_* variable a developer's shell may hold, so nothing acts as on GitHub.
 */
export function commandRunContext(platform: CiPlatform, env: Env, now: Date): RunContext {
  if (platform === 'github') return { ...defaultRunContext({ ...env }), now }
  const rest = Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith('GITHUB_'))
  )
  const changeTree = platform === 'gitlab' ? gitlabChangeTree(env) : undefined
  return { now, env: rest, outsideGitHub: true, ...(changeTree !== undefined && { changeTree }) }
}

/**
 * GitLab pipelines whose checkout is a change's own tree: a merge request's (merged results
 * pipelines too), or an external pull request's. The command cannot read files at the target.
 */
function gitlabChangeTree(env: Env): string | undefined {
  if (env.CI_PIPELINE_SOURCE === 'merge_request_event') return 'a GitLab merge-request pipeline'
  if (env.CI_PIPELINE_SOURCE === 'external_pull_request_event') {
    return 'a GitLab external pull request pipeline'
  }
  return undefined
}
