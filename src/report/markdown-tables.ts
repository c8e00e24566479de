/**
 * The findings tables of the Markdown report: blocking, licenses, secrets, non-blocking, ignored,
 * and the ignore entries. Each is a truncatable Section (fit.ts) of at most ROW_CAP rows.
 */
import {
  validationStateText,
  type EvaluatedFinding,
  type LicenseViolation,
  type Verdict
} from '../domain.js'
import { JUDGEMENT_TEXT, violationsNoun } from '../gate/licenses.js'
import { transitivityOf } from '../gate/transitivity.js'
import { code, escapeCell, escapeMarkdown, formatCount, LIMITS, link } from './escape.js'
import type { Section } from './fit.js'
import {
  dependencyText,
  epssText,
  locationText,
  modeBesideReasons,
  modeText,
  plural,
  reasonsText
} from './labels.js'

export function truncationNote(noun: string, nounPlural: string): (dropped: number) => string {
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
export function capped<T>(
  items: readonly T[],
  row: (item: T) => string
): { items: string[]; hidden: number } {
  const shown = items.length > ROW_CAP ? items.slice(0, ROW_CAP) : items
  return { items: shown.map(row), hidden: items.length - shown.length }
}

export function table(
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
  // What fail-on-transitivities reads, beside the dependency it is about.
  const transitivity = finding.type === 'sca' ? transitivityOf(finding) : 'unknown'
  if (transitivity !== 'unknown') extra.push(transitivity)
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

/**
 * Why it blocks, with the rule's mode or the dependency's exposure, which a reason may not name;
 * a policy-mode reason names the mode already (`policy mode block ≥ block`).
 */
function whyCell(evaluated: EvaluatedFinding): string {
  const mode = modeBesideReasons(evaluated)
  const shown =
    mode === '' ? '' : evaluated.finding.type === 'sast' ? ` (mode ${mode})` : ` (${mode})`
  return escapeCell(`${reasonsText(evaluated.reasons)}${shown}`)
}

/** Fixed versions shown in a cell at most; the JSON report has them all. */
const FIXES_SHOWN = 3

/** An SCA finding's fixed versions (or `no fix`) and EPSS score; `—` for other findings. */
function fixCell(evaluated: EvaluatedFinding): string {
  const { finding } = evaluated
  if (finding.type !== 'sca') return '—'
  const versions = finding.fixVersions
  const more = versions.length > FIXES_SHOWN ? ` +${versions.length - FIXES_SHOWN} more` : ''
  const fixes =
    versions.length === 0
      ? 'no fix'
      : `${versions
          .slice(0, FIXES_SHOWN)
          .map(version => code(version, 100))
          .join(' ')}${more}`
  return finding.epss === undefined ? fixes : `${fixes}<br>EPSS ${epssText(finding.epss.score)}`
}

/**
 * A table shows the fix column when it lists an SCA finding among the rows it renders: a table
 * of SAST findings alone would only show dashes.
 */
function showsFixes(findings: readonly EvaluatedFinding[]): boolean {
  const end = Math.min(findings.length, ROW_CAP)
  for (let i = 0; i < end; i++) if (findings[i]?.finding.type === 'sca') return true
  return false
}

const FIX_COLUMN = 'Fix · EPSS'

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |\n`
}

function blockingRow(withFix: boolean): (evaluated: EvaluatedFinding) => string {
  return evaluated =>
    row([
      evaluated.finding.severity,
      ruleCell(evaluated, true),
      ...(withFix ? [fixCell(evaluated)] : []),
      locationCell(evaluated),
      whyCell(evaluated)
    ])
}

function nonBlockingRow(withFix: boolean): (evaluated: EvaluatedFinding) => string {
  return evaluated =>
    row([
      evaluated.finding.severity,
      ruleCell(evaluated, true),
      ...(withFix ? [fixCell(evaluated)] : []),
      escapeCell(modeText(evaluated)),
      locationCell(evaluated)
    ])
}

/** The columns of a findings table, with the fix column after the finding when it shows. */
function columnsOf(withFix: boolean, first: string[], rest: string[]): string[] {
  return [...first, ...(withFix ? [FIX_COLUMN] : []), ...rest]
}

export function blockingSection(blocking: readonly EvaluatedFinding[]): Section | undefined {
  if (blocking.length === 0) return undefined
  const withFix = showsFixes(blocking)
  return table(
    heading('Blocking findings', blocking.length),
    columnsOf(withFix, ['Severity', 'Finding'], ['Location', 'Why it blocks']),
    capped(blocking, blockingRow(withFix)),
    'blocking finding',
    'blocking findings'
  )
}

function licenseRow(violation: LicenseViolation): string {
  const why =
    violation.problem === undefined
      ? JUDGEMENT_TEXT[violation.judgement]
      : `${JUDGEMENT_TEXT[violation.judgement]}: ${violation.problem}`
  return row([
    code(`${violation.package}@${violation.version}`),
    violation.license === '' ? '—' : code(violation.license, 100),
    escapeCell(why, 300)
  ])
}

export function licenseSection(verdict: Verdict): Section | undefined {
  const violations = verdict.licenseViolations
  if (violations.length === 0) return undefined
  return table(
    heading(`Dependencies with ${violationsNoun(violations)}`, violations.length),
    ['Dependency', 'License', 'Why it blocks'],
    capped(violations, licenseRow),
    'dependency',
    'dependencies'
  )
}

/** License violations an ignore entry (`package:`) exempts: listed with the entry's reason. */
export function ignoredLicenseSection(verdict: Verdict): Section | undefined {
  const ignored = verdict.ignoredLicenseViolations ?? []
  if (ignored.length === 0) return undefined
  return table(
    heading('Ignored license violations', ignored.length),
    ['Dependency', 'License', 'Ignored because', 'Matched'],
    capped(ignored, v =>
      row([
        code(`${v.package}@${v.version}`),
        code(v.license, 100),
        escapeCell(v.ignored?.reason ?? ''),
        escapeCell(v.ignored?.source ?? '', 200)
      ])
    ),
    'ignored license violation',
    'ignored license violations'
  )
}

/** Dependencies the platform knows no license of: the license gate could not judge them. */
export function unknownLicenseSection(verdict: Verdict): Section | undefined {
  const unknown = verdict.unknownLicenses ?? []
  if (unknown.length === 0) return undefined
  const count = formatCount(unknown.length)
  return {
    head:
      `<details><summary>${count} ${plural(unknown.length, 'dependency', 'dependencies')} of unknown license (not judged, not blocking)</summary>\n\n` +
      '| Dependency | License |\n| --- | --- |\n',
    ...capped(unknown, v =>
      row([code(`${v.package}@${v.version}`), v.license === '' ? '—' : code(v.license, 100)])
    ),
    tail: '\n</details>\n',
    truncationNote: truncationNote('dependency', 'dependencies')
  }
}

function secretVerdict(evaluated: EvaluatedFinding): string {
  if (evaluated.ignored) return `ignored: ${evaluated.ignored.reason}`
  return evaluated.blocking ? `blocks: ${reasonsText(evaluated.reasons)}` : 'does not block'
}

/**
 * Every secret in scope, whatever it blocks for. Only the type, the place, the validation state
 * and the link: the finding carries nothing else (api/secrets.ts keeps the matched text out).
 */
export function secretsSection(verdict: Verdict): Section | undefined {
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

export function nonBlockingSection(findings: readonly EvaluatedFinding[]): Section | undefined {
  if (findings.length === 0) return undefined
  const withFix = showsFixes(findings)
  const columns = columnsOf(withFix, ['Severity', 'Finding'], ['Mode / reachability', 'Location'])
  return {
    head:
      `<details><summary>${formatCount(findings.length)} non-blocking ${plural(findings.length, 'finding')}</summary>\n\n` +
      `| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}\n`,
    ...capped(findings, nonBlockingRow(withFix)),
    tail: '\n</details>\n',
    truncationNote: truncationNote('non-blocking finding', 'non-blocking findings')
  }
}

/**
 * The findings also on the baseline ref: what each would block for, and that it does not. Folded
 * away, like the non-blocking ones: the change did not add them.
 */
export function existingSection(verdict: Verdict): Section | undefined {
  const { existing, baseline } = verdict
  if (existing.length === 0 || baseline === undefined) return undefined
  const withFix = showsFixes(existing)
  const columns = columnsOf(withFix, ['Severity', 'Finding'], ['Location', 'Would block for'])
  const noun = plural(existing.length, 'finding')
  return {
    head:
      `<details><summary>${formatCount(existing.length)} existing ${noun}: also on ${code(baseline.ref)}, not blocking</summary>\n\n` +
      `| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}\n`,
    ...capped(existing, e =>
      row([
        e.finding.severity,
        ruleCell(e, true),
        ...(withFix ? [fixCell(e)] : []),
        locationCell(e),
        escapeCell(reasonsText(e.reasons) || '—')
      ])
    ),
    tail: '\n</details>\n',
    truncationNote: truncationNote('existing finding', 'existing findings')
  }
}

export function ignoredSection(ignored: readonly EvaluatedFinding[]): Section | undefined {
  if (ignored.length === 0) return undefined
  const withFix = showsFixes(ignored)
  return table(
    heading('Ignored findings', ignored.length),
    columnsOf(withFix, ['Severity', 'Rule'], ['Location', 'Ignored because', 'Matched']),
    capped(ignored, f =>
      row([
        f.finding.severity,
        ruleCell(f),
        ...(withFix ? [fixCell(f)] : []),
        locationCell(f),
        escapeCell(f.ignored?.reason ?? ''),
        escapeCell(f.ignored?.source ?? '', 200)
      ])
    ),
    'ignored finding',
    'ignored findings'
  )
}

export function expiredSection(verdict: Verdict): Section | undefined {
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

export function proposedSection(verdict: Verdict): Section | undefined {
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
