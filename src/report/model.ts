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

/** The findings one report leaves out of the run: the last ones of the report's order. */
export interface LeftOut {
  readonly findings: number
  readonly blocking: number
  /** The limit that left them out, as a sentence's clause. */
  readonly why: string
}

/** How many of one kind were annotated, of how many. */
export interface Annotated {
  readonly annotated: number
  readonly total: number
}

export interface AnnotationCoverage {
  readonly blocking: Annotated
  readonly licenses: Annotated
  readonly nonBlocking: Annotated
  /** max-annotations as applied: at most what a step shows. */
  readonly max: number
}

/**
 * How much of the findings the reports that GitHub limits could hold, known once they are
 * written: the job summary says what they left out, and where every finding is.
 */
export interface ReportCoverage {
  readonly annotations?: AnnotationCoverage
  readonly sarif?: {
    readonly file: string
    readonly results: number
    readonly leftOut?: LeftOut
  }
  /** The JSON report, which holds every finding. */
  readonly reportFile?: string
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
      /** The scans judged, each with the types judged on it, in the order of the types. */
      readonly scans: readonly ScanReport[]
      /** Types of the default that no scan vouched for: not judged (a warning says why). */
      readonly notJudged: readonly IssueType[]
      /** The ref the run asked for, and the spelling the scans record (they differ outside GHA). */
      readonly requestedRef: string
      readonly branch: string
      readonly waitedSeconds: number
    }

export interface ScanReport {
  readonly id: string
  readonly commit: string
  readonly branch: string
  readonly status: string
  /** The types whose findings are this scan's. */
  readonly types: readonly IssueType[]
  readonly fullScan?: boolean
  /** ISO 8601 UTC. */
  readonly startedAt?: string
  readonly completedAt?: string
  /** How long before the proof the scan completed, on the server's clock. */
  readonly ageSeconds?: number
}
