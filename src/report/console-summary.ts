/**
 * The run as plain text for a terminal or a CI log: the facts of the job summary (the verdict,
 * the scans judged, the scope and thresholds, the blocking findings, what was not judged, what
 * the effects did, the warnings) in reading order. Colours only when asked for (a terminal,
 * NO_COLOR unset); server text is always one bounded line without control characters, so a
 * finding cannot move the cursor, recolour the log or forge a CI log section.
 */
import {
  PRODUCT_NAMES,
  productList,
  type EvaluatedFinding,
  type SeverityCounts,
  type Verdict
} from '../domain.js'
import { formatDuration } from '../time/duration.js'
import { oneLine, PARAGRAPH_CHARS, truncate } from '../text/plain.js'
import { formatCount } from './escape.js'
import {
  dependencyText,
  locationText,
  modeBesideReasons,
  plural,
  reasonsText,
  thresholdParts
} from './labels.js'
import { verdictTitle } from './markdown.js'
import type { RunReport, ScanReport, SbomReport, TagsReport, TicketsReport } from './model.js'

export interface ConsoleOptions {
  /** ANSI colours and bold: for a terminal that wants them. */
  readonly color: boolean
}

/** More would drown the log; the JSON report, SARIF and JUnit files list every one. */
export const CONSOLE_FINDINGS_CAP = 100

type Style = 'bold' | 'red' | 'green' | 'yellow' | 'dim'
const SGR: Readonly<Record<Style, string>> = {
  bold: '1',
  red: '31',
  green: '32',
  yellow: '33',
  dim: '2'
}

type Paint = (style: Style, text: string) => string

function painter(color: boolean): Paint {
  return color ? (style, text) => `\u001b[${SGR[style]}m${text}\u001b[0m` : (_style, text) => text
}

/** Server or user text as one safe, bounded line. */
function plain(text: string, maxChars = PARAGRAPH_CHARS): string {
  return oneLine(truncate(text, maxChars))
}

export function renderConsoleSummary(report: RunReport, options: ConsoleOptions): string {
  const paint = painter(options.color)
  const { verdict } = report
  const blocks = [
    verdictBlock(report, paint),
    evidenceBlock(report, paint),
    labelled(paint, 'Scope', scopeText(report)),
    labelled(paint, 'Gate', thresholdsText(report)),
    verdict ? labelled(paint, 'Found', countsText(report, verdict)) : 'The gate was not evaluated.',
    verdict ? blockingBlock(verdict, paint) : undefined,
    verdict ? licensesBlock(verdict, paint) : undefined,
    verdict ? ignoredBlock(verdict, paint) : undefined,
    verdict ? ignoreEntriesBlock(verdict, paint) : undefined,
    report.tickets ? ticketsBlock(report.tickets, paint) : undefined,
    report.tags ? labelled(paint, 'Project tags', tagsText(report.tags)) : undefined,
    report.sbom ? sbomBlock(report.sbom, paint) : undefined,
    listBlock(
      paint,
      'Warnings',
      report.warnings.map(warning => `- ${plain(warning)}`)
    ),
    report.runUrl ? labelled(paint, 'Run', plain(report.runUrl)) : undefined
  ]
  return `${blocks.filter(block => block !== undefined && block !== '').join('\n\n')}\n`
}

function labelled(paint: Paint, label: string, text: string): string {
  return `${paint('bold', `${label}:`)} ${text}`
}

function listBlock(paint: Paint, title: string, lines: readonly string[]): string | undefined {
  if (lines.length === 0) return undefined
  return [paint('bold', `${title} (${formatCount(lines.length)}):`), ...lines].join('\n')
}

// --- the verdict and the scans --------------------------------------------------------------

function verdictBlock(report: RunReport, paint: Paint): string {
  const { result } = report.status
  const softened = result === 'failed' && report.thresholds.warnOnly
  const style: Style =
    result === 'passed' ? 'green' : result === 'failed' && !softened ? 'red' : 'yellow'
  // The title says the verdict; the headline adds the worst findings by name, or why there is none
  // (a pass's headline would only say the title again).
  const lines = [
    paint('bold', paint(style, plain(verdictTitle(report)))),
    ...(result === 'passed' ? [] : [plain(report.status.headline)])
  ]
  if (softened) lines.push('warn-only is set: the gate failed but the job does not.')
  if (report.status.apiError) {
    lines.push(
      'The gate could not prove what it would judge (the scan, the findings or the policy modes), so it judged nothing.'
    )
  }
  return lines.join('\n')
}

