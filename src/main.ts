import { isClientError } from './api/errors.js'
import { discoveredNote, resolveDeployment } from './api/deployments.js'
import { FINDINGS_SPECULATION } from './api/findings.js'
import { defaultRetryPolicy } from './api/retry.js'
import { Transport } from './api/transport.js'
import { collectGateData, lookUpProject, type GateData } from './collect/gate-data.js'
import type { Deployment, Project, Verdict } from './domain.js'
import { loadIgnoreSource, type IgnoreSource } from './collect/ignore-source.js'
import { failureMessage, unknownModeWarning, verdictHeadline } from './gate/message.js'
import { modeLookup } from './gate/modes.js'
import { judgeScopeDrops } from './gate/scope.js'
import { defaultRunContext, type Config, type RunContext } from './inputs/index.js'
import { loadConfig } from './collect/config-source.js'
import type { EffectsOutcome } from './effects/run-effects.js'
import type { EvidenceReport, RunReport } from './report/model.js'
import { effectsReport } from './report/effects-report.js'
import { forkPullRequest } from './inputs/pull-request.js'
import { VERSION } from './version.js'
import { errorText } from './text/error-text.js'
import { NoVerdictError, UserError, type NoVerdictSoftener } from './errors.js'
import { proveEvidence, type ScanEvidence } from './evidence/evidence.js'
import { judgeableTypes } from './evidence/products.js'
import { expectedFindings } from './evidence/early-count.js'
import { findingsOfProvenScan, startEarly } from './evidence/early-findings.js'
import type { Runner } from './runner/runner.js'
import { coreRunner } from './runner/core-runner.js'
import { FINDINGS_PRECONNECT, type EarlyConnections } from './early-connections.js'

const SOFTENER_FIELDS = {
  'on-missing-scan': 'onMissingScan',
  'on-api-error': 'onApiError'
} as const satisfies Record<NoVerdictSoftener, keyof Config>

/** Which input may turn this failure into a warning: API failures and unproven evidence only. */
function softenerOf(error: unknown): NoVerdictSoftener | undefined {
  if (error instanceof NoVerdictError) return error.softenedBy
  return isClientError(error) ? 'on-api-error' : undefined
}

/**
 * What a run needs only once its findings are in: the verdict, the actions and the reports. None
 * is needed before the first request, so they are loaded by import() once the first request is out,
 * and their parsing and evaluation overlap the network wait. Started with the requests instead, they
 * came first: the first request reached the server 28 ms later (medians of ten runs).
 */
const later = {
  gate: () => Promise.all([import('./gate/decide.js'), import('./gate/ignore-matcher.js')]),
  actions: () => import('./effects/run-effects.js'),
  reports: () => import('./report/publish.js')
}

/** Starts loading every later module; each use awaits its own import (a failure surfaces there). */
function preloadLater(): void {
  for (const load of Object.values(later)) load().catch(() => undefined)
}

