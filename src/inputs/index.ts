/**
 * The inputs layer: every action input becomes one frozen, typed {@link Config}.
 *
 * One zod schema ({@link configSchema}) owns every default, every normalisation and every
 * cross-field rule, so `action.yml` and the code cannot silently disagree (a test compares them).
 * Parsing never stops at the first mistake: {@link readConfig} throws one {@link ConfigError} that
 * lists every problem as `<input-name>: <what is wrong and what is allowed>`.
 */
import { readFileSync, statSync } from 'node:fs'
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
import { parseDurationSeconds } from '../time/duration.js'
import { readsIgnoreFileAtBase } from '../collect/ignore-source.js'
import { MAX_SHARDS, parseShardText, type SbomShard } from '../actions/sbom-shard.js'
import { UserError } from '../errors.js'

/** Reads one input like `core.getInput`: '' when unset, already trimmed. */
export type InputReader = (name: string) => string

/** What the run knows besides its inputs; injected so tests control time, env and event. */
export interface RunContext {
  now: Date
  env: NodeJS.ProcessEnv
  eventName?: string
  eventPayload?: unknown
}

/** The inputs are unusable; `problems` holds one `<input-name>: <problem>` line per mistake. */
export class ConfigError extends UserError {
  override readonly name = 'ConfigError'
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(problems.join('\n'))
    this.problems = Object.freeze([...problems])
  }
}

/**
 * One value is invalid. `problem` says what is wrong and what is allowed, without naming the input
 * (the same rule serves several inputs); `received`, when set, is the offending text, echoed back
 * escaped and shortened. Secrets are never put in `received`.
 */
export class InputValueError extends Error {
  override readonly name = 'InputValueError'
  readonly problem: string
  readonly received?: string

  constructor(problem: string, received?: string) {
    super(received === undefined ? problem : `${problem} ${gotClause(received)}`)
    this.problem = problem
    if (received !== undefined) this.received = received
  }
}

// --- allowed values ---------------------------------------------------------------------------

/** Worst first, because that is how people read a threshold list. */
const SEVERITIES_WORST_FIRST: readonly Severity[] = [...SEVERITIES].reverse()

/** `disabled` rules never block, so it is no threshold; strictest first, like the severities. */
const GATED_POLICY_MODES = POLICY_MODES.filter(
  (mode): mode is Exclude<PolicyMode, 'disabled'> => mode !== 'disabled'
).reverse()

/** What `core.getBooleanInput` accepts (YAML 1.2 core schema booleans). */
const TRUE_WORDS = new Set(['true', 'True', 'TRUE'])
const FALSE_WORDS = new Set(['false', 'False', 'FALSE'])

const MAX_TAG_LENGTH = 64
const ECHO_LIMIT = 60

/** `since` beyond this is certainly a typo; milliseconds are the usual one (1e11 s is year 5138). */
const YEAR_3000_SECONDS = Date.UTC(3000, 0, 1) / 1000
const LOOKS_LIKE_MILLISECONDS = 1e11

/**
 * C0, DEL and C1 controls, plus line/paragraph separators and bidi overrides: they can forge log
 * lines or make text read differently than it parses, so values never contain them and echoes
 * show them escaped.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const CONTROL_CHARACTERS_GLOBAL = new RegExp(CONTROL_CHARACTERS.source, 'g')

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
      nonEmpty(ctx.env.GITHUB_REPOSITORY)
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

/**
 * True when `value` contains any 8-character run of a secret (or a whole shorter one): echoes are
 * shortened, so a mistyped or truncated token pasted into another input must not leak either.
 */
function revealsSecret(value: string, secrets: readonly string[]): boolean {
  return secrets.some(secret => {
    const window = Math.min(8, secret.length)
    for (let start = 0; start + window <= secret.length; start++) {
      if (value.includes(secret.slice(start, start + window))) return true
    }
    return false
  })
}

/** `(got "…")`, escaped and at most {@link ECHO_LIMIT} characters of the value. */
function gotClause(value: string): string {
  return `(got "${echo(value)}")`
}

function echo(value: string): string {
  let shown = ''
  for (const character of value) {
    const piece = escapeControl(character)
    if (shown.length + piece.length > ECHO_LIMIT) return `${shown}…`
    shown += piece
  }
  return shown
}

const NAMED_ESCAPES: Partial<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

