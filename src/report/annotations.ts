/**
 * Annotations, within what GitHub shows of a step (annotation-budget.ts): blocking findings as
 * errors at their file and line, then denied-license dependencies (no file: the platform does
 * not say which manifest), then non-blocking findings, high and critical as warnings and the
 * others as notices; each level most severe first, then by path. A last notice says how many
 * were not annotated and where they all are.
 *
 * Injection: the runner over @actions/core escapes `%`, `\r` and `\n` in the message and additionally `:` and
 * `,` in properties (title, file), so server text cannot end the command line and start a forged
 * `::error file=…::` of its own, nor add properties. escape.ts adds bounds and drops control
 * characters (including bidi overrides) on top of that.
 */
import {
  severityRank,
  type EvaluatedFinding,
  type LicenseViolation,
  type Location
} from '../domain.js'
import type { AnnotationLevel, AnnotationProperties, Runner } from '../runner/runner.js'
import {
  annotationOrder,
  firstInOrder,
  MAX_FINDING_ANNOTATIONS,
  STEP_LEVEL_LIMIT,
  type LevelLimits
} from './annotation-budget.js'
import { annotationMessage, annotationProperty, formatCount, LIMITS } from './escape.js'
import {
  dependencyText,
  fixText,
  licenseSentence,
  licenseTitle,
  plural,
  reasonsText
} from './labels.js'
import type { Annotated, AnnotationCoverage, RunReport } from './model.js'

export interface AnnotationSpec {
  readonly level: AnnotationLevel
  readonly message: string
  readonly properties: AnnotationProperties
}

/** The findings' annotations, in the order to emit them, and how much of the findings they cover. */
export interface AnnotationPlan {
  readonly annotations: readonly AnnotationSpec[]
  readonly coverage: AnnotationCoverage
}

interface Located {
  readonly evaluated: EvaluatedFinding
  readonly location: Location
}

/** The findings that can be annotated (those with a file), among those `keep` accepts. */
function* located(
  findings: readonly EvaluatedFinding[],
  keep: (evaluated: EvaluatedFinding) => boolean
): Generator<Located> {
  for (const evaluated of findings) {
    const location = evaluated.finding.location
    if (location !== undefined && location.path.trim() !== '' && keep(evaluated))
      yield { evaluated, location }
  }
}

