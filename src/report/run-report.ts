/** The run's outcome as the one RunReport every reporter reads. */
import type { Deployment, IssueType, Verdict } from '../domain.js'
import type { EffectsOutcome } from '../effects/run-effects.js'
import { scanGroups, type ProvenScans } from '../evidence/evidence.js'
import { verdictHeadline } from '../gate/message.js'
import type { Config, RunContext } from '../inputs/index.js'
import { effectsReport } from './effects-report.js'
import type { EvidenceReport, RunReport, ScanReport } from './model.js'

/** What a run found out, whatever stage it reached. */
export interface RunOutcome {
  readonly deployment?: Deployment
  /** The proven scans; undefined with require-scan none, or when they were not proven. */
  readonly evidence?: ProvenScans
  /** The types judged: those asked for, less those no scan vouched for. */
  readonly judgedTypes: readonly IssueType[]
  readonly verdict?: Verdict
  readonly effects?: EffectsOutcome
  /** Why there is no verdict, when the gate could not be evaluated. */
  readonly noVerdict?: string
}

export function buildRunReport(
  config: Config,
  outcome: RunOutcome,
  warnings: readonly string[],
  ctx: RunContext
): RunReport {
  const { verdict, noVerdict } = outcome
  const gated = config.gate ? verdict : undefined
  const result = noVerdict !== undefined || !gated ? 'skipped' : gated.result
  const headline =
    noVerdict !== undefined
      ? `No verdict: ${noVerdict}`
      : gated
        ? verdictHeadline(gated)
        : 'Gate skipped: gate is false; only the configured effects ran'
  const { env } = ctx
  const runUrl =
    env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined
  const evidence = evidenceReport(config, outcome)
  return {
    version: 1,
    status: { result, headline, ...(noVerdict !== undefined ? { apiError: true } : {}) },
    scope: {
      deployment: outcome.deployment,
      repository: config.repository,
      ref: config.ref,
      ...(config.since !== undefined ? { since: new Date(config.since * 1000).toISOString() } : {}),
      issueTypes: outcome.judgedTypes,
      findingStatus: config.status
    },
    thresholds: {
      failOnSeverity: config.failOnSeverity,
      failOnPolicyMode: config.failOnPolicyMode,
      failOnExposures: config.failOnExposures,
      failOnMalicious: config.failOnMalicious,
      failOnSecrets: config.failOnSecrets,
      denyLicenses: config.denyLicenses,
      warnOnly: config.warnOnly,
      failOnTransitivities: config.failOnTransitivities,
      ignoreUnfixed: config.ignoreUnfixed,
      ...(config.failOnEpss !== undefined && { failOnEpss: config.failOnEpss }),
      allowLicenses: config.allowLicenses,
      ...(config.configFile !== undefined && { configFile: config.configFile })
    },
    ...(evidence ? { evidence } : {}),
    ...(gated ? { verdict: gated } : {}),
    ...(outcome.effects ? effectsReport(outcome.effects.outcomes) : {}),
    warnings,
    ...(runUrl ? { runUrl } : {})
  }
}

function evidenceReport(config: Config, outcome: RunOutcome): EvidenceReport | undefined {
  if (!config.gate && !config.createTickets) return undefined
  if (config.requireScan === 'none') return { required: 'none' }
  const proven = outcome.evidence
  if (!proven) return undefined
  const iso = (ms: number | undefined): string | undefined =>
    ms === undefined ? undefined : new Date(ms).toISOString()
  const scans = [...scanGroups(proven)].map(([scan, types]): ScanReport => ({
    id: scan.id,
    commit: scan.commit,
    branch: scan.branch,
    status: scan.statusText,
    types,
    fullScan: scan.fullScan,
    startedAt: iso(scan.startedAt),
    completedAt: iso(scan.completedAt),
    ...(proven.provenAt !== undefined && scan.completedAt !== undefined
      ? { ageSeconds: Math.max(0, Math.round((proven.provenAt - scan.completedAt) / 1000)) }
      : {})
  }))
  return {
    required: proven.mode,
    scans,
    notJudged: config.issueTypes.filter(type => !proven.scans.has(type)),
    requestedRef: proven.requestedRef,
    branch: proven.branch,
    waitedSeconds: proven.waitedSeconds
  }
}
