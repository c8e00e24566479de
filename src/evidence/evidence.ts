/**
 * The evidence stage: which scan each type's findings come from, proven through the scans search
 * before anything is judged, and proven again once the findings have been read.
 */
import { searchScans, type ScansSeen } from '../api/scans.js'
import type { Transport } from '../api/transport.js'
import { ProjectNotFoundError } from '../collect/project.js'
import {
  PRODUCT_NAMES,
  productList,
  type IssueType,
  type Project,
  type Scan,
  type ScanFindingsCounts
} from '../domain.js'
import type { Config, RunContext } from '../inputs/index.js'
import { formatDuration } from '../time/duration.js'
import { NoVerdictError, UserError } from '../errors.js'
import {
  lookOnce,
  proveScans,
  short,
  realClock,
  type ProvenScans,
  type ScanSource,
  type WaitClock
} from './prove-scan.js'
import { baselineSpellings, newestCompleted, type ScanRequirement } from './scan-judge.js'

export type { ProvenScans } from './prove-scan.js'

/** The inputs the proof reads, and where the run is (RunContext.outsideGitHub). */
export type EvidenceConfig = Pick<
  Config,
  | 'requireScan'
  | 'commit'
  | 'ref'
  | 'repository'
  | 'scanWaitTimeoutSeconds'
  | 'issueTypes'
  | 'typesFromDefault'
> &
  Pick<RunContext, 'outsideGitHub'>

/** Where the scans are: the deployment's id and the project's repository id. */
export interface ScanLocation {
  readonly deploymentId: string
  readonly repositoryId: number
}

export interface EvidenceLog {
  readonly info: (message: string) => void
  readonly warn: (message: string) => void
}

/**
 * Where the scans of the project are. A repository that is no project has never been scanned:
 * there is no scan to prove, which `on-missing-scan` may soften like any other missing scan.
 */
export async function scanLocation(
  deploymentId: string,
  project: Promise<Project> | undefined
): Promise<ScanLocation> {
  if (project === undefined) {
    throw new NoVerdictError('the project whose scans to prove is unknown', 'on-missing-scan')
  }
  try {
    return { deploymentId, repositoryId: (await project).id }
  } catch (error) {
    if (error instanceof ProjectNotFoundError)
      throw new NoVerdictError(error.message, 'on-missing-scan')
    throw error
  }
}

export function requirementOf(config: EvidenceConfig): ScanRequirement | undefined {
  if (config.requireScan === 'ref') return { mode: 'ref', ref: config.ref }
  if (config.requireScan === 'commit' && config.commit !== undefined) {
    return { mode: 'commit', ref: config.ref, commit: config.commit }
  }
  return undefined
}

/**
 * The scans search, keeping only scans of the repository and branch asked for: a server that
 * ignores the search's filters must not lend another branch's or repository's scan as evidence.
 */
function scanSource(transport: Transport, where: ScanLocation, log: EvidenceLog): ScanSource {
  const repositoryId = String(where.repositoryId)
  return {
    scansOf: async branch => {
      const seen = await searchScans(transport, where.deploymentId, { repositoryId, branch })
      return keepAsked(seen, repositoryId, branch, log)
    },
    recentBranches: async () => {
      const seen = await searchScans(transport, where.deploymentId, { repositoryId }, 1)
      const ofRepository = seen.scans.filter(scan => scan.repositoryId === repositoryId)
      return [...new Set(ofRepository.map(scan => scan.branch))]
    }
  }
}

function keepAsked(
  seen: ScansSeen,
  repositoryId: string,
  branch: string,
  log: EvidenceLog
): ScansSeen {
  const kept = seen.scans.filter(
    scan => scan.repositoryId === repositoryId && scan.branch === branch
  )
  const dropped = seen.scans.length - kept.length
  if (dropped > 0) {
    log.info(
      `The scans search returned ${dropped} scan(s) of other repositories or branches than repository ${repositoryId} on "${branch}"; they were not used`
    )
  }
  return { ...seen, scans: kept }
}

/**
 * The scans the findings of the configured ref come from, one per judged type.
 * @throws NoVerdictError when they cannot be proven; API errors as they come.
 */
export async function proveEvidence(
  transport: Transport,
  where: ScanLocation,
  config: EvidenceConfig,
  log: EvidenceLog,
  clock: WaitClock = realClock
): Promise<ProvenScans> {
  const requirement = requirementOf(config)
  // The inputs guarantee it; should they not, nothing is judged unproven.
  if (requirement === undefined) {
    throw new NoVerdictError(
      `require-scan is ${config.requireScan}, but the commit whose scan to prove is unknown`,
      'on-missing-scan'
    )
  }
  const evidence = await proveScans(
    scanSource(transport, where, log),
    requirement,
    {
      repository: config.repository,
      types: config.issueTypes,
      typesFromDefault: config.typesFromDefault,
      timeoutSeconds: config.scanWaitTimeoutSeconds,
      ...(config.outsideGitHub === true && { outsideGitHub: true }),
      log: log.info,
      warn: log.warn
    },
    clock
  )
  for (const line of provenLines(evidence)) log.info(line)
  return evidence
}

