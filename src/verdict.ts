/**
 * The gate's verdict: why each finding blocks or not, and what the run found in all. The gate
 * computes it (gate/decide.ts); the effects and the reporters read it. domain.ts re-exports it.
 */
import type {
  Finding,
  FindingMode,
  IssueType,
  PolicyMode,
  Severity,
  ValidationState
} from './domain.js'

/** Why a finding blocks; a finding can have several reasons. */
export type BlockReason =
  | { readonly kind: 'severity'; readonly severity: Severity; readonly threshold: Severity }
  | { readonly kind: 'policy-mode'; readonly mode: PolicyMode; readonly threshold: PolicyMode }
  | { readonly kind: 'malicious' }
  | { readonly kind: 'epss'; readonly score: number; readonly threshold: number }
  | { readonly kind: 'secret'; readonly validationState: ValidationState }

export interface IgnoreMatch {
  readonly reason: string
  /** Which entry of the ignore source matched, for the report (e.g. `rule python.x` or `ignore-rules`). */
  readonly source: string
}

export interface EvaluatedFinding {
  readonly finding: Finding
  /** SAST and secrets (see FindingMode). */
  readonly mode?: FindingMode
  readonly blocking: boolean
  readonly reasons: readonly BlockReason[]
  readonly ignored?: IgnoreMatch
  /** Also on the baseline ref: reported with the reasons it would block for, never blocking. */
  readonly existing?: true
}

/**
 * Why the license gate lists a dependency: denied by deny-licenses, not in allow-licenses, an
 * expression that cannot be read (it might name anything), or no license known (never blocks).
 */
export type LicenseJudgement = 'denied' | 'not-allowed' | 'unparseable' | 'unknown'

/** A dependency the license gate lists; all but `unknown` block unless an ignore entry exempts them. */
export interface LicenseViolation {
  readonly package: string
  readonly version: string
  /** The license as the platform gave it (several joined with AND); '' when it gave none. */
  readonly license: string
  readonly judgement: LicenseJudgement
  /** What is wrong with an unparseable expression. */
  readonly problem?: string
  /** Set by the verdict when an ignore entry (`package:`) exempts it. */
  readonly ignored?: IgnoreMatch
}

export type GateResult = 'passed' | 'failed' | 'skipped'

export interface SeverityCounts {
  readonly low: number
  readonly medium: number
  readonly high: number
  readonly critical: number
}

export interface ProposedIgnore {
  readonly description: string
  readonly reason: string
  readonly expires?: string
}

export interface Verdict {
  readonly result: GateResult
  /** Every in-scope finding, ignored ones included, in a stable order (blocking first, worst first). */
  readonly findings: readonly EvaluatedFinding[]
  /** The findings that block, in the same order. */
  readonly blocking: readonly EvaluatedFinding[]
  /** The findings that an ignore entry or ignore-rules exempted, in the same order. */
  readonly ignored: readonly EvaluatedFinding[]
  /** The findings also on the baseline ref (not ignored), in the same order. */
  readonly existing: readonly EvaluatedFinding[]
  /** The findings that neither block nor are ignored nor existing, in the same order. */
  readonly nonBlocking: readonly EvaluatedFinding[]
  /** The baseline ref and the types matched against it, when `baseline-ref` applied. */
  readonly baseline?: BaselineScope
  /** The license violations that block: not exempted, not of an unknown license. */
  readonly licenseViolations: readonly LicenseViolation[]
  /** Those an ignore entry exempts, and those of unknown license; each absent when empty. */
  readonly ignoredLicenseViolations?: readonly LicenseViolation[]
  readonly unknownLicenses?: readonly LicenseViolation[]
  /** Ignore entries past their `expires` date: they no longer apply. */
  readonly expiredIgnores: readonly { readonly description: string; readonly expires: string }[]
  /**
   * Entries a pull request adds to the ignore file: the file is read at its base commit, so
   * these are only listed, and apply once it is merged. Absent when there are none.
   */
  readonly proposedIgnores?: readonly ProposedIgnore[]
  readonly counts: {
    readonly total: number
    readonly sast: SeverityCounts
    readonly sca: SeverityCounts
    readonly secrets: SeverityCounts
    readonly ai_sast: SeverityCounts
  }
}

/** What a baseline ref exempts: its findings of these types (secrets match none). */
export interface BaselineScope {
  readonly ref: string
  readonly types: readonly IssueType[]
}
