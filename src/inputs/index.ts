/**
 * The inputs layer: every action input becomes one frozen, typed {@link Config}.
 *
 * One zod schema ({@link configSchema}) owns every default, every normalisation and every
 * cross-field rule, so `action.yml` and the code cannot silently disagree (a test compares them).
 * Parsing never stops at the first mistake: {@link readConfig} throws one {@link ConfigError} that
 * lists every problem as `<input-name>: <what is wrong and what is allowed>`.
 */
import { statSync } from 'node:fs'
import { z } from 'zod'
import {
  EXPOSURES,
  FINDING_STATUSES,
  ISSUE_TYPES,
  SECRETS_THRESHOLDS,
  POLICY_MODES,
  SBOM_COMPONENT_TYPES,
  SEVERITIES,
  type PolicyMode,
  type Severity
} from '../domain.js'
import { readsIgnoreFileAtBase } from '../collect/ignore-source.js'
import { MAX_SHARDS, parseShardText, type SbomShard } from '../actions/sbom-shard.js'
import { gotClause, revealsSecret } from './echo.js'
import { ConfigError, InputValueError, valueErrors } from './errors.js'
import {
  anyText,
  entryOf,
  integerFrom,
  listOf,
  oneOf,
  parseBaseUrl,
  parseBoolean,
  parseCommit,
  parseDigits,
  parseEmail,
  parsePath,
  parsePlainText,
  parseRef,
  parseRepository,
  parseSlug,
  parseToken,
  parseWebUrl,
  underscored
} from './parsers.js'
import { parseSince } from './since.js'
import {
  contextCommit,
  contextRef,
  contextRepository,
  missingRefProblem,
  type RunContext
} from './run-context.js'

export { ConfigError, InputValueError } from './errors.js'
export { defaultRunContext, type RunContext } from './run-context.js'
export { parseList } from './parsers.js'
export { parseSince } from './since.js'

/** Reads one input like `core.getInput`: '' when unset, already trimmed. */
export type InputReader = (name: string) => string

// --- allowed values ---------------------------------------------------------------------------

/** Worst first, because that is how people read a threshold list. */
const SEVERITIES_WORST_FIRST: readonly Severity[] = [...SEVERITIES].reverse()

/** `disabled` rules never block, so it is no threshold; strictest first, like the severities. */
const GATED_POLICY_MODES = POLICY_MODES.filter(
  (mode): mode is Exclude<PolicyMode, 'disabled'> => mode !== 'disabled'
).reverse()

const MAX_TAG_LENGTH = 64

// --- the schema -------------------------------------------------------------------------------

/**
 * Fields keyed by the camelCase of their input name (`fail-on-severity` → `failOnSeverity`), so an
 * issue's path names its input. Defaults are the raw strings of `action.yml` and go through the
 * same parsing as user values (`prefault`); `${{ }}` defaults come from the run context instead.
 */