/** One line per scan judged, with the types it is judged for. */
function provenLines(evidence: ProvenScans): string[] {
  const lines = [...scanGroups(evidence)].map(([scan, types]) => {
    const age =
      evidence.provenAt !== undefined && scan.completedAt !== undefined
        ? `, completed ${formatDuration(Math.max(0, evidence.provenAt - scan.completedAt))} ago`
        : ''
    return `Judging the ${productList(types)} findings of scan ${scan.id} of commit ${short(scan.commit)} on ${scan.branch} (${scan.statusText}${age})`
  })
  if (evidence.branch !== evidence.requestedRef) {
    lines.push(
      `No scan records ${evidence.requestedRef}, but the repository's scans record "${evidence.branch}" (scans run outside GitHub Actions spell the branch bare): judging the findings of "${evidence.branch}"`
    )
  }
  return lines
}

/** The judged scans, each with the types judged on it, in the order of the types. */
export function scanGroups(evidence: ProvenScans): Map<Scan, IssueType[]> {
  const groups = new Map<Scan, IssueType[]>()
  for (const [type, scan] of evidence.scans) groups.set(scan, [...(groups.get(scan) ?? []), type])
  return groups
}

/** What each type's proven scan found, to size the findings requests. */
export function provenCounts(evidence: ProvenScans): ScanFindingsCounts {
  const counts: Partial<Record<IssueType, number>> = {}
  for (const [type, scan] of evidence.scans) {
    const count = scan.findingsCounts?.[type]
    if (count !== undefined) counts[type] = count
  }
  return counts
}

/**
 * After the last findings page: each judged type's proven scan is still the newest completed scan
 * of the ref that ran its product. A scan that completed while the findings were read may have
 * replaced them, and the verdict would be about another commit than the one it names.
 * @throws NoVerdictError naming the newer scan.
 */
export async function confirmEvidence(
  transport: Transport,
  where: ScanLocation,
  evidence: ProvenScans,
  log: EvidenceLog
): Promise<void> {
  const source = scanSource(transport, where, log)
  const { scans } = await source.scansOf(evidence.branch)
  for (const [type, proven] of evidence.scans) {
    const head = newestCompleted(scans, type)
    if (head?.id === proven.id) continue
    const newer = head
      ? `scan ${head.id} of commit ${short(head.commit)} completed`
      : `scan ${proven.id} is no longer the newest completed scan`
    throw new NoVerdictError(
      `${newer} on ${evidence.branch} while the findings were read, so the ${PRODUCT_NAMES[type]} findings may be its, not those of scan ${proven.id} of commit ${short(proven.commit)}; run the step again`,
      'on-missing-scan'
    )
  }
}

/** `baseline-ref` as given, and the spellings of it whose scans and findings are its evidence. */
export interface BaselineRef {
  readonly ref: string
  /** The one to read findings under when no scan says which: the first. */
  readonly spellings: readonly string[]
}

/** The baseline of this run: on GitHub only `refs/heads/<branch>` (see baselineSpellings). */
export function baselineRefOf(ref: string | undefined, ctx: RunContext): BaselineRef | undefined {
  if (ref === undefined) return undefined
  return { ref, spellings: baselineSpellings(ref, ctx.outsideGitHub !== true) }
}

/**
 * The scans the baseline ref's findings come from, per type: each type's newest completed scan of
 * the ref, as `require-scan: ref` proves a gated ref, among the scans of its evidence spellings
 * only. Secrets carry no platform id that matches them across refs, so they have no baseline.
 * Never rejects: a baseline that cannot be proven is a warning, and undefined (every finding is
 * then judged as new: no exemption without evidence).
 */
export async function proveBaseline(
  transport: Transport,
  where: ScanLocation,
  { ref, spellings }: BaselineRef,
  types: readonly IssueType[],
  log: EvidenceLog
): Promise<ProvenScans | undefined> {
  const matchable = types.filter(type => type !== 'secrets')
  try {
    const requirement = { mode: 'ref', ref } as const
    const source = scanSource(transport, where, log)
    const seen = await lookOnce(source, requirement, matchable, spellings)
    const scans = new Map<IssueType, Scan>()
    for (const [type, each] of seen.judgement.types)
      if (each.kind === 'proven') scans.set(type, each.scan)
    const missing = matchable.filter(type => !scans.has(type))
    if (missing.length > 0) {
      // On GitHub `main` is looked for as refs/heads/main only: the warning says so.
      const looked = spellings.length === 1 && spellings[0] !== ref ? spellings[0] : 'it'
      log.warn(
        `baseline-ref ${ref}: no completed scan of ${looked} ran ${productList(missing)}, so every finding of ${missing.length === 1 ? 'that type' : 'those types'} is judged as new`
      )
    }
    if (scans.size === 0) return undefined
    return {
      mode: 'ref',
      branch: seen.judgement.branch,
      requestedRef: ref,
      scans,
      waitedSeconds: 0,
      ...(seen.serverTime !== undefined && { provenAt: seen.serverTime })
    }
  } catch (error) {
    if (!(error instanceof UserError)) throw error
    log.warn(
      `baseline-ref ${ref} could not be proven (${error.message}): every finding is judged as new`
    )
    return undefined
  }
}