function escapeControl(character: string): string {
  return character.replace(
    CONTROL_CHARACTERS_GLOBAL,
    control => NAMED_ESCAPES[control] ?? `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

// --- run context ------------------------------------------------------------------------------

/** The context of a real run: the clock, `process.env` and the event that triggered the workflow. */
export function defaultRunContext(): RunContext {
  const env = process.env
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

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target'])

/**
 * The ref the scanner records for this event (semgrep's `GithubMeta.branch`), so the findings
 * queried are those of this run's scan: `pull_request` → `refs/pull/<n>/merge` (GITHUB_REF);
 * `pull_request_target` → GITHUB_HEAD_REF, the head branch name, bare (`feature/login`), never the
 * base branch that GITHUB_REF names there; anything else → GITHUB_REF.
 */
function contextRef(ctx: RunContext): string | undefined {
  if (ctx.eventName === 'pull_request_target') {
    return nonEmpty(ctx.env.GITHUB_HEAD_REF) ?? pullRequestHeadRef(ctx.eventPayload)
  }
  const number = PULL_REQUEST_EVENTS.has(ctx.eventName ?? '')
    ? pullRequestNumber(ctx.eventPayload)
    : undefined
  return number === undefined ? nonEmpty(ctx.env.GITHUB_REF) : `refs/pull/${number}/merge`
}

/**
 * The commit the scanner records: on pull requests the head commit (GITHUB_SHA is the merge
 * commit there, or the base branch's head on pull_request_target), else GITHUB_SHA.
 */
function contextCommit(ctx: RunContext): string | undefined {
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

function missingRefProblem(ctx: RunContext): string {
  return ctx.eventName === 'pull_request_target'
    ? "is required on pull_request_target (the scanner records the pull request's head branch, GITHUB_HEAD_REF, which is not set; set ref)"
    : 'is required (set it, or run on GitHub Actions where GITHUB_REF is set)'
}

function pullRequestHeadRef(payload: unknown): string | undefined {
  if (!isRecord(payload) || !isRecord(payload.pull_request)) return undefined
  const head = payload.pull_request.head
  return isRecord(head) && typeof head.ref === 'string' ? nonEmpty(head.ref) : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
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

/** Unwraps our own errors; anything else is a bug and keeps propagating. */
function valueErrors(error: unknown): InputValueError[] {
  const errors: unknown[] = error instanceof AggregateError ? error.errors : [error]
  if (errors.every(each => each instanceof InputValueError)) return errors
  throw error
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

// --- value parsers (each throws InputValueError) ----------------------------------------------

function parseBoolean(raw: string): boolean {
  if (TRUE_WORDS.has(raw)) return true
  if (FALSE_WORDS.has(raw)) return false
  throw new InputValueError('must be true or false', raw)
}

function integerFrom(min: number, max: number): (raw: string) => number {
  return raw => {
    const value = Number(raw)
    if (/^\d+$/.test(raw) && value >= min && value <= max) return value
    throw new InputValueError(`must be an integer from ${min} to ${max}`, raw)
  }
}

const lowercase = (raw: string): string => raw.toLowerCase()

/** Lowercase, with spaces and hyphens read as underscores: `Always Reachable` → `always_reachable`. */
const underscored = (raw: string): string => raw.toLowerCase().replace(/[\s-]+/g, '_')

/** Case-insensitive choice among `values`; the message lists them in the given order. */
function oneOf<const T extends string>(
  values: readonly T[],
  normalise: (raw: string) => string = lowercase
): (raw: string) => T {
  return raw => {
    const wanted = normalise(raw)
    const found = values.find(value => value === wanted)
    if (found !== undefined) return found
    throw new InputValueError(`must be one of ${values.join(', ')}`, raw)
  }
}

function parseShard(raw: string): SbomShard {
  const shard = parseShardText(raw)
  if (shard !== undefined) return shard
  throw new InputValueError(
    `must be k/n with 1 ≤ k ≤ n ≤ ${MAX_SHARDS}, e.g. \${{ matrix.shard }}/8 with shard 1 to 8`,
    raw
  )
}

function parseDigits(raw: string): string {
  if (/^\d+$/.test(raw)) return raw
  throw new InputValueError('must be digits only, e.g. 12345', raw)
}

/** Tokens are never echoed, whatever is wrong with them. */
function parseToken(raw: string): string {
  if (/\s/.test(raw) || CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain whitespace or control characters')
  }
  return raw
}

function parsePlainText(raw: string): string {
  if (CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain control characters', raw)
  }
  return raw
}

const parsePath = parsePlainText

/** A slug is one URL path segment. */
function parseSlug(raw: string): string {
  if (/[\s/\\%]/.test(raw) || CONTROL_CHARACTERS.test(raw) || raw === '.' || raw === '..') {
    // `.`/`..` (even encoded) would be collapsed by URL parsing into another API path.
    throw new InputValueError(
      'must not be . or .. nor contain /, \\, %, whitespace or control characters',
      raw
    )
  }
  return raw
}

function parseRepository(raw: string): string {
  const segmentIsValid = (segment: string): boolean =>
    segment !== '' &&
    segment !== '.' &&
    segment !== '..' &&
    !/[%\\\s]/.test(segment) &&
    !CONTROL_CHARACTERS.test(segment)
  if (raw.split('/').every(segmentIsValid)) return raw
  throw new InputValueError(
    'must be like owner/name: /-separated segments that are not empty, "." or "..", without %, \\, whitespace or control characters',
    raw
  )
}

function parseRef(raw: string): string {
  if (/\s/.test(raw) || CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain whitespace or control characters', raw)
  }
  return raw
}

/** A full or abbreviated git sha; the scanner records full lowercase ones. */
function parseCommit(raw: string): string {
  if (/^[0-9a-f]{7,40}$/i.test(raw)) return raw.toLowerCase()
  throw new InputValueError('must be a git commit sha: 7 to 40 hexadecimal digits', raw)
}

function parseEmail(raw: string): string {
  if (/^[^\s@]+@[^\s@]+$/.test(raw) && !CONTROL_CHARACTERS.test(raw)) return raw
  throw new InputValueError('must be an e-mail address like security@example.com', raw)
}

/** The supplier URL only ends up in SBOM metadata, so any web URL will do. */
function parseWebUrl(raw: string): string {
  const url = URL.canParse(raw) && !/\s/.test(raw) ? new URL(raw) : undefined
  if (url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:')) return raw
  throw new InputValueError(
    'must be an http(s) URL like https://example.com',
    withoutCredentials(raw)
  )
}

/**
 * The API origin plus an optional path prefix, without a trailing slash. Plain http would send the
 * token in clear text, so it is only allowed to this machine (local emulators and proxies).
 */
function parseBaseUrl(raw: string): string {
  const shown = withoutCredentials(raw)
  if (/\s/.test(raw) || CONTROL_CHARACTERS.test(raw)) {
    throw new InputValueError('must not contain whitespace or control characters', shown)
  }
  if (!URL.canParse(raw)) {
    throw new InputValueError('must be an absolute URL like https://semgrep.dev', shown)
  }
  const url = new URL(raw)
  if (url.username !== '' || url.password !== '') {
    throw new InputValueError(
      'must not contain credentials (user:password@); the token goes in api-token'
    )
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname)))) {
    throw new InputValueError(
      'must use https (http only for localhost, 127.0.0.0/8 or [::1])',
      shown
    )
  }
  // `raw.includes` also catches a bare `?` or `#`, which URL normalises away.
  if (url.search !== '' || raw.includes('?')) {
    throw new InputValueError('must not contain a query string', shown)
  }
  if (url.hash !== '' || raw.includes('#')) {
    throw new InputValueError('must not contain a fragment (#…)', shown)
  }
  return url.origin + url.pathname.replace(/\/+$/, '')
}

function isLoopback(hostname: string): boolean {
  // WHATWG URL has already normalised IPv4 forms like 127.1 to 127.0.0.1.
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

/** Echoes of URLs hide any `user:password@` part. */
function withoutCredentials(raw: string): string {
  return raw.replace(/\/\/[^/?#]*@/, '//***@')
}

// --- lists ------------------------------------------------------------------------------------

/**
 * Split a list input on commas and/or newlines; entries are trimmed, empty ones dropped and
 * duplicates removed, keeping the first occurrence.
 */
export function parseList(raw: string): string[] {
  const entries = raw.split(/[,\r\n]/).map(entry => entry.trim())
  return unique(entries.filter(entry => entry !== ''))
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}

/** Free-text entries (rule names, licenses): listOf has already rejected control characters. */
const anyText = (entry: string): string => entry

/**
 * A list field whose entries are free of control characters and each go through `parseEntry`;
 * every bad entry is reported, not just the first. The result is frozen and deduplicated after
 * normalisation (`SAST,sast` → `[sast]`).
 */
function listOf<T>(parseEntry: (entry: string) => T): (raw: string) => readonly T[] {
  return raw => {
    const values: T[] = []
    const errors: InputValueError[] = []
    for (const entry of parseList(raw)) {
      try {
        values.push(parseEntry(parsePlainText(entry)))
      } catch (error) {
        errors.push(...valueErrors(error))
      }
    }
    if (errors.length > 0) throw new AggregateError(errors)
    return Object.freeze(unique(values))
  }
}

/** Wraps an enum parser so the message says it is about each entry of a list. */
function entryOf<T>(parseValue: (raw: string) => T, allowed: string): (entry: string) => T {
  return entry => {
    try {
      return parseValue(entry)
    } catch {
      throw new InputValueError(`each entry must be one of ${allowed}`, entry)
    }
  }
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

// --- since ------------------------------------------------------------------------------------

const SINCE_FORMATS =
  'must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w'

/**
 * The `since` input as whole epoch seconds (rounded down), or undefined when `raw` is blank.
 * Accepts ISO 8601 with `Z` or an offset (a bare date means midnight UTC), epoch seconds (possibly
 * fractional) and durations back from `now` (`30m`, `12h`, `7d`, `2w`).
 * @throws InputValueError, and only that, for anything else: ISO without a zone (ambiguous), values
 *   that look like milliseconds, times before 1970 or in the future, and unknown formats.
 */
export function parseSince(raw: string, now: Date): number | undefined {
  const text = raw.trim()
  if (text === '') return undefined
  const seconds = epochSeconds(text) ?? secondsBack(text, now) ?? isoSeconds(text)
  if (seconds === undefined) throw new InputValueError(SINCE_FORMATS, text)
  return pastOnly(Math.floor(seconds), text, now)
}

function pastOnly(seconds: number, text: string, now: Date): number {
  if (seconds < 0) throw new InputValueError('must not be before 1970-01-01', text)
  if (seconds > Math.floor(now.getTime() / 1000)) {
    throw new InputValueError('must not be in the future', text)
  }
  return seconds
}

function epochSeconds(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined
  const seconds = Number(text)
  if (seconds > LOOKS_LIKE_MILLISECONDS) {
    throw new InputValueError('must be epoch seconds, but this looks like milliseconds', text)
  }
  if (seconds > YEAR_3000_SECONDS) throw new InputValueError('must be before the year 3000', text)
  return seconds
}

function secondsBack(text: string, now: Date): number | undefined {
  const duration = parseDurationSeconds(text)
  if (duration === undefined) return undefined
  if (duration === 0) throw new InputValueError('must be a positive duration', text)
  return Math.floor(now.getTime() / 1000) - duration
}

/** Date, optional time with optional seconds and fraction, optional zone (checked separately). */
const ISO_8601 =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[Tt ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,]\d+)?)?(?<zone>[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/

interface DateTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function isoSeconds(text: string): number | undefined {
  const parts: Partial<Record<string, string>> | undefined = ISO_8601.exec(text)?.groups
  if (parts === undefined) return undefined
  if (parts.hour !== undefined && parts.zone === undefined) {
    throw new InputValueError(
      'must include a time zone (Z or an offset like +02:00); without one the time is ambiguous',
      text
    )
  }
  const time = dateTimeOf(parts)
  // Checked first because Date.UTC maps years 0-99 to 1900-1999.
  if (time.year < 1970) throw new InputValueError('must not be before 1970-01-01', text)
  if (!isRealDateTime(time)) {
    throw new InputValueError('must be a real calendar date and time', text)
  }
  const { year, month, day, hour, minute, second } = time
  return (
    Date.UTC(year, month - 1, day, hour, minute, second) / 1000 - offsetSeconds(parts.zone, text)
  )
}

/** Missing time parts are zero: a bare date is midnight UTC. */
function dateTimeOf(parts: Partial<Record<string, string>>): DateTime {
  const number = (name: string): number => Number(parts[name] ?? '0')
  return {
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
    second: number('second')
  }
}

/** The regular expression only checks digit counts; this rejects 2026-02-30 and 25:00. */
function isRealDateTime({ year, month, day, hour, minute, second }: DateTime): boolean {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const dateIsReal = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
  return dateIsReal && hour <= 23 && minute <= 59 && second <= 59
}

/** `Z`, `+02`, `+0200` or `+02:00` → seconds east of UTC. */
function offsetSeconds(zone: string | undefined, text: string): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2) || '0')
  if (hours > 23 || minutes > 59) {
    throw new InputValueError('must have an offset from -23:59 to +23:59', text)
  }
  return (zone.startsWith('-') ? -1 : 1) * (hours * 3600 + minutes * 60)
}