function evidenceBlock(report: RunReport, paint: Paint): string | undefined {
  const { evidence } = report
  if (!evidence) return undefined
  if (evidence.required === 'none') {
    return labelled(
      paint,
      'Judged',
      `${productList(report.scope.issueTypes) || 'nothing'}: the ref's findings as the platform holds them, whatever commit they were found at; no scan was checked (require-scan: none).`
    )
  }
  const notes = [
    evidence.waitedSeconds > 0 ? `Waited ${evidence.waitedSeconds} s for the scans.` : '',
    evidence.required === 'ref'
      ? "Each type's newest completed scan of the ref (require-scan: ref)."
      : '',
    evidence.branch !== evidence.requestedRef
      ? `No scan records ${plain(evidence.requestedRef)}; the repository's scans record ${plain(evidence.branch)}, so the findings of ${plain(evidence.branch)} were judged.`
      : ''
  ].filter(note => note !== '')
  const judged = evidence.scans.map(scan => `${productList(scan.types)} in ${scanText(scan)}`)
  const notJudged =
    evidence.notJudged.length > 0
      ? `; ${paint('yellow', `not judged: ${productList(evidence.notJudged)} — no completed scan of ${evidence.required === 'commit' ? 'this commit' : 'the ref'} ran ${evidence.notJudged.length === 1 ? 'it' : 'them'}`)}`
      : ''
  return [
    labelled(paint, 'Judged', `${judged.join('; ') || 'nothing'}${notJudged}.`),
    ...notes
  ].join('\n')
}

function scanText(scan: ScanReport): string {
  const completed =
    scan.completedAt === undefined
      ? ''
      : `completed ${plain(scan.completedAt.slice(0, 16).replace('T', ' '))} UTC${
          scan.ageSeconds === undefined
            ? ''
            : `, ${formatDuration(scan.ageSeconds * 1000)} before this run`
        }`
  const details = [
    scan.fullScan === undefined ? '' : scan.fullScan ? 'full scan' : 'diff scan',
    completed
  ].filter(part => part !== '')
  const head = `scan ${plain(scan.id)} of commit ${plain(scan.commit.slice(0, 12))} on ${plain(scan.branch)}`
  return details.length > 0 ? `${head} (${details.join(', ')})` : head
}

// --- scope, thresholds, counts --------------------------------------------------------------

function scopeText(report: RunReport): string {
  const { scope } = report
  return [
    scope.deployment
      ? `deployment ${plain(scope.deployment.slug)} (id ${plain(scope.deployment.id)})`
      : '',
    `repository ${plain(scope.repository)}`,
    `ref ${plain(scope.ref)}`,
    `since ${scope.since === undefined ? 'all time' : plain(scope.since)}`,
    // With evidence the Judged line names the types; without, they are what would be judged.
    report.evidence ? '' : `types ${productList(scope.issueTypes) || 'none'}`,
    `status ${scope.findingStatus.join(', ')}`
  ]
    .filter(part => part !== '')
    .join(' · ')
}

function thresholdsText(report: RunReport): string {
  const t = report.thresholds
  const parts = thresholdParts(t)
  if (t.denyLicenses.length > 0) {
    parts.push(`denied licenses: ${plain(t.denyLicenses.join(', '), 300)}`)
  }
  if (t.allowLicenses !== undefined && t.allowLicenses.length > 0) {
    parts.push(`allowed licenses: ${plain(t.allowLicenses.join(', '), 300)}`)
  }
  if (t.warnOnly) parts.push('warn-only')
  return parts.join(' · ')
}

function severityText(counts: SeverityCounts): string {
  return (['critical', 'high', 'medium', 'low'] as const)
    .map(severity => `${formatCount(counts[severity])} ${severity}`)
    .join(', ')
}

function countsText(report: RunReport, verdict: Verdict): string {
  const { counts } = verdict
  const licenses = verdict.licenseViolations.length
  const line = [
    `${formatCount(counts.total)} ${plural(counts.total, 'finding')} in scope: ${formatCount(verdict.blocking.length)} ${verdict.baseline ? 'new and ' : ''}blocking, ${existingText(verdict)}${formatCount(verdict.ignored.length)} ignored, ${formatCount(verdict.nonBlocking.length)} not blocking`,
    licenses > 0
      ? `${formatCount(licenses)} denied-license ${plural(licenses, 'dependency', 'dependencies')}`
      : ''
  ]
    .filter(part => part !== '')
    .join(' · ')
  const byType = report.scope.issueTypes.map(
    type => `  ${PRODUCT_NAMES[type]}: ${severityText(counts[type])}`
  )
  return [line, ...byType].join('\n')
}

// --- the findings ---------------------------------------------------------------------------

function capped(lines: readonly string[][], total: number, what: string): string[] {
  const shown = lines.slice(0, CONSOLE_FINDINGS_CAP).flat()
  if (total <= CONSOLE_FINDINGS_CAP) return shown
  return [
    ...shown,
    `… and ${formatCount(total - CONSOLE_FINDINGS_CAP)} more ${what} (every one is in the JSON report, SARIF and JUnit files)`
  ]
}