function inputFields(ctx: RunContext) {
  return {
    // connection
    apiToken: parsed(parseToken, 'is required (store it as a secret)'),
    baseUrl: parsed(parseBaseUrl).prefault('https://semgrep.dev'),
    deploymentSlug: parsed(parseSlug).optional(),
    deploymentId: parsed(parseDigits).optional(),
    timeoutSeconds: parsed(integerFrom(1, 600)).prefault('30'),
    maxRetries: parsed(integerFrom(0, 10)).prefault('4'),
    onApiError: parsed(oneOf(['fail', 'warn'])).prefault('fail'),

    // scope
    repository: withFallback(
      parsed(
        parseRepository,
        'is required (set it, or run on GitHub Actions where GITHUB_REPOSITORY is set)'
      ),
      contextRepository(ctx)
    ),
    ref: withFallback(parsed(parseRef, missingRefProblem(ctx)), contextRef(ctx)),
    since: parsed(raw => parseSince(raw, ctx.now)).optional(),
    // Empty (the action.yml default) = every type, secrets only where the deployment has them.
    issueTypes: parsed(parseIssueTypes).optional(),
    status: parsed(parseStatuses).prefault('open,reviewing,fixing'),

    // evidence: which scan the findings come from
    requireScan: parsed(oneOf(['commit', 'ref', 'none'])).prefault('commit'),
    commit: optionalWithFallback(parsed(parseCommit), contextCommit(ctx)),
    scanWaitTimeoutSeconds: parsed(integerFrom(0, 3600)).prefault('600'),
    onMissingScan: parsed(oneOf(['fail', 'warn'])).prefault('fail'),

    // gate
    gate: parsed(parseBoolean).prefault('true'),
    failOnSeverity: parsed(oneOf([...SEVERITIES_WORST_FIRST, 'none'])).prefault('high'),
    failOnPolicyMode: parsed(oneOf([...GATED_POLICY_MODES, 'none'])).prefault('block'),
    failOnExposures: parsed(parseExposures).prefault('reachable,always_reachable'),
    failOnMalicious: parsed(parseBoolean).prefault('true'),
    failOnSecrets: parsed(oneOf(SECRETS_THRESHOLDS)).prefault('valid'),
    ignoreRules: parsed(listOf(anyText)).prefault(''),
    ignoreFile: parsed(parsePath).optional(),
    denyLicenses: parsed(listOf(anyText)).prefault(''),
    warnOnly: parsed(parseBoolean).prefault('false'),

    // actions
    createTickets: parsed(parseBoolean).prefault('false'),
    ticketFindings: parsed(oneOf(['blocking', 'all'])).prefault('blocking'),
    ticketLimit: parsed(integerFrom(1, 20)).prefault('20'),
    groupTickets: parsed(parseBoolean).prefault('true'),
    trackerProjectId: parsed(parseDigits).optional(),
    projectTags: parsed(listOf(parseTag)).prefault(''),
    sbomExport: parsed(parseBoolean).prefault('false'),
    sbomScope: parsed(oneOf(['repository', 'deployment'])).prefault('repository'),
    sbomFormat: parsed(oneOf(['json', 'cyclonedx'])).prefault('cyclonedx'),
    sbomComponentType: parsed(oneOf(SBOM_COMPONENT_TYPES, underscored)).prefault('application'),
    sbomSupplierName: parsed(parsePlainText).optional(),
    sbomSupplierUrl: parsed(parseWebUrl).optional(),
    sbomSupplierEmail: parsed(parseEmail).optional(),
    sbomWait: parsed(parseBoolean).prefault('false'),
    sbomWaitTimeoutSeconds: parsed(integerFrom(1, 21_600)).prefault('900'),
    sbomFile: parsed(parsePath).optional(),
    sbomShard: parsed(parseShard).optional(),

    // reports
    summary: parsed(parseBoolean).prefault('true'),
    annotations: parsed(parseBoolean).prefault('true'),
    maxAnnotations: parsed(integerFrom(0, 1000)).prefault('50'),
    sarifFile: parsed(parsePath).optional(),
    reportFile: parsed(parsePath).optional(),
    commentOnPr: parsed(oneOf(['always', 'on-failure', 'never'])).prefault('never'),
    githubToken: parsed(parseToken).optional()
  }
}

type ParsedInputs = z.output<z.ZodObject<ReturnType<typeof inputFields>>>

/**
 * The whole configuration schema for one run. It is built per run because three defaults come
 * from the run itself: `repository` and `ref` (the `${{ github.* }}` defaults, which are not
 * expanded outside a runner) and `since` durations, which count back from `ctx.now`.
 * Input: an object of raw, non-empty input strings keyed by camelCase input name.
 */
export function configSchema(ctx: RunContext) {
  return z
    .object(inputFields(ctx))
    .superRefine(
      blockingTicketsNeedTheGate,
      onlyWhenValid('createTickets', 'ticketFindings', 'gate')
    )
    .superRefine(baseIgnoreFileNeedsAToken(ctx), onlyWhenValid('ignoreFile', 'githubToken'))
    .superRefine(deploymentSbomNeedsADirectory, onlyWhenValid('sbomScope', 'sbomFile'))
    .superRefine(shardNeedsDeploymentScope, onlyWhenValid('sbomScope', 'sbomShard'))
    .superRefine(prCommentNeedsAToken, onlyWhenValid('commentOnPr', 'githubToken'))
    .superRefine(
      commitEvidenceNeedsACommit,
      onlyWhenValid('requireScan', 'commit', 'gate', 'createTickets')
    )
    .transform(toConfig)
}

/** The typed, deeply frozen configuration of one run. */
export type Config = z.output<ReturnType<typeof configSchema>>

export interface SbomSupplier {
  readonly name?: string
  readonly url?: string
  readonly email?: string
}

function toConfig(inputs: ParsedInputs) {
  const { sbomSupplierName, sbomSupplierUrl, sbomSupplierEmail, issueTypes, ...rest } = inputs
  const sbomSupplier = supplierOf(sbomSupplierName, sbomSupplierUrl, sbomSupplierEmail)
  return Object.freeze({
    ...rest,
    issueTypes: issueTypes ?? DEFAULT_ISSUE_TYPES,
    /**
     * Secrets came only from the default: a deployment without the Secrets product is then a
     * warning, not a missing verdict (a user who names secrets wants them judged).
     */
    secretsOptional: issueTypes === undefined,
    ...(sbomSupplier && { sbomSupplier }),
    // A file can only be downloaded once the export has finished.
    sbomWait: rest.sbomWait || rest.sbomFile !== undefined
  })
}

