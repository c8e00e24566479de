/**
 * The run as GitHub-flavoured Markdown, for the job summary and the PR comment.
 *
 * Every value that comes from the server, the repository or the user goes through escape.ts;
 * every list that grows with the data is a truncatable Section (fit.ts), so the document always
 * fits the budget of its destination.
 */
import { formatDuration } from '../time/duration.js'
import {
  ISSUE_TYPES,
  PRODUCT_NAMES,
  productList,
  type SeverityCounts,
  type Verdict
} from '../domain.js'
import { violationsNoun } from '../gate/licenses.js'
import { code, escapeMarkdown, formatCount, link } from './escape.js'
import { fitSections, textSection, type Section } from './fit.js'
import { plural, thresholdParts } from './labels.js'
import {
  blockingSection,
  existingSection,
  expiredSection,
  ignoredLicenseSection,
  ignoredSection,
  licenseSection,
  nonBlockingSection,
  proposedSection,
  secretsSection,
  unknownLicenseSection
} from './markdown-tables.js'
import { coverageSection } from './markdown-coverage.js'
import { sbomSection, tagsText, ticketsSection, warningsSection } from './markdown-effects.js'
import type { ReportCoverage, RunReport, ScanReport } from './model.js'

export { ROW_CAP } from './markdown-tables.js'

/** Hidden marker by which the action finds its own PR comment again. */
export const COMMENT_MARKER = '<!-- findings-gate-comment -->'

export interface MarkdownOptions {
  /** Upper bound of the result, in UTF-8 bytes. */
  readonly maxBytes: number
  /** What the reports GitHub limits left out (the job summary says so). */
  readonly coverage?: ReportCoverage
}

export function renderMarkdown(report: RunReport, opts: MarkdownOptions): string {
  return fitSections(buildSections(report, opts.coverage), Math.max(0, Math.floor(opts.maxBytes)))
}

/**
 * The document in reading order: the verdict, what was judged and the counts first, then the
 * findings, what the effects did and the warnings; the scope and the thresholds, which a reader
 * looks up rather than reads, folded at the end. Exported for tests of the structure.
 */
export function buildSections(report: RunReport, coverage?: ReportCoverage): Section[] {
  const { verdict } = report
  const sections: (Section | undefined)[] = [
    textSection(verdictLine(report)),
    evidenceSection(report),
    verdict ? textSection(countsLine(verdict)) : notEvaluatedSection(report),
    coverageSection(coverage),
    verdict ? blockingSection(verdict.blocking) : undefined,
    verdict ? licenseSection(verdict) : undefined,
    verdict ? secretsSection(verdict) : undefined,
    verdict ? existingSection(verdict) : undefined,
    verdict ? nonBlockingSection(verdict.nonBlocking) : undefined,
    verdict ? ignoredSection(verdict.ignored) : undefined,
    verdict ? ignoredLicenseSection(verdict) : undefined,
    verdict ? unknownLicenseSection(verdict) : undefined,
    verdict ? expiredSection(verdict) : undefined,
    verdict ? proposedSection(verdict) : undefined,
    report.tickets ? ticketsSection(report.tickets) : undefined,
    report.tags ? textSection(tagsText(report.tags)) : undefined,
    report.sbom ? sbomSection(report.sbom) : undefined,
    warningsSection(report.warnings),
    textSection(settingsText(report)),
    report.runUrl ? textSection(`${link('View the workflow run', report.runUrl)}\n`) : undefined
  ]
  return sections.filter((s): s is Section => s !== undefined)
}

// --- verdict, scope, thresholds, counts -----------------------------------------------------

function verdictIcon(report: RunReport): string {
  const { result } = report.status
  if (result === 'passed') return '✅'
  if (result === 'failed' && !report.thresholds.warnOnly) return '❌'
  return '⚠️'
}

/**
 * The verdict in a few words, verdict first: `Findings Gate failed: 5 blocking of 16 findings`,
 * `Findings Gate passed: 16 findings, none blocking`, `Findings Gate: no verdict`.
 */