function findingAnnotation(
  { evaluated, location }: Located,
  level: AnnotationLevel
): AnnotationSpec {
  const { finding } = evaluated
  const details = [
    dependencyText(finding),
    finding.type === 'sca' ? (finding.vulnerabilityId ?? '') : '',
    finding.type === 'sca' ? `(fix: ${fixText(finding)})` : ''
  ].filter(s => s !== '')
  const reasons = reasonsText(evaluated.reasons)
  const verdict = evaluated.blocking
    ? reasons === ''
      ? ''
      : `Blocking: ${reasons}`
    : 'Does not block the gate.'
  // Bound the server text first, then add our own short lines, so they are never cut off.
  const message = [
    annotationMessage(finding.ruleMessage),
    details.length > 0 ? annotationProperty(details.join(' '), 300) : '',
    verdict
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
  return { level, message, properties }
}

function licenseAnnotation(v: LicenseViolation): AnnotationSpec {
  return {
    level: 'error',
    message: annotationMessage(
      `${v.package}@${v.version} is licensed under ${v.license}, ${licenseSentence(v)}.`
    ),
    properties: { title: annotationProperty(licenseTitle(v)) }
  }
}

const HIGH = severityRank('high')
const isSevere = (e: EvaluatedFinding): boolean => severityRank(e.finding.severity) >= HIGH

/**
 * The annotations to emit: at most `max` (and never more than a step shows) and at most
 * `limits` of each level. Only the annotations emitted are built: of tens of thousands of
 * findings, a pass picks the few of each level.
 */
export function planAnnotations(
  report: RunReport,
  max: number,
  limits: LevelLimits
): AnnotationPlan | undefined {
  const verdict = report.verdict
  const applied = Math.min(Math.floor(max), MAX_FINDING_ANNOTATIONS)
  if (verdict === undefined || applied <= 0) return undefined
  let left = applied
  const pick = (
    findings: readonly EvaluatedFinding[],
    keep: (evaluated: EvaluatedFinding) => boolean,
    cap: number
  ): Located[] => {
    const chosen = firstInOrder(located(findings, keep), Math.min(cap, left), (a, b) =>
      annotationOrder(a.evaluated, b.evaluated)
    )
    left -= chosen.length
    return chosen
  }
  const errors = pick(verdict.blocking, () => true, limits.error)
  const licenses = verdict.licenseViolations.slice(
    0,
    Math.max(0, Math.min(limits.error - errors.length, left))
  )
  left -= licenses.length
  const warnings = pick(verdict.nonBlocking, isSevere, limits.warning)
  const notices = pick(verdict.nonBlocking, e => !isSevere(e), limits.notice)
  return {
    annotations: [
      ...errors.map(e => findingAnnotation(e, 'error')),
      ...licenses.map(licenseAnnotation),
      ...warnings.map(w => findingAnnotation(w, 'warning')),
      ...notices.map(n => findingAnnotation(n, 'notice'))
    ],
    coverage: {
      blocking: { annotated: errors.length, total: verdict.blocking.length },
      licenses: { annotated: licenses.length, total: verdict.licenseViolations.length },
      nonBlocking: {
        annotated: warnings.length + notices.length,
        total: verdict.nonBlocking.length
      },
      max: applied
    }
  }
}

function notAnnotated(count: Annotated): number {
  return count.total - count.annotated
}

/**
 * What was not annotated, e.g. `22 of 30 blocking findings and 13 of 30 non-blocking findings
 * are not annotated`; undefined when everything was. The summary and the notice say it alike.
 */
export function notAnnotatedText(coverage: AnnotationCoverage): string | undefined {
  const kinds: [Annotated, string, string][] = [
    [coverage.blocking, 'blocking finding', 'blocking findings'],
    [coverage.licenses, 'denied-license dependency', 'denied-license dependencies'],
    [coverage.nonBlocking, 'non-blocking finding', 'non-blocking findings']
  ]
  const parts = kinds
    .filter(([count]) => notAnnotated(count) > 0)
    .map(
      ([count, one, many]) =>
        `${formatCount(notAnnotated(count))} of ${formatCount(count.total)} ${plural(count.total, one, many)}`
    )
  if (parts.length === 0) return undefined
  const last = parts.pop()
  const list = parts.length === 0 ? last : `${parts.join(', ')} and ${last}`
  const total = kinds.reduce((sum, [count]) => sum + notAnnotated(count), 0)
  return (
    `${list} ${total === 1 ? 'is' : 'are'} not annotated: GitHub shows ` +
    `${STEP_LEVEL_LIMIT} annotations of each level in a step (max-annotations: ${coverage.max})`
  )
}

/** The last notice: what was not annotated, and where to find it (`places`, e.g. the summary). */
export function notAnnotatedNotice(
  coverage: AnnotationCoverage,
  places: readonly string[]
): AnnotationSpec | undefined {
  const text = notAnnotatedText(coverage)
  if (text === undefined) return undefined
  const where =
    places.length === 0
      ? 'Set report-file for a JSON report with every finding.'
      : `They are in ${listText(places)}.`
  return {
    level: 'notice',
    message: `${text}. ${where}`,
    properties: { title: 'Findings Gate: not every finding is annotated' }
  }
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

/** Emits the annotations, then the notice; returns how many errors were emitted. */
export function emitAnnotations(annotations: readonly AnnotationSpec[], runner: Runner): number {
  let errors = 0
  for (const annotation of annotations) {
    runner.annotation(annotation.level, annotation.message, annotation.properties)
    if (annotation.level === 'error') errors++
  }
  return errors
}
