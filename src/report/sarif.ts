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
import { mkdir, open, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type {
  Location as SarifLocation,
  Log,
  Notification,
  Region,
  ReportingDescriptor,
  Result
} from 'sarif'
import type { BlockReason, EvaluatedFinding, Finding, Location, Severity } from '../domain.js'
import { severityRank } from '../domain.js'
import { transitivityOf } from '../gate/transitivity.js'
import { annotationProperty } from './escape.js'
import { stripControl, truncate } from '../text/plain.js'
import { dependencyText, epssText, fixText, reasonsText } from './labels.js'
import type { RunReport } from './model.js'

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json'
export const SARIF_TOOL_NAME = 'Findings Gate'
export const FINGERPRINT_MATCH_BASED = 'findingsGate/matchBasedId/v1'
export const FINGERPRINT_SYNTACTIC = 'findingsGate/syntacticId/v1'

/** GitHub maps `security-severity` to its own levels: ≥ 9 critical, ≥ 7 high, ≥ 4 medium, else low. */
export const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '2.0'
}

export interface SarifOptions {
  /** Code-scanning category: one per configuration whose alerts should be kept apart. */
  readonly category: string
  readonly toolVersion: string
  /** Where to read about the tool (e.g. the action's repository); omitted when unknown. */
  readonly informationUri?: string
}

const MESSAGE_LIMIT = 4_000

// --- rules ---------------------------------------------------------------------------------

/** `CWE-79: Improper Neutralization…` → `external/cwe/cwe-079`, the tag form GitHub recognises. */
export function cweTag(cwe: string): string | undefined {
  const match = /CWE-(\d+)/i.exec(cwe)
  return match?.[1] === undefined ? undefined : `external/cwe/cwe-${match[1].padStart(3, '0')}`
}