function supplierOf(name?: string, url?: string, email?: string): SbomSupplier | undefined {
  if (name === undefined && url === undefined && email === undefined) return undefined
  return Object.freeze({
    ...(name !== undefined && { name }),
    ...(url !== undefined && { url }),
    ...(email !== undefined && { email })
  })
}

// --- cross-field rules ------------------------------------------------------------------------

type CrossFieldRule = (inputs: ParsedInputs, ctx: z.RefinementCtx<ParsedInputs>) => void

/** Run a rule only when the fields it reads parsed, so it sees real values and adds no noise. */
function onlyWhenValid(...fields: (keyof ParsedInputs)[]): z.core.$ZodSuperRefineParams {
  const watched = new Set<PropertyKey>(fields)
  return { when: payload => !payload.issues.some(issue => watched.has(issue.path?.[0] ?? '')) }
}

/** Only matters when tickets are created: `blocking` is the default, and gate: false is legitimate. */
const blockingTicketsNeedTheGate: CrossFieldRule = (inputs, ctx) => {
  if (inputs.createTickets && inputs.ticketFindings === 'blocking' && !inputs.gate) {
    ctx.addIssue({
      code: 'custom',
      path: ['ticketFindings'],
      message:
        'blocking needs the gate, but gate is false; use ticket-findings: all (or gate: true)'
    })
  }
}

/** On a pull request the ignore file is read at the base commit, through the GitHub API. */
function baseIgnoreFileNeedsAToken(run: RunContext): CrossFieldRule {
  return (inputs, ctx) => {
    if (
      inputs.ignoreFile !== undefined &&
      inputs.githubToken === undefined &&
      readsIgnoreFileAtBase(run.eventName)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['githubToken'],
        message: `is required when ignore-file is set on ${run.eventName}: the ignore file is read at the pull request's base commit through the GitHub API, so a pull request cannot exempt its own findings (use \${{ github.token }}, with contents: read)`
      })
    }
  }
}

const deploymentSbomNeedsADirectory: CrossFieldRule = (inputs, ctx) => {
  if (
    inputs.sbomScope === 'deployment' &&
    inputs.sbomFile !== undefined &&
    isFile(inputs.sbomFile)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['sbomFile'],
      message:
        'is an existing file, but sbom-scope: deployment writes one file per project, so it must be a directory path',
      params: { received: inputs.sbomFile }
    })
  }
}

const shardNeedsDeploymentScope: CrossFieldRule = (inputs, ctx) => {
  if (inputs.sbomShard !== undefined && inputs.sbomScope !== 'deployment') {
    ctx.addIssue({
      code: 'custom',
      path: ['sbomShard'],
      message:
        'splits the projects of a deployment between matrix jobs, so it needs sbom-scope: deployment'
    })
  }
}

const prCommentNeedsAToken: CrossFieldRule = (inputs, ctx) => {
  if (inputs.commentOnPr !== 'never' && inputs.githubToken === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['githubToken'],
      message: `is required when comment-on-pr is ${inputs.commentOnPr} (use \${{ github.token }})`
    })
  }
}

const commitEvidenceNeedsACommit: CrossFieldRule = (inputs, ctx) => {
  // Only a run that judges findings (the gate, or tickets for them) proves a scan.
  const judges = inputs.gate || inputs.createTickets
  if (judges && inputs.requireScan === 'commit' && inputs.commit === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['commit'],
      message:
        'is required when require-scan is commit (set it, or run on GitHub Actions where GITHUB_SHA is set; or set require-scan: ref or none)'
    })
  }
}

/** Unreadable paths (ENOTDIR, EACCES) count as "not a file": writing there will report its own error. */
function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false
  } catch {
    return false
  }
}

// --- reading ----------------------------------------------------------------------------------

/**
 * Read, validate and freeze every input.
 * @throws ConfigError listing every problem found, one `<input-name>: …` line each.
 */
export function readConfig(read: InputReader, ctx: RunContext): Config {
  const schema = configSchema(ctx)
  const raw = readRawInputs(read, Object.keys(schema.in.shape))
  const result = schema.safeParse(raw)
  if (result.success) return result.data
  const secrets = [raw.apiToken, raw.githubToken].filter(secret => secret !== undefined)
  throw new ConfigError(result.error.issues.map(issue => describeIssue(issue, secrets)))
}

