/**
 * The run as GitHub-flavoured Markdown, for the job summary and the PR comment.
 *
 * Every value that comes from the server, the repository or the user goes through escape.ts;
 * every list that grows with the data is a truncatable Section (fit.ts), so the document always
 * fits the budget of its destination.
 */
import { formatDuration } from '../time/duration.js'
import {
  validationStateText,
  type EvaluatedFinding,
  type SecretsThreshold,
  type SeverityCounts,
  type Verdict
} from '../domain.js'
import { code, escapeCell, escapeMarkdown, formatCount, LIMITS, link } from './escape.js'
import { fitSections, textSection, type Section } from './fit.js'
import { dependencyText, locationText, modeText, plural, reasonsText } from './labels.js'
import type { RunReport, SbomReport, TagsReport, TicketsReport } from './model.js'

/** Hidden marker by which the action finds its own PR comment again. */
export const COMMENT_MARKER = '<!-- findings-gate-comment -->'

export interface MarkdownOptions {
  /** Upper bound of the result, in UTF-8 bytes. */
  readonly maxBytes: number
}

export function renderMarkdown(report: RunReport, opts: MarkdownOptions): string {
  return fitSections(buildSections(report), Math.max(0, Math.floor(opts.maxBytes)))
}

/** The document in reading order; exported for tests of the structure. */
export function buildSections(report: RunReport): Section[] {
  const { verdict } = report
  const sections: (Section | undefined)[] = [
    textSection(verdictLine(report)),
    evidenceSection(report),
    textSection(scopeText(report)),
    textSection(thresholdsText(report)),
    verdict
      ? textSection(countsText(report, verdict))
      : textSection('_The gate was not evaluated._\n'),
    verdict ? blockingSection(verdict.blocking) : undefined,
    verdict ? licenseSection(verdict) : undefined,
    verdict ? secretsSection(verdict) : undefined,
    verdict ? nonBlockingSection(verdict.nonBlocking) : undefined,
    verdict ? ignoredSection(verdict.ignored) : undefined,
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
function shortTitle(report: RunReport): string {
  const { verdict, evidence } = report
  const scan =
    evidence && evidence.required !== 'none' ? ` · scan of ${evidence.scan.commit.slice(0, 7)}` : ''
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

/** Which scan the findings come from, or that nobody checked. */
function evidenceText(report: RunReport): string | undefined {
  const { evidence } = report
  if (!evidence) return undefined
  if (evidence.required === 'none') {
    return "**Scan** not checked (`require-scan: none`): these are the ref's findings as the platform holds them, whatever commit they were found at.\n"
  }
  const { scan } = evidence
  const parts = [
    `**Scan** ${escapeMarkdown(scan.id)} of commit ${code(scan.commit.slice(0, 12))} on ${code(scan.branch)}`,
    scan.fullScan === undefined ? undefined : scan.fullScan ? 'full scan' : 'diff scan',
    scan.completedAt
      ? `completed ${escapeMarkdown(`${scan.completedAt.slice(0, 16).replace('T', ' ')} UTC`)}${
          evidence.ageSeconds === undefined
            ? ''
            : ` (${formatDuration(evidence.ageSeconds * 1000)} before this run)`
        }`
      : undefined,
    evidence.waitedSeconds > 0 ? `waited ${evidence.waitedSeconds} s for it` : undefined,
    evidence.required === 'ref'
      ? "the ref's newest completed scan (`require-scan: ref`)"
      : undefined
  ]
  const spelled =
    scan.branch !== evidence.requestedRef
      ? `\n\nNo scan records ${code(evidence.requestedRef)}; the repository's scans record ${code(scan.branch)} (scans outside GitHub Actions spell the branch bare), so the findings of ${code(scan.branch)} were judged.`
      : ''
  return `${parts.filter(part => part !== undefined).join(' · ')}${spelled}\n`
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
  parts.push(`**Types** ${scope.issueTypes.map(t => t.toUpperCase()).join(', ') || 'none'}`)
  parts.push(`**Status** ${escapeMarkdown(scope.findingStatus.join(', '))}`)
  return `${parts.join(' · ')}\n`
}

function thresholdsText(report: RunReport): string {
  const t = report.thresholds
  const parts = [
    t.failOnSeverity === 'none' ? 'severity: off' : `severity ≥ ${t.failOnSeverity}`,
    t.failOnPolicyMode === 'none' ? 'policy mode: off' : `policy mode ≥ ${t.failOnPolicyMode}`,
    `SCA exposures: ${t.failOnExposures.map(e => e.replace(/_/g, ' ')).join(', ') || 'none'}`,
    t.failOnMalicious ? 'malicious dependencies block' : 'malicious dependencies do not block',
    `secrets: ${SECRETS_THRESHOLD_TEXT[t.failOnSecrets]}`
  ]
  if (t.denyLicenses.length > 0) {
    parts.push(
      `denied licenses: ${t.denyLicenses
        .slice(0, 50)
        .map(l => code(l, 100))
        .join(', ')}`
    )
  }
  if (t.warnOnly) parts.push('warn-only')
  return `**Gate:** ${parts.join(' · ')}\n`
}

const SECRETS_THRESHOLD_TEXT: Readonly<Record<SecretsThreshold, string>> = {
  valid: 'confirmed-valid secrets block',
  'valid-or-unverified': 'valid or unverified secrets block',
  any: 'every secret blocks',
  none: 'secrets block by severity and mode only'
}

function countRow(label: string, c: SeverityCounts): string {
  const total = c.critical + c.high + c.medium + c.low
  return `| ${label} | ${[c.critical, c.high, c.medium, c.low, total].map(formatCount).join(' | ')} |\n`
}

function countsText(report: RunReport, verdict: Verdict): string {
  const { counts } = verdict
  const rows = report.scope.issueTypes.map(type => countRow(type.toUpperCase(), counts[type]))
  const total: SeverityCounts = {
    critical: counts.sast.critical + counts.sca.critical + counts.secrets.critical,
    high: counts.sast.high + counts.sca.high + counts.secrets.high,
    medium: counts.sast.medium + counts.sca.medium + counts.secrets.medium,
    low: counts.sast.low + counts.sca.low + counts.secrets.low
  }
  const licenses = verdict.licenseViolations.length
  const line =
    `**${formatCount(counts.total)}** ${plural(counts.total, 'finding')} in scope: ` +
    `**${formatCount(verdict.blocking.length)}** blocking, ` +
    `**${formatCount(verdict.ignored.length)}** ignored, ` +
    `**${formatCount(verdict.nonBlocking.length)}** not blocking` +
    (licenses > 0
      ? ` · **${formatCount(licenses)}** denied-license ${plural(licenses, 'dependency', 'dependencies')}`
      : '') +
    unknownModeText(counts.unknownMode)
  return (
    '| Type | Critical | High | Medium | Low | Total |\n' +
    '| --- | ---: | ---: | ---: | ---: | ---: |\n' +
    rows.join('') +
    countRow('**Total**', total) +
    `\n${line}\n`
  )
}

/** Findings the policy-mode gate could not judge: said next to the counts, never left silent. */
function unknownModeText(unknown: number): string {
  if (unknown === 0) return ''
  return ` · **${formatCount(unknown)}** SAST ${plural(unknown, 'finding')} of unknown policy mode (does not block by mode)`
}

// --- truncatable tables -------------------------------------------------------------------

function truncationNote(noun: string, nounPlural: string): (dropped: number) => string {
  return dropped =>
    `\n_Truncated: ${formatCount(dropped)} more ${plural(dropped, noun, nounPlural)} not shown — see the JSON report (\`report-file\`)._\n`
}

/**
 * Rows rendered per table at most. Nobody reads further in a job summary (the JSON report has
 * every finding), and rendering 60,000 rows only to drop most of them to fit 1 MiB would cost
 * more time and memory than fetching them.
 */
export const ROW_CAP = 1000

/** The first ROW_CAP items rendered by `row`, and how many were not rendered. */
function capped<T>(
  items: readonly T[],
  row: (item: T) => string
): { items: string[]; hidden: number } {
  const shown = items.length > ROW_CAP ? items.slice(0, ROW_CAP) : items
  return { items: shown.map(row), hidden: items.length - shown.length }
}

function table(
  title: string,
  columns: readonly string[],
  rows: { items: string[]; hidden: number },
  noun: string,
  nounPlural: string
): Section {
  return {
    head: `${title}\n\n| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}\n`,
    ...rows,
    tail: '',
    truncationNote: truncationNote(noun, nounPlural)
  }
}

function heading(text: string, count: number): string {
  return `### ${text} (${formatCount(count)})`
}

/**
 * Rule name, for SCA the dependency and the vulnerability id, and the message in small print
 * under them: one column instead of two keeps the table inside the summary pane.
 */
function ruleCell(evaluated: EvaluatedFinding, withMessage = false): string {
  const { finding } = evaluated
  const rule = code(finding.ruleName)
  const extra =
    finding.type === 'sca'
      ? [dependencyText(finding), finding.vulnerabilityId ?? '']
          .filter(s => s !== '')
          .map(s => code(s, 200))
      : []
  const head = extra.length > 0 ? `${rule}<br>${extra.join(' ')}` : rule
  const message = withMessage ? escapeCell(finding.ruleMessage, LIMITS.cellMessage) : ''
  return message === '' ? head : `${head}<br><sub>${message}</sub>`
}

/** `file:line` linked to the line in the code host when the server gave a link. */
function locationCell(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  const where = locationText(finding.location)
  if (where === '') return finding.url ? link('view', finding.url) : '—'
  return link(escapeCell(where), finding.url)
}

/** Why it blocks, with the rule's mode or the dependency's exposure, which a reason may not name. */
function whyCell(evaluated: EvaluatedFinding): string {
  const mode = modeText(evaluated)
  const shown =
    mode === '' ? '' : evaluated.finding.type === 'sast' ? ` (mode ${mode})` : ` (${mode})`
  return escapeCell(`${reasonsText(evaluated.reasons)}${shown}`)
}

function blockingRow(evaluated: EvaluatedFinding): string {
  const cells = [
    evaluated.finding.severity,
    ruleCell(evaluated, true),
    locationCell(evaluated),
    whyCell(evaluated)
  ]
  return `| ${cells.join(' | ')} |\n`
}

function nonBlockingRow(evaluated: EvaluatedFinding): string {
  const cells = [
    evaluated.finding.severity,
    ruleCell(evaluated, true),
    escapeCell(modeText(evaluated)),
    locationCell(evaluated)
  ]
  return `| ${cells.join(' | ')} |\n`
}

function blockingSection(blocking: readonly EvaluatedFinding[]): Section | undefined {
  if (blocking.length === 0) return undefined
  return table(
    heading('Blocking findings', blocking.length),
    ['Severity', 'Finding', 'Location', 'Why it blocks'],
    capped(blocking, blockingRow),
    'blocking finding',
    'blocking findings'
  )
}

function licenseSection(verdict: Verdict): Section | undefined {
  const violations = verdict.licenseViolations
  if (violations.length === 0) return undefined
  return table(
    heading('Dependencies with a denied license', violations.length),
    ['Dependency', 'License'],
    capped(violations, v => `| ${code(`${v.package}@${v.version}`)} | ${code(v.license, 100)} |\n`),
    'dependency',
    'dependencies'
  )
}

function secretVerdict(evaluated: EvaluatedFinding): string {
  if (evaluated.ignored) return `ignored: ${evaluated.ignored.reason}`
  return evaluated.blocking ? `blocks: ${reasonsText(evaluated.reasons)}` : 'does not block'
}

/**
 * Every secret in scope, whatever it blocks for. Only the type, the place, the validation state
 * and the link: the finding carries nothing else (api/secrets.ts keeps the matched text out).
 */
function secretsSection(verdict: Verdict): Section | undefined {
  // Looked for only when the counts have some: a pass over tens of thousands of findings saved.
  const { critical, high, medium, low } = verdict.counts.secrets
  if (critical + high + medium + low === 0) return undefined
  const secrets = verdict.findings.filter(f => f.finding.type === 'secrets')
  if (secrets.length === 0) return undefined
  return table(
    heading('Secrets', secrets.length),
    ['Severity', 'Secret', 'Location', 'Validation', 'Verdict'],
    capped(secrets, evaluated => {
      const { finding } = evaluated
      const validation = finding.type === 'secrets' ? finding.validationState : 'unknown'
      const secretType = finding.type === 'secrets' ? finding.secretType : ''
      const cells = [
        finding.severity,
        code(secretType, 100),
        locationCell(evaluated),
        escapeCell(validationStateText(validation)),
        escapeCell(secretVerdict(evaluated))
      ]
      return `| ${cells.join(' | ')} |\n`
    }),
    'secret',
    'secrets'
  )
}

function nonBlockingSection(findings: readonly EvaluatedFinding[]): Section | undefined {
  if (findings.length === 0) return undefined
  const columns = ['Severity', 'Finding', 'Mode / reachability', 'Location']
  return {
    head:
      `<details><summary>${formatCount(findings.length)} non-blocking ${plural(findings.length, 'finding')}</summary>\n\n` +
      `| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}\n`,
    ...capped(findings, nonBlockingRow),
    tail: '\n</details>\n',
    truncationNote: truncationNote('non-blocking finding', 'non-blocking findings')
  }
}

function ignoredSection(ignored: readonly EvaluatedFinding[]): Section | undefined {
  if (ignored.length === 0) return undefined
  return table(
    heading('Ignored findings', ignored.length),
    ['Severity', 'Rule', 'Location', 'Ignored because', 'Matched'],
    capped(
      ignored,
      f =>
        `| ${f.finding.severity} | ${ruleCell(f)} | ${locationCell(f)} | ` +
        `${escapeCell(f.ignored?.reason ?? '')} | ${escapeCell(f.ignored?.source ?? '', 200)} |\n`
    ),
    'ignored finding',
    'ignored findings'
  )
}

function expiredSection(verdict: Verdict): Section | undefined {
  const expired = verdict.expiredIgnores
  if (expired.length === 0) return undefined
  return {
    head: `${heading('Expired ignore entries', expired.length)}\n\nThese entries no longer apply:\n\n`,
    items: expired.map(
      e => `- ${escapeMarkdown(e.description, 300)} — expired ${escapeMarkdown(e.expires, 40)}\n`
    ),
    tail: '',
    truncationNote: truncationNote('expired entry', 'expired entries')
  }
}

function proposedSection(verdict: Verdict): Section | undefined {
  const proposed = verdict.proposedIgnores ?? []
  if (proposed.length === 0) return undefined
  return {
    head:
      `${heading('Proposed ignore entries', proposed.length)}\n\n` +
      "This pull request adds these entries to the ignore file. The gate reads the file at the pull request's base commit, so they exempt nothing yet:\n\n",
    items: proposed.map(
      e =>
        `- ${escapeMarkdown(e.description, 300)} — ${escapeMarkdown(e.reason, 300)}` +
        `${e.expires === undefined ? '' : ` — expires ${escapeMarkdown(e.expires, 40)}`}` +
        ' (proposed, applies once merged)\n'
    ),
    tail: '',
    truncationNote: truncationNote('proposed entry', 'proposed entries')
  }
}

// --- actions ------------------------------------------------------------------------------

/** Finding ids, at most ten of them, then a count. */
function idsCell(ids: readonly number[]): string {
  const shown = ids.slice(0, 10).join(', ')
  return ids.length > 10 ? `${shown} +${formatCount(ids.length - 10)} more` : shown || '—'
}

function ticketsSection(tickets: TicketsReport): Section {
  const rows = [
    ...tickets.created.map(
      t =>
        `| created | ${idsCell(t.findingIds)} | ${link(escapeCell(t.key ?? 'ticket', 100), t.url)} |\n`
    ),
    ...tickets.failed.map(t => `| failed | ${idsCell(t.findingIds)} | ${escapeCell(t.error)} |\n`),
    ...tickets.skipped.map(
      t => `| skipped | ${idsCell(t.findingIds)} | ${escapeCell(t.reason)} |\n`
    )
  ]
  const already =
    tickets.alreadyTicketed > 0
      ? `\n${formatCount(tickets.alreadyTicketed)} ${plural(tickets.alreadyTicketed, 'finding')} already had a ticket.\n`
      : ''
  if (rows.length === 0) {
    return textSection(`### Tickets\n\nNo ticket was created.\n${already}`)
  }
  const section = table(
    '### Tickets',
    ['Outcome', 'Findings', 'Ticket or detail'],
    { items: rows, hidden: 0 },
    'ticket',
    'tickets'
  )
  return { ...section, tail: already }
}

function tagsText(tags: TagsReport): string {
  const list = (values: readonly string[]): string => {
    const shown = values
      .slice(0, 50)
      .map(t => code(t, 100))
      .join(', ')
    return values.length > 50
      ? `${shown} +${formatCount(values.length - 50)} more`
      : shown || 'none'
  }
  const added = tags.added.length > 0 ? ` — added: ${list(tags.added)}` : ' — nothing added'
  return `### Project tags\n\n${code(tags.project)}: ${list(tags.tags)}${added}\n`
}

function sbomSection(sbom: SbomReport): Section {
  const rows = sbom.exports.map(e => {
    const detail = e.error !== undefined ? escapeCell(e.error) : code(e.file ?? '')
    return `| ${code(e.project)} | ${escapeCell(e.status.replace(/_/g, ' '))} | ${code(e.taskToken ?? '', 100)} | ${detail} |\n`
  })
  return table(
    '### SBOM exports',
    ['Project', 'Status', 'Task token', 'File or error'],
    { items: rows, hidden: 0 },
    'export',
    'exports'
  )
}

function warningsSection(warnings: readonly string[]): Section | undefined {
  if (warnings.length === 0) return undefined
  return {
    head: `### Warnings\n\n`,
    items: warnings.map(w => `- ${escapeMarkdown(w)}\n`),
    tail: '',
    truncationNote: truncationNote('warning', 'warnings')
  }
}