function findingLines(evaluated: EvaluatedFinding, paint: Paint): string[] {
  const { finding } = evaluated
  const where = [locationText(finding.location), dependencyText(finding)]
    .filter(part => part !== '')
    .map(part => plain(part, 300))
  const mode = modeBesideReasons(evaluated)
  const head = [
    paint('red', finding.severity.toUpperCase()),
    PRODUCT_NAMES[finding.type],
    ...where,
    plain(finding.ruleName, 300)
  ].join('  ')
  return [
    `  ${head}`,
    `      ${plain(finding.ruleMessage, 300)}`,
    `      blocking: ${reasonsText(evaluated.reasons)}${mode === '' ? '' : ` · ${finding.type === 'sast' ? 'mode ' : ''}${plain(mode)}`} · finding ${finding.id}`,
    ...(finding.url ? [`      ${plain(finding.url)}`] : [])
  ]
}

function blockingBlock(verdict: Verdict, paint: Paint): string | undefined {
  const { blocking } = verdict
  if (blocking.length === 0) return undefined
  const lines = capped(
    blocking.map(each => findingLines(each, paint)),
    blocking.length,
    'blocking findings'
  )
  return [paint('bold', `Blocking findings (${formatCount(blocking.length)}):`), ...lines].join(
    '\n'
  )
}

function licensesBlock(verdict: Verdict, paint: Paint): string | undefined {
  return listBlock(
    paint,
    'Denied-license dependencies',
    verdict.licenseViolations.map(
      v => `  ${plain(`${v.package}@${v.version}`, 300)}  ${plain(v.license, 100)}`
    )
  )
}

/** `9 existing on main (not blocking), ` with a baseline ref; '' without one. */
function existingText(verdict: Verdict): string {
  if (verdict.baseline === undefined) return ''
  return `${formatCount(verdict.existing.length)} existing on ${plain(verdict.baseline.ref)} (not blocking), `
}

function ignoredBlock(verdict: Verdict, paint: Paint): string | undefined {
  const lines = verdict.ignored.map(each => {
    const { finding } = each
    const reason = each.ignored
      ? `${plain(each.ignored.reason)} (${plain(each.ignored.source)})`
      : ''
    return [
      `  ${plain(finding.ruleName, 300)}  ${plain(locationText(finding.location), 300)}  finding ${finding.id}: ${reason}`
    ]
  })
  if (lines.length === 0) return undefined
  return [
    paint('bold', `Ignored (${formatCount(lines.length)}):`),
    ...capped(lines, lines.length, 'ignored findings')
  ].join('\n')
}

/** Entries that stopped applying, and those a pull request proposes. */
function ignoreEntriesBlock(verdict: Verdict, paint: Paint): string | undefined {
  const expired = verdict.expiredIgnores.map(
    e => `  expired ${plain(e.expires, 40)}: ${plain(e.description, 300)}`
  )
  const proposed = (verdict.proposedIgnores ?? []).map(
    p => `  proposed: ${plain(p.description, 300)}: ${plain(p.reason)}`
  )
  return listBlock(paint, 'Ignore entries that do not apply', [...expired, ...proposed])
}

// --- what ran after the verdict -------------------------------------------------------------

function idsText(ids: readonly number[]): string {
  const shown = ids.slice(0, 10).join(', ')
  return ids.length > 10 ? `${shown} +${formatCount(ids.length - 10)} more` : shown
}

function ticketsBlock(tickets: TicketsReport, paint: Paint): string {
  const lines = [
    ...tickets.created.map(t =>
      `  created  findings ${idsText(t.findingIds)}  ${plain(t.key ?? '', 100)} ${plain(t.url ?? '')}`.trimEnd()
    ),
    ...tickets.failed.map(t => `  failed   findings ${idsText(t.findingIds)}  ${plain(t.error)}`),
    ...tickets.skipped.map(t => `  skipped  findings ${idsText(t.findingIds)}  ${plain(t.reason)}`)
  ]
  const already =
    tickets.alreadyTicketed > 0
      ? `${formatCount(tickets.alreadyTicketed)} ${plural(tickets.alreadyTicketed, 'finding')} already had a ticket.`
      : ''
  const head = lines.length === 0 ? 'no ticket was created.' : ''
  return [labelled(paint, 'Tickets', head).trimEnd(), ...lines, already]
    .filter(line => line !== '')
    .join('\n')
}

function tagsText(tags: TagsReport): string {
  const list = (values: readonly string[]): string => plain(values.join(', '), 500) || 'none'
  const added = tags.added.length > 0 ? `added: ${list(tags.added)}` : 'nothing added'
  return `${plain(tags.project, 300)}: ${list(tags.tags)} — ${added}`
}

function sbomBlock(sbom: SbomReport, paint: Paint): string {
  const lines = sbom.exports.map(e => {
    const detail = e.error !== undefined ? plain(e.error) : plain(e.file ?? '')
    return `  ${plain(e.project, 300)}  ${e.status.replace(/_/g, ' ')}  ${detail}`.trimEnd()
  })
  const projects =
    sbom.projects === undefined
      ? ''
      : ` (${formatCount(sbom.projects)} ${plural(sbom.projects, 'project')} exported)`
  return [paint('bold', `SBOM exports${projects}:`), ...lines].join('\n')
}
