/**
 * The results of a SARIF run: one per finding with a file location, and a tool execution
 * notification for a finding without one (code scanning rejects a result without a location).
 */
import type { Location as SarifLocation, Notification, Region, Result } from 'sarif'
import type { BlockReason, EvaluatedFinding, Finding, Location } from '../domain.js'
import { severityRank } from '../domain.js'
import { annotationProperty } from './escape.js'
import { stripControl } from '../text/plain.js'
import { transitivityOf } from '../gate/transitivity.js'
import { dependencyText, epssText, fixText, reasonsText } from './labels.js'
import { sarifText } from './sarif-rules.js'

export const FINGERPRINT_MATCH_BASED = 'findingsGate/matchBasedId/v1'
export const FINGERPRINT_SYNTACTIC = 'findingsGate/syntacticId/v1'

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
export class ResultTexts {
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

export function buildResult(
  evaluated: EvaluatedFinding,
  location: Location,
  ruleIndex: number,
  texts: ResultTexts,
  /** A baseline ref applied: each result says whether the change adds it. */
  withBaseline = false
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
    ...(withBaseline && {
      baselineState: evaluated.existing ? ('unchanged' as const) : ('new' as const)
    }),
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

export function unlocatedNotification(
  evaluated: EvaluatedFinding,
  ruleIndex: number
): Notification {
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