function createTransport(
  config: Config,
  runner: Runner,
  early: EarlyConnections | undefined
): Transport {
  return new Transport({
    // The inputs were read for them as they are now, so they go to this origin.
    http: early?.origin === new URL(config.baseUrl).origin ? early.client : undefined,
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

/** The run evaluates findings: for the gate, or for the tickets, which need them even without it. */
function readsFindings(config: Config): boolean {
  return config.gate || config.createTickets
}

function needsProject(config: Config): boolean {
  return (
    (readsFindings(config) && config.requireScan !== 'none') ||
    (config.gate && config.denyLicenses.length > 0) ||
    config.projectTags.length > 0 ||
    (config.sbomExport && config.sbomScope === 'repository')
  )
}

interface Evaluation {
  readonly deployment?: Deployment
  readonly evidence?: ScanEvidence
  readonly verdict?: Verdict
  readonly actions?: EffectsOutcome
  /** Why the gate could not be evaluated; the actions that do not need findings still ran. */
  readonly gateError?: unknown
  readonly apiError?: string
}

async function evaluate(
  config: Config,
  transport: Transport,
  ignores: IgnoreSource,
  now: Date,
  warn: (message: string) => void,
  runner: Runner
): Promise<Evaluation> {
  // Opened ahead (here, if not before the action loaded), so they are ready when the findings
  // requests need them.
  if (readsFindings(config)) transport.preconnect(FINDINGS_PRECONNECT)
  const deployment = resolveDeployment(transport, {
    slug: config.deploymentSlug,
    id: config.deploymentId
  })
  // Settled by every path below; a rejection must not surface twice as unhandled.
  deployment.catch(() => undefined)
  // Only the findings wait on it: an export-only run has nothing to gain from the note.
  if (config.deploymentSlug === undefined && readsFindings(config)) {
    deployment.then(
      found => runner.info(discoveredNote(found)),
      () => undefined
    )
  }
  const project: Promise<Project> | undefined = needsProject(config)
    ? lookUpProject(transport, deployment, {
        slug: config.deploymentSlug,
        repository: config.repository
      })
    : undefined
  project?.catch(() => undefined)

  // Tickets need evaluated findings even when the gate itself is off.
  let verdict: Verdict | undefined
  let evidence: ScanEvidence | undefined
  let gateError: unknown
  if (readsFindings(config)) {
    try {
      const proof = proveEvidence(transport, deployment, project, config, message =>
        runner.info(message)
      )
      proof.catch(() => undefined)
      // What the scan found only sizes the findings requests; no count, no sizing.
      const expected = expectedFindings(transport, deployment, project, config, proof)
      const speculationLimit = FINDINGS_SPECULATION - expected.extraRequests
      // The findings are asked for while the scan is proven, and kept only if they are its own.
      const fetch = (scoped: Config, signal?: AbortSignal): Promise<GateData> =>
        collectGateData(transport, deployment, scoped, project, {
          warn,
          signal,
          expected: expected.counts,
          speculationLimit
        })
      const early = startEarly(config.ref, (ref, signal) => fetch({ ...config, ref }, signal))
      evidence = await proof
      // The findings are those of the ref as the proven scan spells it.
      const scoped = judgeableTypes(
        evidence ? { ...config, ref: evidence.branch } : config,
        evidence,
        warn
      )
      // Early findings of other types (secrets left out for a scan without them) are not these.
      const data =
        scoped.issueTypes.length === config.issueTypes.length
          ? findingsOfProvenScan(early, evidence, ref => fetch({ ...scoped, ref }))
          : (early.discard(), fetch(scoped))
      verdict = await evaluateGate(scoped, data, ignores, now, warn)
    } catch (error) {
      // Findings requests start before the slug is checked; whichever answers first, a wrong
      // deployment is reported as such.
      await deployment
      gateError = error
    }
  }
  const resolved = await deployment
  const { runEffects } = await later.actions()
  const actions = await runEffects({
    config,
    transport,
    deployment: resolved,
    project,
    verdict,
    warn,
    runner
  })
  return {
    deployment: resolved,
    evidence,
    verdict: config.gate ? verdict : undefined,
    actions,
    gateError
  }
}

async function evaluateGate(
  config: Config,
  gateData: Promise<GateData>,
  ignores: IgnoreSource,
  now: Date,
  warn: (message: string) => void
): Promise<Verdict> {
  const data = await gateData
  const [{ decide }, { buildIgnoreMatcher }] = await later.gate()
  // Throws NoVerdictError when every finding the server returned was out of scope.
  const dropWarning = judgeScopeDrops(data.dropped, data.findings.length)
  if (dropWarning !== undefined) warn(dropWarning)
  const { entries, proposed } = await ignores.applied
  const matcher = buildIgnoreMatcher(entries, config.ignoreRules, now)
  for (const expired of matcher.expired) {
    warn(
      `Ignore entry "${expired.description}" expired on ${expired.expires} and no longer applies`
    )
  }
  const verdict = decide({
    findings: data.findings,
    thresholds: config,
    modeOf: modeLookup(data.ruleModes),
    ignoreOf: matcher.match,
    licenseViolations: data.licenseViolations,
    expiredIgnores: matcher.expired,
    proposedIgnores: proposed
  })
  const unknownModes = unknownModeWarning(verdict)
  if (unknownModes !== undefined) warn(unknownModes)
  return verdict
}

function evidenceOf(config: Config, evaluation: Evaluation): { evidence?: EvidenceReport } {
  if (!readsFindings(config)) return {}
  if (config.requireScan === 'none') return { evidence: { required: 'none' } }
  const proven = evaluation.evidence
  if (!proven) return {}
  const { scan } = proven
  const iso = (ms: number | undefined): string | undefined =>
    ms === undefined ? undefined : new Date(ms).toISOString()
  return {
    evidence: {
      required: proven.mode,
      scan: {
        id: scan.id,
        commit: scan.commit,
        branch: scan.branch,
        status: scan.statusText,
        fullScan: scan.fullScan,
        startedAt: iso(scan.startedAt),
        completedAt: iso(scan.completedAt)
      },
      requestedRef: proven.requestedRef,
      waitedSeconds: proven.waitedSeconds,
      ageSeconds: proven.ageSeconds
    }
  }
}

function buildReport(
  config: Config,
  evaluation: Evaluation,
  warnings: readonly string[],
  ctx: RunContext
): RunReport {
  const { verdict, apiError } = evaluation
  const result = apiError !== undefined || !verdict ? 'skipped' : verdict.result
  const headline =
    apiError !== undefined
      ? `No verdict: ${apiError}`
      : verdict
        ? verdictHeadline(verdict)
        : 'Gate skipped: gate is false; only the configured actions ran'
  const runUrl =
    ctx.env.GITHUB_SERVER_URL && ctx.env.GITHUB_REPOSITORY && ctx.env.GITHUB_RUN_ID
      ? `${ctx.env.GITHUB_SERVER_URL}/${ctx.env.GITHUB_REPOSITORY}/actions/runs/${ctx.env.GITHUB_RUN_ID}`
      : undefined
  return {
    version: 1,
    status: { result, headline, ...(apiError !== undefined ? { apiError: true } : {}) },
    scope: {
      deployment: evaluation.deployment,
      repository: config.repository,
      ref: config.ref,
      ...(config.since !== undefined ? { since: new Date(config.since * 1000).toISOString() } : {}),
      issueTypes: config.issueTypes,
      findingStatus: config.status
    },
    thresholds: {
      failOnSeverity: config.failOnSeverity,
      failOnPolicyMode: config.failOnPolicyMode,
      failOnExposures: config.failOnExposures,
      failOnMalicious: config.failOnMalicious,
      failOnSecrets: config.failOnSecrets,
      denyLicenses: config.denyLicenses,
      warnOnly: config.warnOnly
    },
    ...evidenceOf(config, evaluation),
    ...(verdict ? { verdict } : {}),
    ...(evaluation.actions ? effectsReport(evaluation.actions.outcomes) : {}),
    warnings,
    ...(runUrl ? { runUrl } : {})
  }
}

/**
 * Runs the action. Never throws: every failure ends in one clear `setFailed` line. `early` are the
 * connections opened before the action loaded; the run uses them or closes them.
 */
export async function run(
  ctx: RunContext = defaultRunContext(),
  runner: Runner = coreRunner,
  early?: EarlyConnections
): Promise<void> {
  try {
    await runWith(ctx, runner, early)
  } finally {
    // Unused (the inputs failed, or named another origin): closed, not left to their idle expiry.
    // A transport that took them has closed them already; closing again does nothing.
    await early?.client.close()
  }
}

async function runWith(
  ctx: RunContext,
  runner: Runner,
  early: EarlyConnections | undefined
): Promise<void> {
  const token = runner.getInput('api-token')
  if (token !== '') runner.setSecret(token)
  if (token === '' && forkPullRequest(ctx)) {
    runner.warning(
      'No api-token: this is a pull request from a fork, which gets no secrets. The gate was skipped.'
    )
    runner.setOutput('result', 'skipped')
    return
  }

  let config: Config
  let ignores: IgnoreSource
  try {
    config = await loadConfig(name => runner.getInput(name), ctx, runner)
    ignores = await loadIgnoreSource(config, ctx, runner)
  } catch (error) {
    // Before any request only the inputs and the ignore file can be wrong.
    if (error instanceof UserError) {
      runner.setFailed(`Invalid inputs, nothing was sent:\n${error.message}`)
      return
    }
    runner.setFailed(`Findings Gate failed before any request: ${errorText(error)}`)
    return
  }

  const warnings: string[] = []
  const warn = (message: string): void => {
    warnings.push(message)
    runner.warning(message)
  }
  const transport = createTransport(config, runner, early)
  let evaluation: Evaluation
  let fatal: string | undefined
  const failed = (error: unknown): Evaluation => {
    const message = errorText(error)
    const softener = softenerOf(error)
    if (softener !== undefined && config[SOFTENER_FIELDS[softener]] === 'warn') {
      warn(`No verdict (${softener}: warn, the step passes): ${message}`)
    } else {
      fatal =
        error instanceof UserError
          ? `No verdict: ${message}`
          : `Findings Gate failed unexpectedly: ${message}`
    }
    return { apiError: message }
  }
  try {
    const evaluating = evaluate(config, transport, ignores, ctx.now, warn, runner)
    // On the turn after: the requests whose connections opened with the first one go out first.
    void transport.firstRequestSent.then(() =>
      setImmediate(() => {
        preloadLater()
        runner.preload()
      })
    )
    const outcome = await evaluating
    evaluation =
      outcome.gateError === undefined ? outcome : { ...outcome, ...failed(outcome.gateError) }
  } catch (error) {
    evaluation = failed(error)
  } finally {
    await transport.close()
  }

  const report = buildReport(config, evaluation, warnings, ctx)
  const { publishReports } = await later.reports()
  await publishReports(report, config, ctx, runner)

  // Each failure gets its own line: a gate that could not run, an action that did not complete.
  if (fatal !== undefined) runner.setFailed(fatal)
  if (evaluation.actions?.failure) runner.setFailed(evaluation.actions.failure)
  if (fatal !== undefined) return
  const { verdict } = evaluation
  if (verdict?.result === 'failed') {
    const message = failureMessage(verdict)
    if (config.warnOnly) runner.warning(`Gate failed (warn-only, the step passes): ${message}`)
    else runner.setFailed(message)
  } else if (verdict) {
    runner.info(verdictHeadline(verdict))
  }
}
