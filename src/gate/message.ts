import type { EvaluatedFinding, LicenseViolation, Verdict } from '../domain.js'
import { oneLine, truncate } from '../text/plain.js'
import { violationsNoun } from './licenses.js'

const SHOWN = 3
const PART_CHARS = 160

/** Server text in a log line: one line, no control characters, bounded. */
function clean(text: string): string {
  return truncate(oneLine(truncate(text, PART_CHARS * 2)), PART_CHARS)
}

function where(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  if (finding.location)
    return ` at ${clean(finding.location.path)}${finding.location.line ? `:${finding.location.line}` : ''}`
  if (finding.type === 'sca' && finding.dependency)
    return ` in ${clean(`${finding.dependency.package}@${finding.dependency.version}`)}`
  return ''
}

function describeFinding(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  const malicious = finding.type === 'sca' && finding.malicious ? 'malicious ' : ''
  return `${malicious}${finding.severity} ${clean(finding.ruleName)}${where(evaluated)}`
}

function describeLicense(violation: LicenseViolation): string {
  const unreadable = violation.judgement === 'unparseable' ? ', cannot be read' : ''
  return clean(`${violation.package}@${violation.version} (${violation.license}${unreadable})`)
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

/** The one line a failing gate ends with: how many, and the worst ones by name and place. */
export function failureMessage(verdict: Verdict): string {
  const parts: string[] = []
  if (verdict.blocking.length > 0) {
    const shown = verdict.blocking.slice(0, SHOWN).map(describeFinding)
    const more =
      verdict.blocking.length > SHOWN ? `, and ${verdict.blocking.length - SHOWN} more` : ''
    parts.push(`${plural(verdict.blocking.length, 'blocking finding')}: ${shown.join(', ')}${more}`)
  }
  if (verdict.licenseViolations.length > 0) {
    const shown = verdict.licenseViolations.slice(0, SHOWN).map(describeLicense)
    const more =
      verdict.licenseViolations.length > SHOWN
        ? `, and ${verdict.licenseViolations.length - SHOWN} more`
        : ''
    parts.push(
      `${verdict.licenseViolations.length === 1 ? '1 dependency' : `${verdict.licenseViolations.length} dependencies`} with ${violationsNoun(verdict.licenseViolations)}: ${shown.join(', ')}${more}`
    )
  }
  return parts.join('; ')
}

/** The headline of a verdict, for the summary and the log. */
export function verdictHeadline(verdict: Verdict): string {
  if (verdict.result === 'failed') return `Gate failed: ${failureMessage(verdict)}`
  const ignored = verdict.ignored.length > 0 ? `, ${verdict.ignored.length} ignored` : ''
  return `Gate passed: ${plural(verdict.counts.total, 'finding')} in scope, none blocking${ignored}`
}
