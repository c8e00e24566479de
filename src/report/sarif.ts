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
 */
import type { Log, Notification, Result } from 'sarif'
import type { Finding } from '../domain.js'
import type { RunReport } from './model.js'
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

export function buildSarif(report: RunReport, opts: SarifOptions): Log {
  const findings = report.verdict?.findings ?? []

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
  for (const evaluated of findings) {
    const index = ruleIndex.get(evaluated.finding.ruleName) ?? 0
    const location = evaluated.finding.location
    if (location !== undefined && location.path.trim() !== '') {
      results.push(buildResult(evaluated, location, index, texts))
    } else {
      notifications.push(unlocatedNotification(evaluated, index))
    }
  }

  return {
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
        // Which scan the results come from (or that nobody checked): code scanning keeps it.
        ...(report.evidence && { properties: { scanEvidence: report.evidence } }),
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
}