/**
 * An expression the runner did not expand (`${{ github.token }}` passed literally by a local
 * runner or a composite action's wiring) carries no value: treat it as unset.
 */
const UNEXPANDED_EXPRESSION = /^\$\{\{[^}]*\}\}$/

/** Empty inputs are left out, so the schema's defaults apply (like dependency-review's getOptionalInput). */
function readRawInputs(
  read: InputReader,
  fields: readonly string[]
): Partial<Record<string, string>> {
  const raw: Partial<Record<string, string>> = {}
  for (const field of fields) {
    const value = read(inputName(field)).trim()
    if (value !== '' && !UNEXPANDED_EXPRESSION.test(value)) raw[field] = value
  }
  return raw
}

/** `failOnSeverity` → `fail-on-severity`. */
function inputName(field: string): string {
  return field.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)
}

function describeIssue(issue: z.core.$ZodIssue, secrets: readonly string[]): string {
  const name = inputName(String(issue.path[0] ?? 'inputs'))
  // Our parsers word custom issues, and invalid_type only means a required input is missing (its
  // message is set per field); any other kind would be a bug here, not a user mistake.
  if (issue.code !== 'custom' && issue.code !== 'invalid_type') return `${name}: is not valid`
  const received: unknown = issue.code === 'custom' ? issue.params?.received : undefined
  const shown =
    typeof received === 'string' && !revealsSecret(received, secrets)
      ? ` ${gotClause(received)}`
      : ''
  return `${name}: ${issue.message}${shown}`
}

// --- schema building blocks -------------------------------------------------------------------

/**
 * A field whose raw string goes through `parse`; an {@link InputValueError} (or an AggregateError
 * of them, for lists) becomes one issue per problem on this field instead of stopping the parse.
 */
function parsed<T>(parse: (raw: string) => T, whenMissing = 'is required') {
  return z.string({ error: whenMissing }).transform((raw, ctx): T => {
    try {
      return parse(raw)
    } catch (error) {
      for (const problem of valueErrors(error)) {
        ctx.addIssue({
          code: 'custom',
          message: problem.problem,
          params: { received: problem.received }
        })
      }
      return z.NEVER
    }
  })
}

/** A `${{ }}` default for an optional field: a value from the run when there is one. */
function optionalWithFallback<T>(
  schema: ReturnType<typeof parsed<T>>,
  fallback: string | undefined
) {
  return fallback === undefined ? schema.optional() : schema.prefault(fallback)
}

/** A `${{ }}` default: a value from the run when there is one, else the field stays required. */
function withFallback<T>(schema: ReturnType<typeof parsed<T>>, fallback: string | undefined) {
  return fallback === undefined ? schema : schema.prefault(fallback)
}

function parseShard(raw: string): SbomShard {
  const shard = parseShardText(raw)
  if (shard !== undefined) return shard
  throw new InputValueError(
    `must be k/n with 1 ≤ k ≤ n ≤ ${MAX_SHARDS}, e.g. \${{ matrix.shard }}/8 with shard 1 to 8`,
    raw
  )
}

const DEFAULT_ISSUE_TYPES: readonly (typeof ISSUE_TYPES)[number][] = Object.freeze([...ISSUE_TYPES])

function parseIssueTypes(raw: string): readonly (typeof ISSUE_TYPES)[number][] {
  const types = listOf(entryOf(oneOf(ISSUE_TYPES), ISSUE_TYPES.join(', ')))(raw)
  if (types.length > 0) return types
  throw new InputValueError(`must name at least one of ${ISSUE_TYPES.join(', ')}`, raw)
}

/** The API filters on one status per request, so each listed status is one request chain. */
function parseStatuses(raw: string): readonly (typeof FINDING_STATUSES)[number][] {
  const allowed = FINDING_STATUSES.join(', ')
  const statuses = listOf(entryOf(oneOf(FINDING_STATUSES, underscored), allowed))(raw)
  if (statuses.length > 0) return statuses
  throw new InputValueError(`must name at least one of ${allowed}`, raw)
}

/** `none` alone is the explicit empty list, since an empty input means the default. */
function parseExposures(raw: string): readonly (typeof EXPOSURES)[number][] {
  if (raw.toLowerCase() === 'none') return Object.freeze([])
  const allowed = `${EXPOSURES.join(', ')} (or none alone, for no exposures)`
  return listOf(entryOf(oneOf(EXPOSURES, underscored), allowed))(raw)
}

function parseTag(tag: string): string {
  if ([...tag].length > MAX_TAG_LENGTH) {
    throw new InputValueError(`each tag must be at most ${MAX_TAG_LENGTH} characters`, tag)
  }
  return tag
}
