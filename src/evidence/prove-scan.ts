/**
 * Proves which scan each type's findings come from before anything is judged: looks for the scans
 * of the gated commit (or the ref's newest completed scans), waits while one that may still add a
 * type is queued or running, and otherwise ends in a {@link NoVerdictError} that says what was
 * seen and what to check.
 */
import { PRODUCT_NAMES, type IssueType, type Scan } from '../domain.js'
import { formatDuration } from '../time/duration.js'
import { NoVerdictError } from '../errors.js'
import {
  branchSpellings,
  evidenceSpellings,
  judgeScans,
  newestScan,
  sameCommit,
  type ScanJudgement,
  type ScanRequirement,
  type ScansBySpelling,
  type TypeJudgement
} from './scan-judge.js'

/** What a look at the scans of one spelling returned, on the server's clock. */
export interface ScansLook {
  readonly scans: readonly Scan[]
  /** The server's clock when it answered (epoch ms), when it said. */
  readonly serverTime?: number
}

/** Where scans come from: the scans search, per branch spelling or for every branch. */
export interface ScanSource {
  scansOf(branch: string): Promise<ScansLook>
  /** The branches the repository's recent scans record, newest first. */
  recentBranches(): Promise<readonly string[]>
}

/** The runner's clock, for how long to wait: never compared with the server's timestamps. */
export interface WaitClock {
  now(): number
  sleep(ms: number): Promise<void>
}

export const realClock: WaitClock = {
  now: () => performance.now(),
  sleep: ms => new Promise(resolve => setTimeout(resolve, ms))
}

export interface ProveOptions {
  readonly repository: string
  readonly types: readonly IssueType[]
  /** The types came from the default: one without a scan is left out with a warning. */
  readonly typesFromDefault: boolean
  /** 0: look once. */
  readonly timeoutSeconds: number
  /** Set by the command outside GitHub Actions, where scanners record branches bare. */
  readonly outsideGitHub?: boolean
  readonly log: (message: string) => void
  readonly warn: (message: string) => void
}

export interface ProvenScans {
  readonly mode: ScanRequirement['mode']
  /** The ref as the scans record it: the findings are those of this spelling. */
  readonly branch: string
  /** The ref the run asked for; differs from `branch` when the scanner spelled it otherwise. */
  readonly requestedRef: string
  /** The scan each judged type's findings come from, in the order of the types. */
  readonly scans: ReadonlyMap<IssueType, Scan>
  readonly waitedSeconds: number
  /** The server's clock at the proof (epoch ms), when it said. */
  readonly provenAt?: number
}

/** A few seconds at first, as a scan job that `needs:` allows is usually done; then about 30 s. */
const FIRST_WAIT_MS = 2_000
const WAIT_GROWTH = 1.5
const MAX_WAIT_MS = 30_000

export async function proveScans(
  source: ScanSource,
  requirement: ScanRequirement,
  options: ProveOptions,
  clock: WaitClock = realClock
): Promise<ProvenScans> {
  const spellings = evidenceSpellings(requirement, options.outsideGitHub !== true)
  const started = clock.now()
  const deadline = started + options.timeoutSeconds * 1000
  let delay = FIRST_WAIT_MS
  for (;;) {
    const { found, judgement, serverTime } = await look(
      source,
      spellings,
      requirement,
      options.types
    )
    const waited = Math.round((clock.now() - started) / 1000)
    const remaining = deadline - clock.now()
    const pending = waitingFor(judgement)
    if (pending === false || requirement.mode !== 'commit' || remaining <= 0) {
      const scans = await settle(judgement, found, requirement, options, source, waited, serverTime)
      return {
        mode: requirement.mode,
        branch: judgement.branch,
        requestedRef: requirement.ref,
        scans,
        waitedSeconds: waited,
        ...(serverTime !== undefined && { provenAt: serverTime })
      }
    }
    const pause = Math.min(delay, remaining)
    options.log(
      `Waiting for the scan of commit ${short(requirement.commit)} on ${requirement.ref}: ${
        pending ? `scan ${pending.id} is ${pending.statusText}` : 'no scan of it is recorded yet'
      }; next look in ${Math.ceil(pause / 1000)} s (${waited} s of ${options.timeoutSeconds} s waited)`
    )
    await clock.sleep(pause)
    delay = Math.min(delay * WAIT_GROWTH, MAX_WAIT_MS)
  }
}

/**
 * What some type still waits for: a scan in progress, undefined when no scan of the commit is
 * recorded yet; false when no type waits.
 */
function waitingFor(judgement: ScanJudgement): Scan | undefined | false {
  for (const each of judgement.types.values()) if (each.kind === 'wait') return each.scan
  return false
}

