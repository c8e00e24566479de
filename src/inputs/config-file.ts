/**
 * The config file (`config-file`): one policy for many repositories. A YAML mapping of input
 * names to values (`fail-on-severity: critical`), read before anything else; an input the
 * workflow sets overrides it, and the defaults apply to what neither sets.
 *
 * Only the gate's thresholds and the run's behaviour can be set there. Tokens, URLs, what is
 * gated and the files the action writes stay in the workflow: a file read from another
 * repository must not be able to send the token elsewhere, gate another repository or write
 * over a file of the runner.
 */
import { parse as parseYaml } from 'yaml'
import { closestName } from '../text/nearest.js'
import { ConfigError, InputValueError } from './errors.js'
import { CONTROL_CHARACTERS } from './echo.js'
import { parsed } from './parsed-field.js'
import { parseToken } from './parsers.js'

/** The inputs a config file may set. */
export const FILE_INPUTS: readonly string[] = Object.freeze([
  'timeout-seconds',
  'max-retries',
  'on-api-error',
  'since',
  'issue-types',
  'status',
  'require-scan',
  'scan-wait-timeout-seconds',
  'on-missing-scan',
  'gate',
  'fail-on-severity',
  'fail-on-policy-mode',
  'fail-on-exposures',
  'fail-on-transitivities',
  'ignore-unfixed',
  'fail-on-epss',
  'fail-on-malicious',
  'fail-on-secrets',
  'ignore-rules',
  'ignore-file',
  'deny-licenses',
  'allow-licenses',
  'warn-only',
  'create-tickets',
  'ticket-findings',
  'ticket-limit',
  'group-tickets',
  'tracker-project-id',
  'project-tags',
  'sbom-export',
  'sbom-scope',
  'sbom-format',
  'sbom-component-type',
  'sbom-wait',
  'sbom-wait-timeout-seconds',
  'summary',
  'max-annotations',
  'comment-on-pr'
])

const TOKEN = 'is a token: tokens come from the workflow (its secrets), never from a file'
const URL = 'is a URL: a file must not choose where the action sends requests'
const TARGET = 'names what is gated: the workflow says which repository, ref and deployment'
const WRITTEN = 'is a file the action writes: the workflow says where'
const SUPPLIER =
  'is written into every SBOM as who supplies the software, a URL included: the workflow says who'

/** The inputs only the workflow sets, and why, for the message that refuses one in a file. */
export const WORKFLOW_ONLY_INPUTS: Readonly<Record<string, string>> = Object.freeze({
  'api-token': TOKEN,
  'github-token': TOKEN,
  'config-token': TOKEN,
  'base-url': URL,
  'sbom-supplier': SUPPLIER,
  'config-file': 'is the file itself: a config file cannot name another',
  repository: TARGET,
  ref: TARGET,
  'baseline-ref': TARGET,
  commit: TARGET,
  'deployment-slug': TARGET,
  'deployment-id': TARGET,
  'sbom-shard': 'splits one workflow run into matrix jobs: the workflow sets it',
  'sarif-file': WRITTEN,
  'report-file': WRITTEN,
  'sbom-file': WRITTEN,
  'sarif-category':
    'names the code-scanning configuration the SARIF belongs to: the workflow says which',
  'on-missing-token':
    'applies when the token is missing, and a run without the token reads no config file'
})

/** Where a config file is: in the workspace, or in a repository at a ref (`OWNER/REPO/PATH@REF`). */
export type ConfigFileLocation =
  | { readonly kind: 'workspace'; readonly path: string }
  | {
      readonly kind: 'repository'
      readonly owner: string
      readonly repo: string
      readonly path: string
      readonly ref: string
    }

/** dependency-review's convention; a workspace path holding `@` starts with `./`. */
const IN_REPOSITORY = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/([^@]+)@([^@\s]+)$/

