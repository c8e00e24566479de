/**
 * Step outputs (see action.yml). Only the outputs that apply to this run are set: a count the
 * gate did not compute is left unset rather than reported as `0`, which would read as "clean".
 */
import type { SeverityCounts } from '../domain.js'
import { formatCount } from './escape.js'
import type { RunReport, SbomExportReport } from './model.js'
import { listOutput, type ListOutput } from './output-lists.js'
import type { Runner } from '../runner/runner.js'

/** Values known only to the caller: where files were written, the PR comment's URL. */
export interface OutputExtras {
  readonly reportFile?: string
  readonly sarifFile?: string
  readonly commentUrl?: string
  /** The sbom-file input: a file, or a directory with sbom-scope deployment. */
  readonly sbomFile?: string
}

export type OutputName =
  | 'result'
  | 'findings-count'
  | 'new-count'
  | 'blocking-count'
  | 'sast-count'
  | 'sca-count'
  | 'secrets-count'
  | 'ai-sast-count'
  | 'blocking-ids'
  | 'tickets-created'
  | 'ticket-urls'
  | 'project-tags'
  | 'sbom-task-token'
  | 'sbom-task-tokens'
  | 'sbom-status'
  | 'sbom-file'
  | 'sbom-projects'
  | 'deployment-slug'
  | 'deployment-id'
  | 'report-file'
  | 'sarif-file'
  | 'comment-url'
  | 'scan-id'
  | 'scan-commit'

type SbomOutputStatus = 'completed' | 'failed' | 'in_progress' | 'timed_out'

/** action.yml documents four statuses; the report's extra ones map onto them. */
function sbomOutputStatus(status: SbomExportReport['status']): SbomOutputStatus {
  switch (status) {
    case 'completed':
    case 'failed':
    case 'in_progress':
    case 'timed_out':
      return status
    case 'started':
      return 'in_progress'
    case 'error':
      return 'failed'
  }
}

/** One status for several exports: the worst one (failed, then timed out, then in progress). */
function aggregateSbomStatus(exports: readonly SbomExportReport[]): SbomOutputStatus {
  const statuses = new Set(exports.map(e => sbomOutputStatus(e.status)))
  for (const worst of ['failed', 'timed_out', 'in_progress'] as const) {
    if (statuses.has(worst)) return worst
  }
  return 'completed'
}

function sum(values: SeverityCounts): number {
  return values.low + values.medium + values.high + values.critical
}

/** Called for a list output that holds only the first entries. */
export type OnCut = (name: OutputName, list: ListOutput) => void

/** Output name → value, for every output of action.yml that applies to this run. */
export function buildOutputs(
  report: RunReport,
  extras: OutputExtras = {},
  onCut: OnCut = () => undefined
): Record<string, string> {
  const out: Record<string, string> = {}
  // Typed setter: a misspelt output name is a compile error, not a silently missing output.
  const set = (name: OutputName, value: string): void => {
    out[name] = value
  }
  const setList = (name: OutputName, values: readonly (string | number)[]): void => {
    const list = listOutput(values)
    set(name, list.json)
    if (list.omitted > 0) onCut(name, list)
  }
  set('result', report.status.result)
  const { verdict, tickets, tags, sbom } = report

  if (verdict) {
    set('findings-count', String(verdict.counts.total))
    // Without baseline-ref every finding is new.
    set('new-count', String(verdict.counts.total - verdict.existing.length))
    set('blocking-count', String(verdict.blocking.length + verdict.licenseViolations.length))
    set('sast-count', String(sum(verdict.counts.sast)))
    set('sca-count', String(sum(verdict.counts.sca)))
    set('secrets-count', String(sum(verdict.counts.secrets)))
    // Only when judged: a deployment without the product must not read as "no AI findings".
    if (report.scope.issueTypes.includes('ai_sast')) {
      set('ai-sast-count', String(sum(verdict.counts.ai_sast)))
    }
    setList(
      'blocking-ids',
      verdict.blocking.map(f => f.finding.id)
    )
  }
  if (tickets) {
    set('tickets-created', String(tickets.created.length))
    setList(
      'ticket-urls',
      tickets.created.flatMap(t => (t.url ? [t.url] : []))
    )
  }
  if (tags) set('project-tags', JSON.stringify(tags.tags))
  // Set even when a shard holds no project: 0 is then the true count.
  if (sbom?.projects !== undefined) set('sbom-projects', String(sbom.projects))
  if (sbom && sbom.exports.length > 0) {
    // fromEntries defines own properties, so a project named `__proto__` is kept, not swallowed.
    const tokens = Object.fromEntries(
      sbom.exports.flatMap(e => (e.taskToken === undefined ? [] : [[e.project, e.taskToken]]))
    )
    set('sbom-task-tokens', JSON.stringify(tokens))
    const only = sbom.exports.length === 1 ? sbom.exports[0] : undefined
    if (only?.taskToken !== undefined) set('sbom-task-token', only.taskToken)
    set('sbom-status', aggregateSbomStatus(sbom.exports))
    const file = extras.sbomFile ?? only?.file
    if (file !== undefined && file !== '') set('sbom-file', file)
  }
  if (report.evidence && report.evidence.required !== 'none') {
    // Usually one scan judges every type; with several, each id (and commit) once, comma-separated.
    const { scans } = report.evidence
    set('scan-id', [...new Set(scans.map(scan => scan.id))].join(','))
    set('scan-commit', [...new Set(scans.map(scan => scan.commit))].join(','))
  }
  const deployment = report.scope.deployment
  if (deployment) {
    set('deployment-slug', deployment.slug)
    set('deployment-id', deployment.id)
  }
  if (extras.reportFile) set('report-file', extras.reportFile)
  if (extras.sarifFile) set('sarif-file', extras.sarifFile)
  if (extras.commentUrl) set('comment-url', extras.commentUrl)
  return out
}

/** The log line of a list output cut to its first entries. */
export function cutText(name: OutputName, list: ListOutput, reportFile?: string): string {
  const total = list.kept + list.omitted
  const where =
    reportFile === undefined
      ? 'set report-file for a JSON report that lists every one'
      : `the JSON report (${reportFile}) lists every one`
  return (
    `Output ${name} holds the first ${formatCount(list.kept)} of ${formatCount(total)} entries ` +
    `(GitHub limits a step output to 1 MB): ${formatCount(list.omitted)} left out; ${where}.`
  )
}

/**
 * Sets every output that applies, and warns of each list output cut to its first entries;
 * returns what was set.
 */
export function setOutputs(
  report: RunReport,
  extras: OutputExtras,
  runner: Runner
): Record<string, string> {
  const outputs = buildOutputs(report, extras, (name, list) =>
    runner.warning(cutText(name, list, extras.reportFile))
  )
  for (const [name, value] of Object.entries(outputs)) runner.setOutput(name, value)
  return outputs
}