/**
 * One look at the scans of the ref (its other spellings too, if need be, or only those given),
 * judged for `types`.
 */
export async function lookOnce(
  source: ScanSource,
  requirement: ScanRequirement,
  types: readonly IssueType[],
  spellings: readonly string[] = branchSpellings(requirement.ref)
): Promise<{ judgement: ScanJudgement; serverTime?: number }> {
  const { judgement, serverTime } = await look(source, spellings, requirement, types)
  return { judgement, ...(serverTime !== undefined && { serverTime }) }
}

/**
 * The scans of the ref as given, and of its other spellings: for a commit only when the first has
 * nothing to judge (a look costs one search unless the scanner spelled the ref otherwise), for a
 * ref always.
 */
async function look(
  source: ScanSource,
  spellings: readonly string[],
  requirement: ScanRequirement,
  types: readonly IssueType[]
): Promise<{ found: ScansBySpelling; judgement: ScanJudgement; serverTime?: number }> {
  const [first, ...others] = spellings
  const found = new Map<string, readonly Scan[]>()
  const seen = await source.scansOf(first ?? requirement.ref)
  found.set(first ?? requirement.ref, seen.scans)
  const judgement = judgeScans(found, requirement, types)
  // A ref is judged on the spelling scanned last, so every spelling is looked at.
  const lookFurther = requirement.mode === 'ref' || nothingToJudge(judgement)
  if (!lookFurther || others.length === 0) {
    return { found, judgement, serverTime: seen.serverTime }
  }
  const rest = await Promise.all(
    others.map(async branch => [branch, await source.scansOf(branch)] as const)
  )
  for (const [branch, look] of rest) found.set(branch, look.scans)
  return { found, judgement: judgeScans(found, requirement, types), serverTime: seen.serverTime }
}

/** No scan of the commit (or of the ref) under this spelling: another spelling may have one. */
function nothingToJudge(judgement: ScanJudgement): boolean {
  return [...judgement.types.values()].every(
    each => each.kind === 'missing' || (each.kind === 'wait' && each.scan === undefined)
  )
}

/**
 * The proven scan of each type. A type without one: no verdict when the user named it (or when no
 * type is left), a warning naming it when it came from the default. A superseded or failed scan of
 * a named type, or of every type, is no verdict too.
 */
async function settle(
  judgement: ScanJudgement,
  found: ScansBySpelling,
  requirement: ScanRequirement,
  options: ProveOptions,
  source: ScanSource,
  waited: number,
  serverTime: number | undefined
): Promise<Map<IssueType, Scan>> {
  const proven = new Map<IssueType, Scan>()
  const unproven: [IssueType, Exclude<TypeJudgement, { kind: 'proven' }>][] = []
  for (const [type, each] of judgement.types) {
    if (each.kind === 'proven') proven.set(type, each.scan)
    else unproven.push([type, each])
  }
  const blocking = unproven.filter(
    ([, each]) => !options.typesFromDefault || each.kind === 'superseded'
  )
  if (blocking.length > 0 || proven.size === 0) {
    const [type, each] = blocking[0] ?? unproven[0]
    const context = { requirement, options, waited, serverTime, branch: judgement.branch }
    throw new NoVerdictError(
      await unprovenMessage(type, each, found, context, source),
      'on-missing-scan'
    )
  }
  for (const [type, each] of unproven) {
    const why = typeMissing(
      type,
      each,
      requirement,
      completedWithout(found, requirement, judgement.branch)
    )
    options.warn(
      `${PRODUCT_NAMES[type]} findings were not judged: ${why}; the other types were judged`
    )
  }
  return proven
}

interface MessageContext {
  readonly requirement: ScanRequirement
  readonly options: ProveOptions
  readonly waited: number
  readonly serverTime: number | undefined
  readonly branch: string
}

/** Why one type has no proven scan, in a sentence of its own (for a warning). */
function typeMissing(
  type: IssueType,
  judgement: Exclude<TypeJudgement, { kind: 'proven' }>,
  requirement: ScanRequirement,
  completedWithoutIt: string | undefined
): string {
  const product = PRODUCT_NAMES[type]
  const of = requirement.mode === 'commit' ? `commit ${short(requirement.commit)}` : requirement.ref
  if (judgement.kind === 'wait') {
    const { scan } = judgement
    return scan
      ? `scan ${scan.id} of ${of}, which may run ${product}, is still ${scan.statusText}`
      : `no scan of ${of} is recorded yet`
  }
  if (judgement.kind === 'failed') {
    return `scan ${judgement.scan.id} of ${of} ended ${judgement.scan.statusText}`
  }
  if (completedWithoutIt !== undefined) {
    return `${completedWithoutIt} did not run ${product}, and no other completed scan of ${of} did`
  }
  return `no completed scan of ${of} ran ${product}`
}