export function configFileLocation(raw: string): ConfigFileLocation {
  if (CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain control characters', raw)
  }
  const match = raw.startsWith('./') || raw.startsWith('/') ? null : IN_REPOSITORY.exec(raw)
  if (!match) return { kind: 'workspace', path: raw }
  const [, owner, repo, path, ref] = match as unknown as [string, string, string, string, string]
  const segments = path.split('/')
  if ([owner, repo, ...segments].some(part => part === '' || part === '.' || part === '..')) {
    throw new InputValueError(
      'must be a workspace path, or OWNER/REPO/PATH@REF with no empty, "." or ".." segment (e.g. acme/policies/findings-gate.yml@main)',
      raw
    )
  }
  return { kind: 'repository', owner, repo, path, ref }
}

/** The policy file inputs: where the file is, and the token that reads it from a repository. */
export function policyFileFields() {
  return {
    configFile: parsed(raw => locationText(configFileLocation(raw))).optional(),
    configToken: parsed(parseToken).optional()
  }
}

/** The location as the reports and messages name it. */
export function locationText(location: ConfigFileLocation): string {
  return location.kind === 'workspace'
    ? location.path
    : `${location.owner}/${location.repo}/${location.path}@${location.ref}`
}

/** A config file's settings: raw input strings keyed by input name, and where they came from. */
export interface ConfigFileValues {
  /** The file as messages name it, e.g. `policy.yml (at base commit 0123456789ab)`. */
  readonly label: string
  readonly values: ReadonlyMap<string, string>
}

/** A YAML value as an input string; lists become one entry a line, as list inputs read them. */
function inputText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return String(value)
  }
  if (Array.isArray(value)) {
    const entries = value.map(entry => (Array.isArray(entry) ? undefined : inputText(entry)))
    return entries.every(entry => entry !== undefined) ? entries.join('\n') : undefined
  }
  return undefined
}

function keyProblem(key: string): string | undefined {
  if (FILE_INPUTS.includes(key)) return undefined
  const why = WORKFLOW_ONLY_INPUTS[key]
  if (why !== undefined) return `${key}: cannot be set in a config file: it ${why}`
  const near = closestName(key.replace(/_/g, '-'), FILE_INPUTS)
  return near === undefined
    ? `${key}: is not an input a config file can set; it can set ${FILE_INPUTS.join(', ')}`
    : `${key}: is not an input a config file can set (did you mean ${near}?)`
}

function valueProblem(key: string, value: unknown): string | undefined {
  if (value === null || value === undefined) {
    return `${key}: has no value; give one, or leave the key out for the workflow's input or the default`
  }
  if (inputText(value) === undefined) {
    return `${key}: must be a text, a number, true or false, or a list of them`
  }
  return undefined
}

/**
 * The settings of a config file's text. Every problem is listed at once, each naming the file and
 * the key, as the inputs' own problems are.
 * @throws ConfigError for text that is not a YAML mapping, an unknown or workflow-only key, or a
 *   value that is not a scalar or a list of scalars.
 */
export function parseConfigFile(text: string, label: string): ConfigFileValues {
  const problem = (detail: string): string => `config-file ${label}: ${detail}`
  let document: unknown
  try {
    // The core schema: `yes` stays the text yes (and is refused where true or false is wanted).
    document = parseYaml(text, { schema: 'core' })
  } catch (error) {
    const first = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new ConfigError([problem(`not valid YAML (${first})`)])
  }
  if (document === null || document === undefined) return { label, values: new Map() }
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw new ConfigError([
      problem('must be a mapping of input names to values, e.g. fail-on-severity: critical')
    ])
  }
  const problems: string[] = []
  const values = new Map<string, string>()
  for (const [key, value] of Object.entries(document)) {
    const wrong = keyProblem(key) ?? valueProblem(key, value)
    if (wrong !== undefined) problems.push(problem(wrong))
    else values.set(key, inputText(value) ?? '')
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return { label, values }
}