/** Where to read about a rule: the Semgrep registry for SAST, the advisory for SCA. */
export function ruleHelpUri(finding: Finding): string | undefined {
  if (finding.type === 'secrets') return undefined
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

function buildRule(ruleName: string, findings: readonly Finding[]): ReportingDescriptor {
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

// --- results -------------------------------------------------------------------------------

/** Replaces lone surrogates, which `encodeURI` refuses, with U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd'
  )
}

/**
 * A repository-relative path as a URI reference: forward slashes, no leading `./` or `/`, and
 * each segment percent-encoded where a URI needs it (`#` and `?` would start a fragment/query).
 */
export function pathToUri(path: string): string {
  const relative = stripControl(path)
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
  return relative
    .split('/')
    .map(segment => encodeURI(wellFormed(segment)).replace(/[#?]/g, ch => encodeURIComponent(ch)))
    .join('/')
}

function positive(n: number | undefined): n is number {
  return n !== undefined && Number.isInteger(n) && n >= 1
}

function region(location: Location): Region | undefined {
  if (!positive(location.line)) return undefined
  const endLine =
    positive(location.endLine) && location.endLine >= location.line ? location.endLine : undefined
  return {
    startLine: location.line,
    ...(positive(location.column) && { startColumn: location.column }),
    ...(endLine !== undefined && { endLine }),
    ...(positive(location.endColumn) && { endColumn: location.endColumn })
  }
}

/**
 * The text a result is made of, computed once per distinct value: rule messages, paths,
 * dependencies and lists of reasons repeat across thousands of findings.
 */
class ResultTexts {
  private readonly uris = new Map<string, string>()
  private readonly messages = new Map<string, string>()
  private readonly dependencies = new Map<string, string>()
  private readonly reasons = new Map<readonly BlockReason[], string>()

  uri(path: string): string {
    return remembered(this.uris, path, pathToUri)
  }
  message(ruleMessage: string): string {
    return remembered(this.messages, ruleMessage, text => sarifText(text))
  }
  dependency(dependency: string): string {
    return remembered(this.dependencies, dependency, text => sarifText(text, 300))
  }
  reasonsText(reasons: readonly BlockReason[]): string {
    return remembered(this.reasons, reasons, reasonsText)
  }
}

function remembered<K, V>(cache: Map<K, V>, key: K, compute: (key: K) => V): V {
  let value = cache.get(key)
  if (value === undefined) {
    value = compute(key)
    cache.set(key, value)
  }
  return value
}

function sarifLocation(location: Location, texts: ResultTexts): SarifLocation {
  const r = region(location)
  return {
    physicalLocation: {
      artifactLocation: { uri: texts.uri(location.path), uriBaseId: '%SRCROOT%' },
      ...(r !== undefined && { region: r })
    }
  }
}

export function sarifLevel(evaluated: EvaluatedFinding): Result.level {
  if (evaluated.blocking) return 'error'
  return severityRank(evaluated.finding.severity) >= severityRank('high') ? 'warning' : 'note'
}

/** `Fix: lodash@4.17.21 · EPSS 0.012` for an SCA finding; '' for others. */
function fixLine(finding: Finding, texts: ResultTexts): string {
  if (finding.type !== 'sca') return ''
  const epss = finding.epss === undefined ? '' : ` · EPSS ${epssText(finding.epss.score)}`
  return `Fix: ${texts.dependency(fixText(finding))}${epss}`
}

function resultMessage(evaluated: EvaluatedFinding, texts: ResultTexts): string {
  const { finding } = evaluated
  const dependency = dependencyText(finding)
  const reasons = texts.reasonsText(evaluated.reasons)
  return (
    [
      texts.message(finding.ruleMessage),
      dependency === '' ? '' : `Dependency: ${texts.dependency(dependency)}`,
      fixLine(finding, texts),
      reasons === '' ? '' : `Blocking: ${reasons}`
    ]
      .filter(s => s !== '')
      .join('\n\n') || sarifText(finding.ruleName, 300)
  )
}

function buildResult(
  evaluated: EvaluatedFinding,
  location: Location,
  ruleIndex: number,
  texts: ResultTexts
): Result {
  const { finding } = evaluated
  const fingerprints: Record<string, string> = {}
  if (finding.matchBasedId) fingerprints[FINGERPRINT_MATCH_BASED] = finding.matchBasedId
  if (finding.syntacticId) fingerprints[FINGERPRINT_SYNTACTIC] = finding.syntacticId
  return {
    ruleId: finding.ruleName,
    ruleIndex,
    level: sarifLevel(evaluated),
    message: { text: resultMessage(evaluated, texts) },
    locations: [sarifLocation(location, texts)],
    ...(Object.keys(fingerprints).length > 0 && { partialFingerprints: fingerprints }),
    ...(evaluated.ignored && {
      suppressions: [
        {
          kind: 'external' as const,
          status: 'accepted' as const,
          justification: annotationProperty(evaluated.ignored.reason, 1_000)
        }
      ]
    }),
    properties: {
      findingId: finding.id,
      type: finding.type,
      severity: finding.severity,
      blocking: evaluated.blocking,
      ...(evaluated.ignored && {
        ignoredReason: annotationProperty(evaluated.ignored.reason, 1_000)
      }),
      ...(finding.url !== undefined && { url: finding.url }),
      // A Supply Chain result adds its dependency's transitivity, fixes and EPSS score.
      ...(finding.type === 'sca' && {
        transitivity: transitivityOf(finding),
        fixVersions: finding.fixVersions,
        ...(finding.vulnerabilityId !== undefined && { vulnerabilityId: finding.vulnerabilityId }),
        ...(finding.epss !== undefined && { epss: finding.epss })
      })
    }
  }
}

function unlocatedNotification(evaluated: EvaluatedFinding, ruleIndex: number): Notification {
  const { finding } = evaluated
  return {
    level: evaluated.blocking ? 'error' : 'note',
    message: {
      text: `Finding ${finding.id} (${sarifText(annotationProperty(finding.ruleName, 300))}) has no file location, so it is not a result of this file.`
    },
    associatedRule: { id: finding.ruleName, index: ruleIndex },
    properties: { findingId: finding.id, blocking: evaluated.blocking }
  }
}

// --- log -----------------------------------------------------------------------------------

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

/** Results per JSON.stringify call: enough to amortise the call, few enough to keep memory flat. */
const RESULTS_PER_WRITE = 2_000

/**
 * Writes the log as JSON, creating the parent folders. The results of a log as buildSarif makes
 * it (one run, its results last) are turned into JSON a batch at a time: the same bytes as one
 * JSON.stringify of the whole log, without the whole text (tens of megabytes) in memory at once.
 */
export async function writeSarif(path: string, log: Log): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const [run, ...otherRuns] = log.runs
  const results = run?.results ?? []
  const resultsLast =
    run !== undefined &&
    otherRuns.length === 0 &&
    Object.keys(log).at(-1) === 'runs' &&
    Object.keys(run).at(-1) === 'results'
  if (!resultsLast || results.length === 0) {
    await writeFile(path, `${JSON.stringify(log)}\n`, 'utf8')
    return
  }
  // `{…"runs":[{…"results":[]}]}` without its last four characters ends with `"results":[`.
  const head = JSON.stringify({ ...log, runs: [{ ...run, results: [] }] }).slice(0, -4)
  const file = await open(path, 'w')
  try {
    await file.write(head)
    for (let start = 0; start < results.length; start += RESULTS_PER_WRITE) {
      const batch = JSON.stringify(results.slice(start, start + RESULTS_PER_WRITE))
      await file.write((start === 0 ? '' : ',') + batch.slice(1, -1))
    }
    await file.write(']}]}\n')
  } finally {
    await file.close()
  }
}
