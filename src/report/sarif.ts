/**
 * SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif) and other consumers.
 *
 * Decisions:
 * - A finding without a file location is not a SARIF result (GitHub code scanning rejects
 *   results without a location, and an invented location would be a lie). It is recorded as a
 *   tool execution notification of the run's invocation instead, so the file still accounts
 *   for every finding.
 * - `automationDetails.id` is `<category>/`: GitHub closes the alerts of an upload that are
 *   missing from the next upload of the same category, so each configuration of the action
 *   needs its own category.
 * - Ignored findings are results with an `external` suppression (the justification is the
 *   ignore reason), so code scanning shows them as dismissed rather than losing them.
 * - Code scanning rejects a run of more than 25,000 results: the run holds the first 25,000 in
 *   the report's order (blocking first, then the most severe), and its `properties.leftOut` says
 *   how many findings it left out, and why. sarif-file.ts lowers that number further when the
 *   file would be too large.
 */
import type { Log, Notification, Result } from 'sarif'
import type { EvaluatedFinding, Finding } from '../domain.js'
import { formatCount } from './escape.js'
import type { LeftOut, RunReport } from './model.js'
import { buildRule } from './sarif-rules.js'
import { buildResult, ResultTexts, unlocatedNotification } from './sarif-results.js'

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json'
export const SARIF_TOOL_NAME = 'Findings Gate'

export interface SarifOptions {
  /** Code-scanning category: one per configuration whose alerts should be kept apart. */
  readonly category: string
  readonly toolVersion: string
  /** Where to read about the tool (e.g. the action's repository); omitted when unknown. */
  readonly informationUri?: string
}

export function automationId(category: string): string {
  const trimmed = category.trim().replace(/\/+$/, '')
  return `${trimmed === '' ? 'findings-gate' : trimmed}/`
}

/** GitHub code scanning rejects a run with more results than this. */
export const SARIF_MAX_RESULTS = 25_000

export interface SarifLimits {
  /** Results in the run at most. */
  readonly maxResults: number
  /** Findings in the file at most, results and notifications together (to fit a size). */
  readonly maxFindings?: number
  /** Why findings past maxFindings are left out. */
  readonly sizeReason?: string
}

export interface SarifRun {
  readonly log: Log
  /** Results in the run. */
  readonly results: number
  /** Findings in the file: its results and its notifications. */
  readonly findings: number
  readonly leftOut?: LeftOut
}

function located(evaluated: EvaluatedFinding): boolean {
  const location = evaluated.finding.location
  return location !== undefined && location.path.trim() !== ''
}

/** The findings the file holds, in the report's order, within the limits. */
function selectFindings(
  findings: readonly EvaluatedFinding[],
  limits: SarifLimits
): { kept: EvaluatedFinding[]; leftOut?: LeftOut } {
  const maxFindings = limits.maxFindings ?? Number.POSITIVE_INFINITY
  const kept: EvaluatedFinding[] = []
  let results = 0
  let left = 0
  let leftBlocking = 0
  let bySize = false
  for (const evaluated of findings) {
    const result = located(evaluated)
    if (kept.length < maxFindings && (!result || results < limits.maxResults)) {
      kept.push(evaluated)
      if (result) results++
      continue
    }
    bySize ||= kept.length >= maxFindings
    left++
    if (evaluated.blocking) leftBlocking++
  }
  if (left === 0) return { kept }
  const why =
    bySize && limits.sizeReason !== undefined
      ? limits.sizeReason
      : `GitHub code scanning accepts at most ${formatCount(limits.maxResults)} results in a run`
  return { kept, leftOut: { findings: left, blocking: leftBlocking, why } }
}

export function buildSarif(report: RunReport, opts: SarifOptions): Log {
  return buildSarifRun(report, opts).log
}

/** The log, with what it holds and what it left out. */
export function buildSarifRun(
  report: RunReport,
  opts: SarifOptions,
  limits: SarifLimits = { maxResults: SARIF_MAX_RESULTS }
): SarifRun {
  const { kept: findings, leftOut } = selectFindings(report.verdict?.findings ?? [], limits)

  // One rule per distinct rule name, in the order rules first appear.
  const byRule = new Map<string, Finding[]>()
  for (const { finding } of findings) {
    const group = byRule.get(finding.ruleName)
    if (group) group.push(finding)
    else byRule.set(finding.ruleName, [finding])
  }
  const ruleNames = [...byRule.keys()]
  const ruleIndex = new Map(ruleNames.map((name, i) => [name, i]))
  const rules = ruleNames.map(name => buildRule(name, byRule.get(name) ?? []))

  const results: Result[] = []
  const notifications: Notification[] = []
  const texts = new ResultTexts()
  const withBaseline = report.verdict?.baseline !== undefined
  for (const evaluated of findings) {
    const index = ruleIndex.get(evaluated.finding.ruleName) ?? 0
    const location = evaluated.finding.location
    if (location !== undefined && located(evaluated)) {
      results.push(buildResult(evaluated, location, index, texts, withBaseline))
    } else {
      notifications.push(unlocatedNotification(evaluated, index))
    }
  }
  const properties = {
    // Which scan the results come from (or that nobody checked): code scanning keeps it.
    ...(report.evidence && { scanEvidence: report.evidence }),
    ...(leftOut && { leftOut })
  }

  const log: Log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: SARIF_TOOL_NAME,
            version: opts.toolVersion,
            ...(opts.informationUri !== undefined && { informationUri: opts.informationUri }),
            rules
          }
        },
        automationDetails: { id: automationId(opts.category) },
        ...(Object.keys(properties).length > 0 && { properties }),
        invocations: [
          {
            executionSuccessful: true,
            ...(notifications.length > 0 && { toolExecutionNotifications: notifications })
          }
        ],
        results
      }
    ]
  }
  return { log, results: results.length, findings: findings.length, ...(leftOut && { leftOut }) }
}
