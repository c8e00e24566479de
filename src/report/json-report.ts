/**
 * The machine-readable report (`report-file`): everything the summary shows, untruncated but
 * for the length of each rule message, in a versioned shape that scripts can rely on. Bump
 * `schemaVersion` on any breaking change of this shape.
 */
import { writeReportFile, writeReportText } from './report-file.js'
import type { BlockReason, EvaluatedFinding } from '../domain.js'
import { truncate } from '../text/plain.js'
import { reasonText } from './labels.js'
import type { RunReport } from './model.js'

export const JSON_REPORT_SCHEMA_VERSION = 1
export const TOOL_NAME = 'Findings Gate'
/**
 * A rule message is cut to this many characters: a 1 MB message repeated over thousands of
 * findings would make a file nobody can open.
 */
export const JSON_MESSAGE_LIMIT = 16_384

export interface JsonReportMeta {
  readonly toolVersion?: string
  /** Defaults to now; fixed in tests. */
  readonly generatedAt?: Date
}

type JsonFinding = ReturnType<typeof jsonFinding>

export interface JsonReport {
  readonly schemaVersion: typeof JSON_REPORT_SCHEMA_VERSION
  readonly tool: { readonly name: string; readonly version: string }
  readonly generatedAt: string
  readonly runUrl: string | null
  readonly status: RunReport['status']
  /** Which scan the findings come from; null when not looked for or not proven. */
  readonly evidence: NonNullable<RunReport['evidence']> | null
  /** The baseline ref and the types matched against it; null without baseline-ref. */
  readonly baseline: NonNullable<NonNullable<RunReport['verdict']>['baseline']> | null
  readonly scope: RunReport['scope']
  readonly thresholds: RunReport['thresholds']
  readonly config: Record<string, unknown>
  readonly counts: {
    readonly total: number
    readonly blocking: number
    readonly ignored: number
    /** Also on the baseline ref (never blocking); 0 without baseline-ref. */
    readonly existing: number
    readonly licenseViolations: number
    readonly sast: NonNullable<RunReport['verdict']>['counts']['sast']
    readonly sca: NonNullable<RunReport['verdict']>['counts']['sca']
    readonly secrets: NonNullable<RunReport['verdict']>['counts']['secrets']
    readonly ai_sast: NonNullable<RunReport['verdict']>['counts']['ai_sast']
  } | null
  readonly findings: readonly JsonFinding[]
  readonly licenseViolations: NonNullable<RunReport['verdict']>['licenseViolations']
  /** License violations an ignore entry (`package:`) exempts. */
  readonly ignoredLicenseViolations: NonNullable<
    NonNullable<RunReport['verdict']>['ignoredLicenseViolations']
  >
  /** Dependencies of unknown license: not judged, not blocking. */
  readonly unknownLicenses: NonNullable<NonNullable<RunReport['verdict']>['unknownLicenses']>
  readonly expiredIgnores: NonNullable<RunReport['verdict']>['expiredIgnores']
  /** Ignore entries a pull request adds: not applied to this run. */
  readonly proposedIgnores: NonNullable<NonNullable<RunReport['verdict']>['proposedIgnores']>
  readonly tickets: RunReport['tickets'] | null
  readonly tags: RunReport['tags'] | null
  readonly sbom: RunReport['sbom'] | null
  readonly warnings: readonly string[]
}

/**
 * Reasons with their text, one list per list of reasons: decide() shares one list among the
 * findings blocked for the same reasons, and so does the report, instead of a copy per finding.
 */
const reasonsWithText = new WeakMap<readonly BlockReason[], JsonReason[]>()

type JsonReason = BlockReason & { readonly text: string }

function jsonReasons(reasons: readonly BlockReason[]): JsonReason[] {
  let withText = reasonsWithText.get(reasons)
  if (withText === undefined) {
    withText = reasons.map(r => ({ ...r, text: reasonText(r) }))
    reasonsWithText.set(reasons, withText)
  }
  return withText
}

function jsonFinding(evaluated: EvaluatedFinding) {
  const { finding } = evaluated
  // The finding's keys in order, then these (a key the finding has keeps its place), as a spread
  // `{ ...finding, ruleMessage, … }` would give; Object.assign copies a finding of twenty-odd
  // keys about ten times faster than V8 builds that literal.
  return Object.assign({}, finding, {
    ruleMessage: truncate(finding.ruleMessage, JSON_MESSAGE_LIMIT),
    mode: evaluated.mode ?? null,
    blocking: evaluated.blocking,
    reasons: jsonReasons(evaluated.reasons),
    ignored: evaluated.ignored ?? null,
    existing: evaluated.existing === true
  })
}

/** Keys that must never reach a file that may be uploaded as an artifact. */
const SECRET_KEY = /token|secret|password|authorization|credential/i
/** Settings about secrets findings: their names match SECRET_KEY, their values are no secret. */
const SECRETS_SETTINGS: ReadonlySet<string> = new Set(['failOnSecrets'])

