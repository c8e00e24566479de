/**
 * The judging step: from what was read (findings, their modes, license violations) and the ignore
 * entries that apply, the verdict and the warnings it calls for. Pure: the warnings are values.
 */
import type { Finding, LicenseViolation, ProposedIgnore, Verdict } from '../domain.js'
import type { Baseline } from './baseline.js'
import { decide, type Thresholds } from './decide.js'
import type { IgnoreEntry } from './ignore.js'
import { buildIgnoreMatcher } from './ignore-matcher.js'
import { modeLookup, type ListedModes } from './modes.js'
import { judgeScopeDrops, type ScopeDrops } from './scope.js'

export interface JudgeInput {
  readonly findings: readonly Finding[]
  readonly dropped: ScopeDrops
  /** Present when the policy-mode gate is on. */
  readonly modes?: ListedModes
  readonly licenseViolations: readonly LicenseViolation[]
  readonly thresholds: Thresholds
  readonly ignores: {
    readonly entries: readonly IgnoreEntry[]
    readonly proposed: readonly ProposedIgnore[]
  }
  readonly ignoreRules: readonly string[]
  readonly now: Date
  /** The baseline ref's findings: those also there are existing (see gate/baseline.ts). */
  readonly baseline?: Baseline
}

export interface Judged {
  readonly verdict: Verdict
  readonly warnings: readonly string[]
}

/** @throws NoVerdictError when every finding the server returned was out of scope. */
export function judgeFindings(input: JudgeInput): Judged {
  const warnings: string[] = []
  const dropWarning = judgeScopeDrops(input.dropped, input.findings.length)
  if (dropWarning !== undefined) warnings.push(dropWarning)
  const matcher = buildIgnoreMatcher(input.ignores.entries, input.ignoreRules, input.now)
  for (const expired of matcher.expired) {
    warnings.push(
      `Ignore entry "${expired.description}" expired on ${expired.expires} and no longer applies`
    )
  }
  const verdict = decide({
    findings: input.findings,
    thresholds: input.thresholds,
    modeOf: modeLookup(input.modes),
    ignoreOf: matcher.match,
    licenseViolations: input.licenseViolations,
    expiredIgnores: matcher.expired,
    proposedIgnores: input.ignores.proposed,
    ...(input.baseline !== undefined && { baseline: input.baseline })
  })
  return { verdict, warnings }
}
