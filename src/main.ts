/**
 * The action, as one sequence: read the inputs → start the lookups → prove which scans are judged
 * → read and judge their findings → run the effects → report. `run` owns the final catch.
 */
import { isClientError } from './api/errors.js'
import { MAX_CONNECTIONS } from './api/dispatcher.js'
import { discoveredNote, resolveDeployment } from './api/deployments.js'
import { defaultRetryPolicy } from './api/retry.js'
import { Transport } from './api/transport.js'
import { readBaseline, type BaselineProof } from './collect/baseline.js'
import { startGateData, type DataLocation } from './collect/gate-data.js'
import { loadIgnoreSource, type IgnoreSource } from './collect/ignore-source.js'
import { lookUpProject } from './collect/project.js'
import type { Deployment, Project } from './domain.js'
import { runEffects } from './effects/run-effects.js'
import { NoVerdictError, UserError, type NoVerdictSoftener } from './errors.js'
import {
  baselineRefOf,
  confirmEvidence,
  proveEvidence,
  proveBaseline,
  provenCounts,
  scanLocation,
  type BaselineRef,
  type EvidenceLog,
  type ProvenScans
} from './evidence/evidence.js'
import type { Baseline } from './gate/baseline.js'
import { judgeFindings } from './gate/judge.js'
import { failureMessage, verdictHeadline } from './gate/message.js'
import type { Config, RunContext } from './inputs/index.js'
import { loadConfig } from './collect/config-source.js'
import { readOnMissingToken, tokenlessMessage, tokenlessRun } from './inputs/missing-token.js'
import type { RunReport } from './report/model.js'
import { publishReports } from './report/publish.js'
import { buildRunReport, type RunOutcome } from './report/run-report.js'
import type { Runner } from './runner/runner.js'
import { errorText } from './text/error-text.js'
import { VERSION } from './version.js'

/**
 * How a run ended: `passed` (softened failures included), `failed` (the gate's verdict alone
 * failed the step), or `error` (no verdict, bad inputs, an effect or a bug failed it). The action
 * needs none of it (the runner fails the step on any setFailed); the command maps it to its exit
 * code and writes its own reports from `report`, absent when the run ended before any request.
 */
export interface RunResult {
  readonly end: 'passed' | 'failed' | 'error'
  readonly report?: RunReport
}

/**
 * Runs the gate over `runner` (the action's entry passes the Actions runner, the command its
 * console runner). Never throws: every failure ends in one clear `setFailed` line.
 */
export async function run(ctx: RunContext, runner: Runner): Promise<RunResult> {
  try {
    return await runAction(ctx, runner)
  } catch (error) {
    runner.setFailed(`Findings Gate failed unexpectedly: ${errorText(error)}`)
    return { end: 'error' }
  }
}

async function runAction(ctx: RunContext, runner: Runner): Promise<RunResult> {
  const inputs = await readInputs(ctx, runner)
  if ('end' in inputs) return inputs
  const { config, ignores } = inputs
  const log = runLog(runner)
  const transport = createTransport(config, runner)
  let evaluation: Evaluation
  try {
    evaluation = await evaluate(config, transport, ignores, ctx, log)
  } finally {
    await transport.close()
  }
  const failure = noVerdictFailure(config, evaluation.failure, log)
  const report = buildRunReport(config, evaluation.outcome, log.warnings, ctx)
  const unwritten = await publishReports(report, config, ctx, runner)
  return { end: concludeStep(config, evaluation.outcome, [failure, ...unwritten], runner), report }
}

/**
 * The validated config and the ignore entries, or how the step already ended: the inputs are
 * wrong (nothing was sent), or a pull request that GitHub gives no token.
 */
async function readInputs(
  ctx: RunContext,
  runner: Runner
): Promise<{ config: Config; ignores: IgnoreSource } | RunResult> {
  const read = (name: string): string => runner.getInput(name)
  try {
    const token = read('api-token')
    if (token !== '') runner.setSecret(token)
    const tokenless = token === '' ? tokenlessRun(ctx) : undefined
    if (tokenless !== undefined) {
      const onMissingToken = readOnMissingToken(read)
      runner.setOutput('result', 'skipped')
      const message = tokenlessMessage(tokenless, onMissingToken)
      if (onMissingToken === 'warn') {
        runner.warning(message)
        return { end: 'passed' }
      }
      runner.setFailed(message)
      return { end: 'error' }
    }
    const config = await loadConfig(read, ctx, runner)
    return { config, ignores: await loadIgnoreSource(config, ctx, runner) }
  } catch (error) {
    // Before any request only the inputs and the ignore file can be wrong.
    if (!(error instanceof UserError)) throw error
    runner.setFailed(`Invalid inputs, nothing was sent:\n${error.message}`)
    return { end: 'error' }
  }
}