/**
 * The caller passes the configuration without secrets; this redacts anything that still looks
 * like one, as a second line of defence (an artifact outlives the run's log masking).
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) && !SECRETS_SETTINGS.has(key) ? '[redacted]' : redactSecrets(inner)
    ])
  )
}

type JsonReportHead = Omit<JsonReport, 'findings' | JsonReportTailKey>
type JsonReportTailKey =
  | 'licenseViolations'
  | 'ignoredLicenseViolations'
  | 'unknownLicenses'
  | 'expiredIgnores'
  | 'proposedIgnores'
  | 'tickets'
  | 'tags'
  | 'sbom'
  | 'warnings'
type JsonReportTail = Pick<JsonReport, JsonReportTailKey>

/** Everything but the findings: the keys before them and the keys after them, in order. */
function reportParts(
  report: RunReport,
  configWithoutSecrets: Record<string, unknown>,
  meta: JsonReportMeta
): { head: JsonReportHead; tail: JsonReportTail } {
  const { verdict } = report
  return {
    head: {
      schemaVersion: JSON_REPORT_SCHEMA_VERSION,
      tool: { name: TOOL_NAME, version: meta.toolVersion ?? 'unknown' },
      generatedAt: (meta.generatedAt ?? new Date()).toISOString(),
      runUrl: report.runUrl ?? null,
      status: report.status,
      evidence: report.evidence ?? null,
      baseline: verdict?.baseline ?? null,
      scope: report.scope,
      thresholds: report.thresholds,
      config: redactSecrets(configWithoutSecrets) as Record<string, unknown>,
      counts: verdict
        ? {
            total: verdict.counts.total,
            blocking: verdict.blocking.length,
            ignored: verdict.ignored.length,
            existing: verdict.existing.length,
            licenseViolations: verdict.licenseViolations.length,
            sast: verdict.counts.sast,
            sca: verdict.counts.sca,
            secrets: verdict.counts.secrets,
            ai_sast: verdict.counts.ai_sast
          }
        : null
    },
    tail: {
      licenseViolations: verdict?.licenseViolations ?? [],
      ignoredLicenseViolations: verdict?.ignoredLicenseViolations ?? [],
      unknownLicenses: verdict?.unknownLicenses ?? [],
      expiredIgnores: verdict?.expiredIgnores ?? [],
      proposedIgnores: verdict?.proposedIgnores ?? [],
      tickets: report.tickets ?? null,
      tags: report.tags ?? null,
      sbom: report.sbom ?? null,
      warnings: report.warnings
    }
  }
}

export function buildJsonReport(
  report: RunReport,
  configWithoutSecrets: Record<string, unknown>,
  meta: JsonReportMeta = {}
): JsonReport {
  const { head, tail } = reportParts(report, configWithoutSecrets, meta)
  const findings = report.verdict ? report.verdict.findings.map(jsonFinding) : []
  return { ...head, findings, ...tail }
}

/** Writes `value` as indented JSON, creating the parent folders; whole or not at all. */
export async function writeJsonReport(path: string, value: unknown): Promise<void> {
  await writeReportText(path, `${JSON.stringify(value, null, 2)}\n`)
}

/** Findings per JSON.stringify call: enough to amortise the call, few enough to keep memory flat. */
const FINDINGS_PER_WRITE = 2_000
/** What JSON.stringify puts around the findings of `{ findings: [...] }`, indented by 2. */
const BATCH_OPEN = '{\n  "findings": [\n'
const BATCH_CLOSE = '\n  ]\n}'

/**
 * Writes the JSON report of a run: the same bytes as writeJsonReport(path, buildJsonReport(…)),
 * without holding every finding's object and the whole text (tens of megabytes, twice that as
 * UTF-16) at once. The findings are turned into JSON a batch at a time, each batch wrapped in
 * `{ findings }` so that JSON.stringify indents them as it does under the report's `findings`.
 */
export async function writeRunJsonReport(
  path: string,
  report: RunReport,
  configWithoutSecrets: Record<string, unknown>,
  meta: JsonReportMeta = {}
): Promise<void> {
  const { head, tail } = reportParts(report, configWithoutSecrets, meta)
  const findings = report.verdict?.findings ?? []
  // No findings: JSON.stringify writes `"findings": []` on one line.
  if (findings.length === 0) return writeJsonReport(path, { ...head, findings: [], ...tail })
  await writeReportFile(path, async file => {
    // The head without its closing brace, then the key of the findings.
    await file.write(`${JSON.stringify(head, null, 2).slice(0, -2)},\n  "findings": [\n`)
    for (let start = 0; start < findings.length; start += FINDINGS_PER_WRITE) {
      const batch = findings.slice(start, start + FINDINGS_PER_WRITE).map(jsonFinding)
      const text = JSON.stringify({ findings: batch }, null, 2)
      const separator = start === 0 ? '' : ',\n'
      await file.write(separator + text.slice(BATCH_OPEN.length, -BATCH_CLOSE.length))
    }
    // The tail without its opening brace.
    await file.write(`\n  ],\n${JSON.stringify(tail, null, 2).slice(2)}\n`)
  })
}
