/**
 * The command's flags: one per action input, with the input's name, description and default (from
 * action.yml, through the generated action-inputs.ts), plus the few the command alone has. Each
 * flag also reads `FINDINGS_GATE_<NAME>` from the environment; the token also `SEMGREP_APP_TOKEN`.
 * `--help` and the README's flags table are both rendered from {@link FLAGS}.
 */
import { ACTION_INPUTS, type ActionInput } from '../inputs/action-inputs.js'

export interface Flag {
  readonly name: string
  /** true/false: also a bare `--name` and `--no-name`. */
  readonly boolean: boolean
  /** What `--help` shows after the flag: `FILE`, `VALUE`; none for a boolean. */
  readonly valueName?: string
  readonly description: string
  /** The default as help shows it; '' when there is none. */
  readonly default: string
  /** The environment variables read when the flag is not given, in this order. */
  readonly env: readonly string[]
  /** Read by the gate as an action input (else the command itself reads it). */
  readonly input: boolean
  /** Never shown back: a token. */
  readonly secret: boolean
}

/** `fail-on-severity` → `FINDINGS_GATE_FAIL_ON_SEVERITY`. */
export function envName(flag: string): string {
  return `FINDINGS_GATE_${flag.toUpperCase().replace(/-/g, '_')}`
}

/** The variable Semgrep users already keep their token in, in every CI. */
export const SEMGREP_TOKEN_ENV = 'SEMGREP_APP_TOKEN'

const SECRET_INPUTS = new Set(['api-token', 'github-token'])

/** Defaults that differ outside a workflow: the `${{ github.* }}` ones, and the derived ones. */
const COMMAND_DEFAULTS: Readonly<Record<string, string>> = {
  repository: 'detected',
  ref: 'detected',
  commit: 'detected',
  'github-token': ''
}

const VALUE_NAMES: Readonly<Record<string, string>> = {
  'api-token': 'TOKEN',
  'github-token': 'TOKEN',
  'base-url': 'URL',
  'ignore-file': 'FILE',
  'sbom-file': 'PATH',
  'sarif-file': 'FILE',
  'report-file': 'FILE'
}

function inputFlag(input: ActionInput): Flag {
  const boolean = input.default === 'true' || input.default === 'false'
  const extraEnv = input.name === 'api-token' ? [SEMGREP_TOKEN_ENV] : []
  return {
    name: input.name,
    boolean,
    ...(boolean ? {} : { valueName: VALUE_NAMES[input.name] ?? 'VALUE' }),
    description: input.description,
    default: COMMAND_DEFAULTS[input.name] ?? input.default,
    env: [envName(input.name), ...extraEnv],
    input: true,
    secret: SECRET_INPUTS.has(input.name)
  }
}

function commandFlag(name: string, description: string): Flag {
  return {
    name,
    boolean: false,
    valueName: 'FILE',
    description,
    default: '',
    env: [envName(name)],
    input: false,
    secret: false
  }
}

/** The reports only the command writes. */
export const GITLAB_CODE_QUALITY = 'gitlab-code-quality'
export const JUNIT = 'junit'

/** Every flag but --help and --version: the inputs', then the command's own. */
export function commandFlags(inputs: readonly ActionInput[]): Flag[] {
  return [...inputs.map(inputFlag), ...COMMAND_FLAGS]
}

const COMMAND_FLAGS: readonly Flag[] = [
  commandFlag(
    GITLAB_CODE_QUALITY,
    "Write GitLab's Code Quality report here (artifacts: reports: codequality), so the findings show in the merge request. Not written without a verdict."
  ),
  commandFlag(
    JUNIT,
    'Write a JUnit XML report here: one test case per finding, blocking ones failed (for the test views of GitLab, Jenkins, Buildkite and Azure Pipelines).'
  )
]

export const FLAGS: readonly Flag[] = commandFlags(ACTION_INPUTS)

export function flagNamed(name: string): Flag | undefined {
  return FLAGS.find(flag => flag.name === name)
}