/** The lookups the later stages share; this is the one place that owns their rejections. */
interface Lookups {
  readonly deployment: Promise<Deployment>
  readonly project?: Promise<Project>
}

function startLookups(transport: Transport, config: Config, log: RunLog): Lookups {
  const deployment = resolveDeployment(transport, {
    slug: config.deploymentSlug,
    id: config.deploymentId
  })
  const project = needsProject(config)
    ? lookUpProject(transport, deployment, {
        slug: config.deploymentSlug,
        repository: config.repository
      })
    : undefined
  // Each is awaited by the stage that needs it, which reports its failure.
  deployment.catch(() => undefined)
  project?.catch(() => undefined)
  // The slug would let the project lookup go out with the deployment check.
  if (config.deploymentSlug === undefined && project !== undefined) {
    deployment.then(
      found => log.info(discoveredNote(found)),
      () => undefined
    )
  }
  return { deployment, ...(project ? { project } : {}) }
}

/** The run's outcome, and the error that left it without a verdict, if one did. */
interface Evaluation {
  readonly outcome: RunOutcome
  readonly failure?: UserError
}

async function evaluate(
  config: Config,
  transport: Transport,
  ignores: IgnoreSource,
  ctx: RunContext,
  log: RunLog
): Promise<Evaluation> {
  // The findings pages go out together once the scans are proven: their connections open now.
  if (readsFindings(config)) transport.preconnect(MAX_CONNECTIONS)
  const lookups = startLookups(transport, config, log)
  const { judged, failure } = readsFindings(config)
    ? await judge(config, transport, lookups, ignores, ctx, log)
    : { judged: { judgedTypes: config.issueTypes } }
  let deployment: Deployment
  try {
    deployment = await lookups.deployment
  } catch (error) {
    const cause = asUserError(error)
    return { outcome: { judgedTypes: config.issueTypes, noVerdict: cause.message }, failure: cause }
  }
  // The effects that need no verdict run even when the gate could not be evaluated.
  const effects = await runEffects({
    config,
    transport,
    deployment,
    project: lookups.project,
    verdict: judged.verdict,
    warn: log.warn,
    runner: log.runner
  })
  const noVerdict = failure === undefined ? {} : { noVerdict: failure.message }
  return { outcome: { ...judged, deployment, effects, ...noVerdict }, failure }
}

/** What judging gave: the proven scans, the types judged, the verdict. */
type Judgement = Pick<RunOutcome, 'evidence' | 'judgedTypes' | 'verdict'>

/**
 * Prove the scans, read their findings, prove the scans again, judge. What was proven before a
 * failure is kept for the report: the scans stay named even when their findings could not be read.
 */
async function judge(
  config: Config,
  transport: Transport,
  lookups: Lookups,
  ignores: IgnoreSource,
  ctx: RunContext,
  log: RunLog
): Promise<{ judged: Judgement; failure?: UserError }> {
  let judged: Judgement = { judgedTypes: config.issueTypes }
  try {
    const deployment = await lookups.deployment
    const location =
      config.requireScan === 'none' ? undefined : await scanLocation(deployment.id, lookups.project)
    const baselineRef = baselineRefOf(config.baselineRef, ctx)
    const [evidence, baselineScans] = await Promise.all([
      location &&
        proveEvidence(transport, location, { ...config, outsideGitHub: ctx.outsideGitHub }, log),
      location &&
        baselineRef &&
        proveBaseline(transport, location, baselineRef, config.issueTypes, log)
    ])
    const scope = judgedScope(config, evidence)
    judged = { evidence, judgedTypes: scope.issueTypes }
    const where = {
      deploymentSlug: deployment.slug,
      deploymentId: deployment.id,
      project: await lookups.project
    }
    const reads = startGateData(transport, where, scope, {
      warn: log.warn,
      counts: evidence && provenCounts(evidence)
    })
    const proof = { scans: baselineScans, location }
    const baseline = startBaseline(transport, where, scope, baselineRef, proof, log)
    const found = await reads.findings
    // After the last page of every list (the mode lists too): the proof still holds.
    if (location && evidence) await confirmEvidence(transport, location, evidence, log)
    const context = await reads.context
    const { verdict, warnings } = judgeFindings({
      ...found,
      ...context,
      baseline: await baseline,
      thresholds: scope,
      ignores: await ignores.applied,
      ignoreRules: scope.ignoreRules,
      now: ctx.now
    })
    for (const warning of warnings) log.warn(warning)
    return { judged: { ...judged, verdict } }
  } catch (error) {
    return { judged, failure: asUserError(error) }
  }
}

/**
 * The baseline's findings, read beside the gated ref's: with scans to prove, only from the
 * baseline's proven scans (none proven: no baseline, a warning already said so); with
 * `require-scan: none`, as its first evidence spelling holds them (on GitHub
 * `refs/heads/<branch>`).
 */