async function unprovenMessage(
  type: IssueType,
  judgement: Exclude<TypeJudgement, { kind: 'proven' }>,
  found: ScansBySpelling,
  context: MessageContext,
  source: ScanSource
): Promise<string> {
  const { requirement, options, waited, serverTime } = context
  const product = PRODUCT_NAMES[type]
  const where = `${requirement.ref} of ${options.repository}`
  if (judgement.kind === 'failed') {
    const { scan } = judgement
    return `scan ${scan.id} of commit ${short(scan.commit)} on ${scan.branch} ended ${scan.statusText}, so there are no ${product} findings of this commit to judge; re-run the scan (or set on-missing-scan: warn)`
  }
  if (judgement.kind === 'superseded') {
    const { scan, newer } = judgement
    return `the ${product} findings of ${scan.branch} are now those of scan ${newer.id} of commit ${short(newer.commit)} (${ago(newer, serverTime)}), which completed after scan ${scan.id} of the gated commit ${short(scan.commit)}: a newer push superseded this run; re-run it for the newest commit, or gate on the ref with require-scan: ref`
  }
  const without = completedWithout(found, requirement, context.branch)
  if (without !== undefined) {
    return `${without} did not run ${product}, and no other completed scan of ${requirement.mode === 'commit' ? `commit ${short(requirement.commit)}` : where} did, so the ${product} findings listed for the ref are not its; run ${product} on it, or leave ${type} out of issue-types`
  }
  const seen = await newestSeen(found, source, serverTime)
  if (requirement.mode === 'ref') {
    return `no completed scan of ${where} that ran ${product} in the past 30 days; ${seen}; check that a scan runs for this ref, or set require-scan: none`
  }
  const pending = judgement.kind === 'wait' ? judgement.scan : undefined
  const still = pending ? `; scan ${pending.id} of it is still ${pending.statusText}` : ''
  const waitedText = waited > 0 ? ` after waiting ${waited} s` : ''
  return `no completed scan of commit ${short(requirement.commit)} on ${where} ran ${product}${waitedText}${still}; ${seen}. Check that a scan runs on this event and that this job waits for it (needs: on the scan job); for managed scans raise scan-wait-timeout-seconds; or set require-scan: ref or none`
}

/**
 * `scan 880003 of acme/api (products: sast, sca)`: the newest completed scan of the commit (or of
 * the ref) that did not run the product, when there is one.
 */
function completedWithout(
  found: ScansBySpelling,
  requirement: ScanRequirement,
  branch: string
): string | undefined {
  const scans = (found.get(branch) ?? []).filter(
    scan =>
      scan.status === 'completed' &&
      (requirement.mode === 'ref' || sameCommit(scan, requirement.commit))
  )
  const newest = newestScan(scans)
  if (newest === undefined) return undefined
  const products = newest.enabledProducts?.join(', ') || 'none given'
  return `scan ${newest.id} of commit ${short(newest.commit)} (products: ${products.slice(0, 80)})`
}

/** The newest scan of the ref, or else which branches the repository's scans do record. */
async function newestSeen(
  found: ScansBySpelling,
  source: ScanSource,
  serverTime: number | undefined
): Promise<string> {
  const newest = newestScan([...found.values()].flat())
  if (newest) {
    const products = newest.enabledProducts?.join(', ') || 'not given'
    return `the newest scan of ${newest.branch} is scan ${newest.id} of commit ${short(newest.commit)} (${newest.statusText}, ${ago(newest, serverTime)}, products: ${products.slice(0, 80)})`
  }
  const spellings = [...found.keys()].join(' or ')
  const branches = await source.recentBranches()
  return branches.length === 0
    ? `the repository has no scan of ${spellings}, nor of any other branch, in the past 30 days`
    : `the repository has no scan of ${spellings}; its recent scans record ${branches
        .slice(0, 8)
        .map(branch => `"${branch}"`)
        .join(', ')}`
}

export function short(commit: string): string {
  return commit.slice(0, 7)
}

/** `started 3 min ago` / `completed 2 h ago`, on the server's clock; no age without it. */
export function ago(scan: Scan, serverTime: number | undefined): string {
  const at = scan.completedAt ?? scan.startedAt
  const verb = scan.completedAt !== undefined ? 'completed' : 'started'
  if (at === undefined) return 'time unknown'
  if (serverTime === undefined) return `${verb} ${new Date(at).toISOString()}`
  return `${verb} ${formatDuration(Math.max(0, serverTime - at))} ago`
}
