/**
 * The run as GitHub-flavoured Markdown, for the job summary and the PR comment.
 *
 * Every value that comes from the server, the repository or the user goes through escape.ts;
 * every list that grows with the data is a truncatable Section (fit.ts), so the document always
 * fits the budget of its destination.
 */
import { formatDuration } from '../time/duration.js'
import { ISSUE_TYPES, type SeverityCounts, type Verdict } from '../domain.js'
import { violationsNoun } from '../gate/licenses.js'
import { code, escapeMarkdown, formatCount, link } from './escape.js'
import { fitSections, textSection, type Section } from './fit.js'
import { plural, thresholdParts, TYPE_LABELS } from './labels.js'
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
import { productList } from '../evidence/products.js'

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

/** The document in reading order; exported for tests of the structure. */
export function buildSections(report: RunReport, coverage?: ReportCoverage): Section[] {
  const { verdict } = report
  const sections: (Section | undefined)[] = [
    textSection(verdictLine(report)),
    evidenceSection(report),
    textSection(scopeText(report)),
    textSection(thresholdsText(report)),
    verdict
      ? textSection(countsText(report, verdict))
      : textSection('_The gate was not evaluated._\n'),
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

/** The heading's few words: the verdict, the counts, and the scan judged. */
export function shortTitle(report: RunReport): string {
  const { verdict, evidence } = report
  const scan = evidence && evidence.required !== 'none' ? scanTitle(evidence) : ''
  if (report.status.apiError) return 'no verdict'
  if (!verdict) return report.status.result === 'skipped' ? 'skipped' : report.status.result
  const total = verdict.counts.total
  const found = `${formatCount(total)} ${plural(total, 'finding')}`
  if (verdict.result === 'passed') return `passed · ${found}, none blocking${scan}`
  const blocking = verdict.blocking.length + verdict.licenseViolations.length
  return `failed · ${formatCount(blocking)} blocking of ${found}${scan}`
}

/**
 * The first line, short enough for one line of an H2 (e.g. `## ❌ Findings Gate: failed · 5
 * blocking of 16 findings · scan of ea86292`); the full sentence follows as plain text.
 */
export function verdictLine(report: RunReport): string {
  const lines = [
    `## ${verdictIcon(report)} Findings Gate: ${escapeMarkdown(shortTitle(report))}\n`,
    `\n${escapeMarkdown(report.status.headline)}\n`
  ]
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

type ProvenEvidence = Exclude<NonNullable<RunReport['evidence']>, { required: 'none' }>

/** ` · scan of ea86292`, and the types left out, when any were. */
function scanTitle(evidence: ProvenEvidence): string {
  const commits = [...new Set(evidence.scans.map(scan => scan.commit.slice(0, 7)))]
  const left =
    evidence.notJudged.length > 0 ? ` · ${productList(evidence.notJudged)} not judged` : ''
  return `${commits.length > 0 ? ` · scan of ${commits.join(', ')}` : ''}${left}`
}

/** Which scans the findings come from, or that nobody checked. */
function evidenceText(report: RunReport): string | undefined {
  const { evidence } = report
  if (!evidence) return undefined
  if (evidence.required === 'none') {
    return "**Scan** not checked (`require-scan: none`): these are the ref's findings as the platform holds them, whatever commit they were found at.\n"
  }
  const lines = evidence.scans.map(scan => `${scanText(scan)}\n`)
  const notes = [
    evidence.waitedSeconds > 0 ? `Waited ${evidence.waitedSeconds} s for the scans.` : undefined,
    evidence.required === 'ref'
      ? "Each type's newest completed scan of the ref (`require-scan: ref`)."
      : undefined,
    evidence.notJudged.length > 0
      ? `**Not judged:** ${productList(evidence.notJudged)}: no completed scan of ${evidence.required === 'commit' ? 'this commit' : 'the ref'} ran ${evidence.notJudged.length === 1 ? 'it' : 'them'} (see the warnings).`
      : undefined,
    evidence.branch !== evidence.requestedRef
      ? `No scan records ${code(evidence.requestedRef)}; the repository's scans record ${code(evidence.branch)} (scans outside GitHub Actions spell the branch bare), so the findings of ${code(evidence.branch)} were judged.`
      : undefined
  ].filter(note => note !== undefined)
  return `${lines.join('\n')}${notes.length > 0 ? `\n${notes.join(' ')}\n` : ''}`
}

/** `**Code, Supply Chain** scan 880000 of commit `ea86292…` on `refs/heads/main` · full scan · …` */
function scanText(scan: ScanReport): string {
  const parts = [
    `**${productList(scan.types)}** scan ${escapeMarkdown(scan.id)} of commit ${code(scan.commit.slice(0, 12))} on ${code(scan.branch)}`,
    scan.fullScan === undefined ? undefined : scan.fullScan ? 'full scan' : 'diff scan',
    scan.completedAt
      ? `completed ${escapeMarkdown(`${scan.completedAt.slice(0, 16).replace('T', ' ')} UTC`)}${
          scan.ageSeconds === undefined
            ? ''
            : ` (${formatDuration(scan.ageSeconds * 1000)} before this run)`
        }`
      : undefined
  ]
  return parts.filter(part => part !== undefined).join(' · ')
}

function evidenceSection(report: RunReport): Section | undefined {
  const text = evidenceText(report)
  return text === undefined ? undefined : textSection(text)
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
  parts.push(`**Types** ${scope.issueTypes.map(t => TYPE_LABELS[t]).join(', ') || 'none'}`)
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

function countsText(report: RunReport, verdict: Verdict): string {
  const { counts } = verdict
  const rows = report.scope.issueTypes.map(type => countRow(TYPE_LABELS[type], counts[type]))
  const sum = (severity: keyof SeverityCounts): number =>
    ISSUE_TYPES.reduce((total, type) => total + counts[type][severity], 0)
  const total: SeverityCounts = {
    critical: sum('critical'),
    high: sum('high'),
    medium: sum('medium'),
    low: sum('low')
  }
  const licenses = verdict.licenseViolations.length
  const line =
    `**${formatCount(counts.total)}** ${plural(counts.total, 'finding')} in scope: ` +
    `**${formatCount(verdict.blocking.length)}** ${verdict.baseline ? 'new and ' : ''}blocking, ` +
    existingText(verdict) +
    `**${formatCount(verdict.ignored.length)}** ignored, ` +
    `**${formatCount(verdict.nonBlocking.length)}** not blocking` +
    (licenses > 0
      ? ` · **${formatCount(licenses)}** ${plural(licenses, 'dependency', 'dependencies')} with ${violationsNoun(verdict.licenseViolations)}`
      : '')
  return (
    '| Type | Critical | High | Medium | Low | Total |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: |\n' +
    rows.join('') +
    countRow('**Total**', total) +
    `\n${line}\n`
  )
}

/** `**9** existing on `main`, ` with a baseline ref; '' without one. */
function existingText(verdict: Verdict): string {
  if (verdict.baseline === undefined) return ''
  return `**${formatCount(verdict.existing.length)}** existing on ${code(verdict.baseline.ref)}, `
}
