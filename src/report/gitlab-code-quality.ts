/**
 * GitLab's Code Quality report (`artifacts: reports: codequality`), so the findings show in the
 * merge request's widget. GitLab compares the report of the merge request's pipeline with the
 * target branch's, and shows only the first issue of each fingerprint: fingerprints must be
 * unique in a report and the same for the same finding in every run.
 *
 * - Severity: a blocking finding is a `blocker` (it blocks the merge, whatever its severity);
 *   the others by severity: critical → critical, high → major, medium → minor, low → info.
 * - Ignored findings are left out (someone accepted them), and so are findings without a file
 *   location (GitLab requires a path; an invented one would be a lie), counted in `unplaced`.
 * - Denied-license dependencies have no file either; the summary and the JUnit report list them.
 */
import { createHash } from 'node:crypto'
import type { EvaluatedFinding, Severity } from '../domain.js'
import { oneLine, PARAGRAPH_CHARS, truncate } from '../text/plain.js'
import { dependencyText, reasonsText } from './labels.js'
import type { RunReport } from './model.js'

export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker'

export interface CodeQualityIssue {
  readonly description: string
  readonly check_name: string
  readonly fingerprint: string
  readonly severity: CodeQualitySeverity
  readonly location: { readonly path: string; readonly lines: { readonly begin: number } }
}

export interface CodeQualityReport {
  readonly issues: readonly CodeQualityIssue[]
  /** Findings that would have been issues but have no file location. */
  readonly unplaced: number
}

const BY_SEVERITY: Readonly<Record<Severity, CodeQualitySeverity>> = {
  critical: 'critical',
  high: 'major',
  medium: 'minor',
  low: 'info'
}

export function codeQualitySeverity(evaluated: EvaluatedFinding): CodeQualitySeverity {
  return evaluated.blocking ? 'blocker' : BY_SEVERITY[evaluated.finding.severity]
}

/** The issues of a judged run, in the verdict's order (blocking first, worst first). */
export function buildCodeQuality(report: RunReport): CodeQualityReport {
  const shown = (report.verdict?.findings ?? []).filter(each => each.ignored === undefined)
  const placed = shown.filter(each => (each.finding.location?.path.trim() ?? '') !== '')
  const keys = uniqueKeys(placed.map(fingerprintKey))
  const issues = placed.map((each, index) => issueOf(each, keys[index] ?? ''))
  return { issues, unplaced: shown.length - placed.length }
}

function issueOf(evaluated: EvaluatedFinding, key: string): CodeQualityIssue {
  const { finding } = evaluated
  const location = finding.location ?? { path: '' }
  return {
    description: descriptionOf(evaluated),
    check_name: oneLine(truncate(finding.ruleName, 300)),
    fingerprint: createHash('sha256').update(key).digest('hex'),
    severity: codeQualitySeverity(evaluated),
    location: {
      path: oneLine(truncate(location.path, PARAGRAPH_CHARS)),
      lines: { begin: location.line !== undefined && location.line > 0 ? location.line : 1 }
    }
  }
}

/** The rule's message, the dependency of an SCA finding, and why it blocks. */
function descriptionOf(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  const reasons = reasonsText(evaluated.reasons)
  const parts = [
    oneLine(truncate(finding.ruleMessage, PARAGRAPH_CHARS)),
    oneLine(truncate(dependencyText(finding), 300)),
    evaluated.blocking && reasons !== '' ? `Blocking: ${reasons}.` : ''
  ]
  return parts.filter(part => part !== '').join(' ')
}

/**
 * What identifies a finding across runs: the platform's match-based id (it survives line moves
 * and is the same on every branch), else its syntactic id, else the rule, file and line.
 */
function fingerprintKey(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  if (finding.matchBasedId) return `${finding.type}\u0000match\u0000${finding.matchBasedId}`
  if (finding.syntacticId) return `${finding.type}\u0000syntactic\u0000${finding.syntacticId}`
  const { path = '', line = 0 } = finding.location ?? {}
  return `${finding.type}\u0000rule\u0000${finding.ruleName}\u0000${path}\u0000${line}`
}

/** The second finding with a key gets `#2`, and so on: unique, and stable for a stable order. */
function uniqueKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return keys.map(key => {
    const count = (seen.get(key) ?? 0) + 1
    seen.set(key, count)
    return count === 1 ? key : `${key}\u0000#${count}`
  })
}
