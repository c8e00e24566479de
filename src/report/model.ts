import type {
  Deployment,
  Exposure,
  FindingStatus,
  GateResult,
  IssueType,
  PolicyMode,
  SbomExportOutcome,
  SecretsThreshold,
  Severity,
  TagsOutcome,
  TicketsOutcome,
  Transitivity,
  Verdict
} from '../domain.js'

/** Everything one run produced; every reporter is a pure function of this. */
export interface RunReport {
  readonly version: 1
  /** passed | failed | skipped, and the one line that explains it. */
  readonly status: {
    readonly result: GateResult
    readonly headline: string
    /** true when the gate could not be evaluated (API error with on-api-error: warn). */
    readonly apiError?: boolean
  }
  readonly scope: {
    readonly deployment?: Deployment
    readonly repository: string
    readonly ref: string
    /** ISO 8601 UTC, when a since filter was applied. */
    readonly since?: string
    readonly issueTypes: readonly IssueType[]
    /** Every status fetched, one request chain each. */
    readonly findingStatus: readonly FindingStatus[]
  }
  readonly thresholds: {
    readonly failOnSeverity: Severity | 'none'
    readonly failOnPolicyMode: Exclude<PolicyMode, 'disabled'> | 'none'
    readonly failOnExposures: readonly Exposure[]
    readonly failOnMalicious: boolean
    readonly failOnSecrets: SecretsThreshold
    readonly denyLicenses: readonly string[]
    readonly warnOnly: boolean
    /*
     * The Supply Chain and allow-licenses settings; publishReports fills them from the config
     * (absent in a report built before them, which the reports then do not mention).
     */
    readonly failOnTransitivities?: readonly Transitivity[]
    readonly ignoreUnfixed?: boolean
    readonly failOnEpss?: number
    readonly allowLicenses?: readonly string[]
    /** The config file the thresholds came from, with the workflow's inputs over it. */
    readonly configFile?: string
  }
  /** Which scan the verdict is about; absent when it was not looked for or not proven. */
  readonly evidence?: EvidenceReport
  /** Absent when the gate was not evaluated (gate: false, or the API failed). */
  readonly verdict?: Verdict
  readonly tickets?: TicketsReport
  readonly tags?: TagsReport
  readonly sbom?: SbomReport
  /** Warnings already emitted to the log, repeated in the summary. */
  readonly warnings: readonly string[]
  /** Link to this workflow run, when known. */
  readonly runUrl?: string
}

/** Tickets and tags are reported as the actions left them. */
export type TicketsReport = TicketsOutcome
export type TagsReport = TagsOutcome
export type SbomExportReport = SbomExportOutcome

export interface SbomReport {
  readonly exports: readonly SbomExportReport[]
  /** With sbom-scope deployment: how many projects this run (this shard) exported. */
  readonly projects?: number
}

/** `required: none`: the findings were judged without proving which scan they come from. */
export type EvidenceReport =
  | { readonly required: 'none' }
  | {
      readonly required: 'commit' | 'ref'
      readonly scan: ScanReport
      /** The ref the run asked for; the scan's `branch` differs when it was spelled otherwise. */
      readonly requestedRef: string
      readonly waitedSeconds: number
      /** How long before this run the scan completed. */
      readonly ageSeconds?: number
    }

export interface ScanReport {
  readonly id: string
  readonly commit: string
  readonly branch: string
  readonly status: string
  readonly fullScan?: boolean
  /** ISO 8601 UTC. */
  readonly startedAt?: string
  readonly completedAt?: string
}
