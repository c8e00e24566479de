/**
 * The rules of a SARIF run, and the server text they and the results carry: bounded, control
 * characters dropped, and embedded links escaped.
 */
import type { ReportingDescriptor } from 'sarif'
import type { Finding, Severity } from '../domain.js'
import { severityRank } from '../domain.js'
import { annotationProperty } from './escape.js'
import { stripControl, truncate } from '../text/plain.js'

/** GitHub maps `security-severity` to its own levels: ≥ 9 critical, ≥ 7 high, ≥ 4 medium, else low. */
export const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '2.0'
}

const MESSAGE_LIMIT = 4_000

// --- rules ---------------------------------------------------------------------------------

/** `CWE-79: Improper Neutralization…` → `external/cwe/cwe-079`, the tag form GitHub recognises. */
export function cweTag(cwe: string): string | undefined {
  const match = /CWE-(\d+)/i.exec(cwe)
  return match?.[1] === undefined ? undefined : `external/cwe/cwe-${match[1].padStart(3, '0')}`
}

/**
 * Where to read about a rule: the Semgrep registry for SAST, the advisory for SCA; none for a
 * secret, nor for an AI-powered detection finding (its rule is the model's, not the registry's).
 */
export function ruleHelpUri(finding: Finding): string | undefined {
  if (finding.type === 'secrets' || finding.type === 'ai_sast') return undefined
  if (finding.type === 'sast') {
    return finding.ruleName.trim() === ''
      ? undefined
      : `https://semgrep.dev/r/${encodeURIComponent(finding.ruleName)}`
  }
  const id = finding.vulnerabilityId?.trim() ?? ''
  if (/^CVE-\d{4}-\d{4,}$/i.test(id)) return `https://nvd.nist.gov/vuln/detail/${id.toUpperCase()}`
  if (/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/i.test(id))
    return `https://github.com/advisories/${id}`
  return undefined
}

/**
 * Server text for a SARIF message: bounded, control characters dropped, and `[`/`]` escaped,
 * because SARIF viewers (GitHub included) turn `[text](target)` in a message into a link
 * (SARIF §3.11.6 "embedded links"), which a hostile rule message must not be able to forge.
 */
export function sarifText(text: string, maxChars: number = MESSAGE_LIMIT): string {
  return stripControl(truncate(text, maxChars))
    .trim()
    .replace(/[[\]]/g, ch => `\\${ch}`)
}

function firstLine(text: string): string {
  const line =
    stripControl(truncate(text, 1_000))
      .split('\n')
      .find(l => l.trim() !== '') ?? ''
  return annotationProperty(line, 200)
}

function worstSeverity(findings: readonly Finding[]): Severity {
  return findings.reduce<Severity>(
    (worst, f) => (severityRank(f.severity) > severityRank(worst) ? f.severity : worst),
    'low'
  )
}

export function buildRule(ruleName: string, findings: readonly Finding[]): ReportingDescriptor {
  const first = findings[0]
  const message = first ? sarifText(first.ruleMessage) : ''
  const helpUri = first ? ruleHelpUri(first) : undefined
  const cwes = new Set(findings.flatMap(f => f.cwe.flatMap(c => cweTag(c) ?? [])))
  const vulnerabilityId = first?.type === 'sca' ? first.vulnerabilityId : undefined
  return {
    id: ruleName,
    shortDescription: { text: firstLine(message) || ruleName || 'rule' },
    fullDescription: { text: message || ruleName || 'rule' },
    help: {
      text:
        [message, vulnerabilityId, helpUri].filter(s => s !== undefined && s !== '').join('\n\n') ||
        ruleName
    },
    ...(helpUri !== undefined && { helpUri }),
    properties: {
      tags: ['security', ...cwes],
      'security-severity': SECURITY_SEVERITY[worstSeverity(findings)]
    }
  }
}