export function verdictTitle(report: RunReport): string {
  const { verdict } = report
  if (report.status.apiError) return 'Findings Gate: no verdict'
  if (!verdict) return `Findings Gate ${report.status.result}`
  const total = verdict.counts.total
  const found = `${formatCount(total)} ${plural(total, 'finding')}`
  if (verdict.result === 'passed') return `Findings Gate passed: ${found}, none blocking`
  const blocking = verdict.blocking.length + verdict.licenseViolations.length
  return `Findings Gate failed: ${formatCount(blocking)} blocking of ${found}`
}

/**
 * The heading (an H2 short enough for one line), then what only the sentence says: why there is
 * no verdict, or that warn-only softens the failure. A verdict's own headline is not repeated:
 * the heading, the counts and the blocking table say it.
 */
export function verdictLine(report: RunReport): string {
  // The title is the action's own words and numbers: nothing in it to escape.
  const lines = [`## ${verdictIcon(report)} ${verdictTitle(report)}\n`]
  if (!report.verdict) lines.push(`\n${escapeMarkdown(report.status.headline)}\n`)
  if (report.status.result === 'failed' && report.thresholds.warnOnly) {
    lines.push('\n`warn-only` is set: the gate failed but the step does not.\n')
  }
  if (report.status.apiError) {
    lines.push(
      '\nThe action could not prove what it would judge (the scan, the findings or the policy modes), so it judged nothing.\n'
    )
  }
  return lines.join('')
}

/** Without a verdict: said once, by the heading's sentence when the gate could not judge. */
function notEvaluatedSection(report: RunReport): Section | undefined {
  return report.status.apiError ? undefined : textSection('_The gate was not evaluated._\n')
}

/**
 * What was judged, in one sentence: `**Judged:** Code, Supply Chain in scan 880000 of commit …;
 * **not judged:** Secrets — no completed scan of this commit ran it.`, then how the scans were
 * found when that is worth a note.
 */
function evidenceText(report: RunReport): string | undefined {
  const { evidence } = report
  if (!evidence) return undefined
  const types = productList(report.scope.issueTypes) || 'nothing'
  if (evidence.required === 'none') {
    return `**Judged:** ${types}: the ref's findings as the platform holds them, whatever commit they were found at; no scan was checked (\`require-scan: none\`).\n`
  }
  const judged = evidence.scans.map(scan => `${productList(scan.types)} in ${scanText(scan)}`)
  const notJudged =
    evidence.notJudged.length > 0
      ? `; **not judged:** ${productList(evidence.notJudged)} — no completed scan of ${evidence.required === 'commit' ? 'this commit' : 'the ref'} ran ${evidence.notJudged.length === 1 ? 'it' : 'them'}`
      : ''
  const notes = [
    evidence.waitedSeconds > 0 ? `Waited ${evidence.waitedSeconds} s for the scans.` : undefined,
    evidence.required === 'ref'
      ? "Each type's newest completed scan of the ref (`require-scan: ref`)."
      : undefined,
    evidence.branch !== evidence.requestedRef
      ? `No scan records ${code(evidence.requestedRef)}; the repository's scans record ${code(evidence.branch)} (scans outside GitHub Actions spell the branch bare), so the findings of ${code(evidence.branch)} were judged.`
      : undefined
  ].filter(note => note !== undefined)
  return `**Judged:** ${judged.join('; ') || 'nothing'}${notJudged}.${notes.map(note => ` ${note}`).join('')}\n`
}

/** `scan 880000 of commit `ea86292…` on `refs/heads/main` (full scan, completed … UTC, 3 min before this run)` */
function scanText(scan: ScanReport): string {
  const details = [
    scan.fullScan === undefined ? undefined : scan.fullScan ? 'full scan' : 'diff scan',
    scan.completedAt
      ? `completed ${escapeMarkdown(`${scan.completedAt.slice(0, 16).replace('T', ' ')} UTC`)}${
          scan.ageSeconds === undefined
            ? ''
            : `, ${formatDuration(scan.ageSeconds * 1000)} before this run`
        }`
      : undefined
  ].filter(part => part !== undefined)
  const head = `scan ${escapeMarkdown(scan.id)} of commit ${code(scan.commit.slice(0, 12))} on ${code(scan.branch)}`
  return details.length > 0 ? `${head} (${details.join(', ')})` : head
}

function evidenceSection(report: RunReport): Section | undefined {
  const text = evidenceText(report)
  return text === undefined ? undefined : textSection(text)
}