function startBaseline(
  transport: Transport,
  where: DataLocation,
  scope: Config,
  ref: BaselineRef | undefined,
  proof: BaselineProof,
  log: RunLog
): Promise<Baseline | undefined> {
  if (ref === undefined || (proof.location !== undefined && proof.scans === undefined)) {
    return Promise.resolve(undefined)
  }
  return readBaseline(transport, where, scope, ref, proof, log)
}

/** The config the findings are read and judged under: the proven scans' types and ref spelling. */
function judgedScope(config: Config, evidence: ProvenScans | undefined): Config {
  if (evidence === undefined) return config
  const issueTypes = config.issueTypes.filter(type => evidence.scans.has(type))
  return { ...config, issueTypes, ref: evidence.branch }
}

/** A failure a user can act on is reported as "no verdict"; any other is a bug, rethrown. */
function asUserError(error: unknown): UserError {
  if (error instanceof UserError) return error
  throw error
}

/** Which input may turn this failure into a warning: API failures and unproven evidence only. */
function softenerOf(error: unknown): NoVerdictSoftener | undefined {
  if (error instanceof NoVerdictError) return error.softenedBy
  return isClientError(error) ? 'on-api-error' : undefined
}

const SOFTENER_FIELDS = {
  'on-missing-scan': 'onMissingScan',
  'on-api-error': 'onApiError'
} as const satisfies Record<NoVerdictSoftener, keyof Config>

/** The line a run without a verdict fails with, or undefined when an input softens it to a warning. */
function noVerdictFailure(
  config: Config,
  failure: UserError | undefined,
  log: RunLog
): string | undefined {
  if (failure === undefined) return undefined
  const softener = softenerOf(failure)
  if (softener !== undefined && config[SOFTENER_FIELDS[softener]] === 'warn') {
    log.warn(`No verdict (${softener}: warn, the step passes): ${failure.message}`)
    return undefined
  }
  return `No verdict: ${failure.message}`
}

/** Each failure gets its own line: a gate that could not run, an effect that did not complete. */
function concludeStep(
  config: Config,
  outcome: RunOutcome,
  failures: readonly (string | undefined)[],
  runner: Runner
): RunResult['end'] {
  const errors = [...failures, outcome.effects?.failure].filter(
    (line): line is string => line !== undefined && line !== ''
  )
  for (const line of errors) runner.setFailed(line)
  const gate = outcome.noVerdict === undefined ? concludeGate(config, outcome, runner) : 'passed'
  return errors.length > 0 ? 'error' : gate
}

/** The verdict's line: a failure, a warning under warn-only, or the passing headline. */
function concludeGate(config: Config, outcome: RunOutcome, runner: Runner): RunResult['end'] {
  const verdict = config.gate ? outcome.verdict : undefined
  if (verdict?.result === 'failed') {
    const message = failureMessage(verdict)
    if (config.warnOnly) {
      runner.warning(`Gate failed (warn-only, the step passes): ${message}`)
      return 'passed'
    }
    runner.setFailed(message)
    return 'failed'
  }
  if (verdict) runner.info(verdictHeadline(verdict))
  return 'passed'
}

function createTransport(config: Config, runner: Runner): Transport {
  return new Transport({
    baseUrl: config.baseUrl,
    token: config.apiToken,
    timeoutMs: config.timeoutSeconds * 1000,
    retry: defaultRetryPolicy(config.maxRetries),
    userAgent: `findings-gate/${VERSION}`,
    onRetry: event =>
      runner.info(
        `${event.request.method} ${event.request.path}: ${event.reason}; retry ${event.retry} of ${event.retries} in ${(event.delayMs / 1000).toFixed(1)} s`
      )
  })
}

/** The log of a run: its warnings are also kept, for the summary. */
interface RunLog extends EvidenceLog {
  readonly warnings: readonly string[]
  readonly runner: Runner
}

function runLog(runner: Runner): RunLog {
  const warnings: string[] = []
  return {
    warnings,
    runner,
    info: message => runner.info(message),
    warn: message => {
      warnings.push(message)
      runner.warning(message)
    }
  }
}

/** The run evaluates findings: for the gate, or for the tickets, which need them even without it. */
function readsFindings(config: Config): boolean {
  return config.gate || config.createTickets
}

/**
 * Whenever findings are read, even with `require-scan: none`: those of a repository the deployment
 * does not have (a typo) would read as none and pass; its lookup failing is no verdict, naming it.
 */
function needsProject(config: Config): boolean {
  return (
    readsFindings(config) ||
    config.projectTags.length > 0 ||
    (config.sbomExport && config.sbomScope === 'repository')
  )
}
