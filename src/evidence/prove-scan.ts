/**
 * Proves which scan the verdict is about before anything is judged: looks for the scan of the
 * gated commit (or the ref's newest completed scan), waits while it is queued or running, and
 * otherwise ends in a {@link NoVerdictError} that says what was seen and what to check.
 */
import type { Scan } from '../domain.js'
import { formatDuration } from '../time/duration.js'
import { NoVerdictError } from '../errors.js'
import {
  branchSpellings,
  judgeScans,
  newestScan,
  type ScanJudgement,
  type ScanRequirement,
  type ScansBySpelling
} from './scan-judge.js'

export interface ScanEvidence {
  readonly mode: ScanRequirement['mode']
  readonly scan: Scan
  /** The ref as the scan recorded it: the findings are those of this spelling. */
  readonly branch: string
  /** The ref the run asked for; differs from `branch` when the scanner spelled it otherwise. */
  readonly requestedRef: string
  readonly waitedSeconds: number
  /** How long before the proof the scan completed. */
  readonly ageSeconds?: number
}

/** Where scans come from: the scans search, per branch spelling or for every branch. */
export interface ScanSource {
  scansOf(branch: string): Promise<readonly Scan[]>
  /** The branches the repository's recent scans record, newest first. */
  recentBranches(): Promise<readonly string[]>
}

export interface Clock {
  now(): number
  sleep(ms: number): Promise<void>
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: ms => new Promise(resolve => setTimeout(resolve, ms))
}

export interface ProveOptions {
  readonly repository: string
  /** 0: look once. */
  readonly timeoutSeconds: number
  readonly log: (message: string) => void
}

/** A few seconds at first, as a scan job that `needs:` allows is usually done; then about 30 s. */
const FIRST_WAIT_MS = 2_000
const WAIT_GROWTH = 1.5
const MAX_WAIT_MS = 30_000

export async function proveScan(
  source: ScanSource,
  requirement: ScanRequirement,
  options: ProveOptions,
  clock: Clock = realClock
): Promise<ScanEvidence> {
  const spellings = branchSpellings(requirement.ref)
  const started = clock.now()
  const deadline = started + options.timeoutSeconds * 1000
  let delay = FIRST_WAIT_MS
  for (;;) {
    const { found, judgement } = await look(source, spellings, requirement)
    const waited = Math.round((clock.now() - started) / 1000)
    if (judgement.kind === 'proven') {
      return {
        mode: requirement.mode,
        scan: judgement.scan,
        branch: judgement.branch,
        requestedRef: requirement.ref,
        waitedSeconds: waited,
        ...(judgement.scan.completedAt !== undefined && {
          ageSeconds: Math.max(0, Math.round((clock.now() - judgement.scan.completedAt) / 1000))
        })
      }
    }
    const remaining = deadline - clock.now()
    if (judgement.kind !== 'wait' || requirement.mode !== 'commit' || remaining <= 0) {
      throw new NoVerdictError(
        await missingMessage(judgement, found, requirement, options, source, waited, clock.now()),
        'on-missing-scan'
      )
    }
    const pause = Math.min(delay, remaining)
    options.log(
      `Waiting for the scan of commit ${short(requirement.commit)} on ${requirement.ref}: ${
        judgement.scan
          ? `scan ${judgement.scan.id} is ${judgement.scan.statusText}`
          : 'no scan of it is recorded yet'
      }; next look in ${Math.ceil(pause / 1000)} s (${waited} s of ${options.timeoutSeconds} s waited)`
    )
    await clock.sleep(pause)
    delay = Math.min(delay * WAIT_GROWTH, MAX_WAIT_MS)
  }
}

/**
 * The scans of the ref as given, and only when it has no scan of the commit at all, of its other
 * spellings: a look costs one search unless the scanner spelled the ref otherwise.
 */
async function look(
  source: ScanSource,
  spellings: readonly string[],
  requirement: ScanRequirement
): Promise<{ found: ScansBySpelling; judgement: ScanJudgement }> {
  const [first, ...others] = spellings
  const found = new Map<string, readonly Scan[]>()
  if (first !== undefined) found.set(first, await source.scansOf(first))
  const judgement = judgeScans(found, requirement)
  // Only a spelling without any scan of the commit (or of the ref) sends us to the others.
  const nothingHere =
    judgement.kind === 'missing' || (judgement.kind === 'wait' && judgement.scan === undefined)
  if (!nothingHere || others.length === 0) return { found, judgement }
  const rest = await Promise.all(
    others.map(async branch => [branch, await source.scansOf(branch)] as const)
  )
  for (const [branch, scans] of rest) found.set(branch, scans)
  return { found, judgement: judgeScans(found, requirement) }
}

async function missingMessage(
  judgement: Exclude<ScanJudgement, { kind: 'proven' }>,
  found: ScansBySpelling,
  requirement: ScanRequirement,
  options: ProveOptions,
  source: ScanSource,
  waited: number,
  now: number
): Promise<string> {
  const where = `${requirement.ref} of ${options.repository}`
  if (judgement.kind === 'failed') {
    const { scan } = judgement
    return `scan ${scan.id} of commit ${short(scan.commit)} on ${scan.branch} ended ${scan.statusText}, so there are no findings of this commit to judge; re-run the scan (or set on-missing-scan: warn)`
  }
  if (judgement.kind === 'superseded') {
    const { scan, newer } = judgement
    return `the findings of ${scan.branch} are now those of scan ${newer.id} of commit ${short(newer.commit)} (${ago(newer, now)}), which completed after scan ${scan.id} of the gated commit ${short(scan.commit)}: a newer push superseded this run; re-run it for the newest commit, or gate on the ref with require-scan: ref`
  }
  const seen = await newestSeen(found, source, now)
  if (requirement.mode === 'ref') {
    return `no completed scan of ${where} in the past 30 days; ${seen}; check that a scan runs for this ref, or set require-scan: none`
  }
  const pending = judgement.kind === 'wait' ? judgement.scan : undefined
  const still = pending ? `; scan ${pending.id} of it is still ${pending.statusText}` : ''
  const waitedText = waited > 0 ? ` after waiting ${waited} s` : ''
  return `no completed scan of commit ${short(requirement.commit)} on ${where}${waitedText}${still}; ${seen}. Check that a scan runs on this event and that this job waits for it (needs: on the scan job); for managed scans raise scan-wait-timeout-seconds; or set require-scan: ref or none`
}

/** The newest scan of the ref, or else which branches the repository's scans do record. */
async function newestSeen(
  found: ScansBySpelling,
  source: ScanSource,
  now: number
): Promise<string> {
  const newest = newestScan([...found.values()].flat())
  if (newest) {
    return `the newest scan of ${newest.branch} is scan ${newest.id} of commit ${short(newest.commit)} (${newest.statusText}, ${ago(newest, now)})`
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

/** `started 3 min ago` / `completed 2 h ago`. */
export function ago(scan: Scan, now: number): string {
  const at = scan.completedAt ?? scan.startedAt
  if (at === undefined) return 'time unknown'
  return `${scan.completedAt !== undefined ? 'completed' : 'started'} ${formatDuration(now - at)} ago`
}