/** The scope, the thresholds and the counts by type, folded: looked up, not read. */
function settingsText(report: RunReport): string {
  const counts = report.verdict ? `\n${countsTable(report, report.verdict)}` : ''
  const title = report.verdict ? 'Scope, thresholds and counts by type' : 'Scope and thresholds'
  return (
    `<details><summary>${title}</summary>\n\n` +
    `${scopeText(report)}\n${thresholdsText(report)}${counts}\n</details>\n`
  )
}

function scopeText(report: RunReport): string {
  const { scope } = report
  const parts: string[] = []
  if (scope.deployment) {
    parts.push(
      `**Deployment** ${code(scope.deployment.slug)} (id ${escapeMarkdown(scope.deployment.id)})`
    )
  }
  parts.push(`**Repository** ${code(scope.repository)}`)
  parts.push(`**Ref** ${code(scope.ref)}`)
  parts.push(`**Since** ${scope.since === undefined ? 'all time' : escapeMarkdown(scope.since)}`)
  // With evidence the Judged line names the types; without, they are what would be judged.
  if (!report.evidence) parts.push(`**Types** ${productList(scope.issueTypes) || 'none'}`)
  parts.push(`**Status** ${escapeMarkdown(scope.findingStatus.join(', '))}`)
  return `${parts.join(' · ')}\n`
}

function thresholdsText(report: RunReport): string {
  const t = report.thresholds
  const parts = thresholdParts(t)
  if (t.denyLicenses.length > 0) parts.push(`denied licenses: ${licenseList(t.denyLicenses)}`)
  if (t.allowLicenses !== undefined && t.allowLicenses.length > 0) {
    parts.push(`allowed licenses: ${licenseList(t.allowLicenses)}`)
  }
  if (t.warnOnly) parts.push('warn-only')
  const source = t.configFile === undefined ? '' : ` (config-file ${code(t.configFile, 200)})`
  return `**Gate${source}:** ${parts.join(' · ')}\n`
}

function licenseList(licenses: readonly string[]): string {
  const more = licenses.length > 50 ? `, and ${licenses.length - 50} more` : ''
  return `${licenses
    .slice(0, 50)
    .map(l => code(l, 100))
    .join(', ')}${more}`
}

function countRow(label: string, c: SeverityCounts): string {
  const total = c.critical + c.high + c.medium + c.low
  return `| ${label} | ${[c.critical, c.high, c.medium, c.low, total].map(formatCount).join(' | ')} |\n`
}

/** The counts of each type judged, by severity, and their totals. */
function countsTable(report: RunReport, verdict: Verdict): string {
  const { counts } = verdict
  const rows = report.scope.issueTypes.map(type => countRow(PRODUCT_NAMES[type], counts[type]))
  const sum = (severity: keyof SeverityCounts): number =>
    ISSUE_TYPES.reduce((total, type) => total + counts[type][severity], 0)
  const total: SeverityCounts = {
    critical: sum('critical'),
    high: sum('high'),
    medium: sum('medium'),
    low: sum('low')
  }
  return (
    '| Type | Critical | High | Medium | Low | Total |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: |\n' +
    rows.join('') +
    countRow('**Total**', total)
  )
}

/** `**16** findings in scope: **5** blocking, **0** ignored, **11** not blocking`. */
function countsLine(verdict: Verdict): string {
  const { counts } = verdict
  const licenses = verdict.licenseViolations.length
  return (
    `**${formatCount(counts.total)}** ${plural(counts.total, 'finding')} in scope: ` +
    `**${formatCount(verdict.blocking.length)}** ${verdict.baseline ? 'new and ' : ''}blocking, ` +
    existingText(verdict) +
    `**${formatCount(verdict.ignored.length)}** ignored, ` +
    `**${formatCount(verdict.nonBlocking.length)}** not blocking` +
    (licenses > 0
      ? ` · **${formatCount(licenses)}** ${plural(licenses, 'dependency', 'dependencies')} with ${violationsNoun(verdict.licenseViolations)}`
      : '') +
    '\n'
  )
}

/** `**9** existing on `main`, ` with a baseline ref; '' without one. */
function existingText(verdict: Verdict): string {
  if (verdict.baseline === undefined) return ''
  return `**${formatCount(verdict.existing.length)}** existing on ${code(verdict.baseline.ref)}, `
}
