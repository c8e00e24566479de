/**
 * Annotations: one error per blocking finding at its file and line, one per denied-license
 * dependency (no file: the platform does not say which manifest), capped, then one notice for
 * the rest.
 *
 * Injection: the runner over @actions/core escapes `%`, `\r` and `\n` in the message and additionally `:` and
 * `,` in properties (title, file), so server text cannot end the command line and start a forged
 * `::error file=…::` of its own, nor add properties. escape.ts adds bounds and drops control
 * characters (including bidi overrides) on top of that.
 */
import type { EvaluatedFinding, LicenseViolation, Location } from '../domain.js'
import type { AnnotationProperties, Runner } from '../runner/runner.js'
import { annotationMessage, annotationProperty, formatCount, LIMITS } from './escape.js'
import { dependencyText, fixText, plural, reasonsText } from './labels.js'
import type { RunReport } from './model.js'

export interface AnnotationSpec {
  readonly level: 'error' | 'notice'
  readonly message: string
  readonly properties: AnnotationProperties
}

/** Where a blocking finding's annotation goes; none without a file to put it on. */
function annotationLocation(evaluated: EvaluatedFinding): Location | undefined {
  const location = evaluated.finding.location
  return location === undefined || location.path.trim() === '' ? undefined : location
}

function findingAnnotation(evaluated: EvaluatedFinding, location: Location): AnnotationSpec {
  const { finding } = evaluated
  const details = [
    dependencyText(finding),
    finding.type === 'sca' ? (finding.vulnerabilityId ?? '') : '',
    finding.type === 'sca' ? `(fix: ${fixText(finding)})` : ''
  ].filter(s => s !== '')
  const reasons = reasonsText(evaluated.reasons)
  // Bound the server text first, then add our own short lines, so they are never cut off.
  const message = [
    annotationMessage(finding.ruleMessage),
    details.length > 0 ? annotationProperty(details.join(' '), 300) : '',
    reasons === '' ? '' : `Blocking: ${reasons}`
  ]
    .filter(s => s !== '')
    .join('\n\n')
  // The toolkit documents that columns cannot be sent for an annotation spanning several lines.
  const oneLine = location.endLine === undefined || location.endLine === location.line
  const properties: AnnotationProperties = {
    title: annotationProperty(finding.ruleName),
    file: annotationProperty(location.path, LIMITS.annotationFile),
    ...(location.line !== undefined && { startLine: location.line }),
    ...(location.endLine !== undefined && { endLine: location.endLine }),
    ...(oneLine && location.column !== undefined && { startColumn: location.column }),
    ...(oneLine && location.endColumn !== undefined && { endColumn: location.endColumn })
  }
  return { level: 'error', message, properties }
}

/** What the annotation says of each kind of license violation. */
const LICENSE_SENTENCE: Readonly<Record<LicenseViolation['judgement'], string>> = {
  denied: 'which is denied',
  'not-allowed': 'which allow-licenses does not list',
  unparseable: 'which cannot be read as an SPDX expression',
  unknown: 'which is unknown'
}

const LICENSE_TITLE: Readonly<Record<LicenseViolation['judgement'], string>> = {
  denied: 'Denied license',
  'not-allowed': 'License not allowed',
  unparseable: 'Unreadable license',
  unknown: 'Unknown license'
}

function licenseAnnotation(v: LicenseViolation): AnnotationSpec {
  return {
    level: 'error',
    message: annotationMessage(
      `${v.package}@${v.version} is licensed under ${v.license}, ${LICENSE_SENTENCE[v.judgement]}.`
    ),
    properties: { title: annotationProperty(`${LICENSE_TITLE[v.judgement]}: ${v.license}`) }
  }
}

/**
 * The annotations to emit, in order, at most `max` errors followed by one notice counting the
 * ones left out. Blocking findings without a location get no annotation (they are in the
 * summary); they are not counted as left out either. Only the annotations emitted are built:
 * the rest are counted (tens of thousands of blocking findings, 50 annotations).
 */
export function buildAnnotations(report: RunReport, max: number): AnnotationSpec[] {
  const verdict = report.verdict
  if (verdict === undefined || max <= 0) return []
  const limit = Math.floor(max)
  const shown: AnnotationSpec[] = []
  let candidates = 0
  for (const evaluated of verdict.blocking) {
    const location = annotationLocation(evaluated)
    if (location === undefined) continue
    if (shown.length < limit) shown.push(findingAnnotation(evaluated, location))
    candidates++
  }
  for (const violation of verdict.licenseViolations) {
    if (shown.length < limit) shown.push(licenseAnnotation(violation))
    candidates++
  }
  if (candidates <= limit) return shown
  const omitted = candidates - limit
  return [
    ...shown,
    {
      level: 'notice',
      message:
        `${formatCount(omitted)} more ${plural(omitted, 'annotation')} not shown ` +
        `(max-annotations is ${formatCount(limit)}); see the job summary.`,
      properties: { title: 'Findings Gate: annotations capped' }
    }
  ]
}

/** Emits the annotations; returns how many errors were emitted (the cap notice not counted). */
export function emitAnnotations(report: RunReport, max: number, runner: Runner): number {
  let errors = 0
  for (const annotation of buildAnnotations(report, max)) {
    runner.annotation(annotation.level, annotation.message, annotation.properties)
    if (annotation.level === 'error') errors++
  }
  return errors
}
