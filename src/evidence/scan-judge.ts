/**
 * Which scan the findings come from, decided from what the scans search returned: pure, no I/O.
 *
 * The findings API has no commit filter: it answers the ref's current findings, which are those of
 * the newest completed scan of that ref. So the verdict is about the gated commit only when that
 * commit's scan has completed and no scan of another commit completed after it.
 */
import type { Scan } from '../domain.js'

export type ScanRequirement =
  | { readonly mode: 'commit'; readonly commit: string; readonly ref: string }
  | { readonly mode: 'ref'; readonly ref: string }

/** The scans of each spelling of the ref, in the order the spellings are preferred. */
export type ScansBySpelling = ReadonlyMap<string, readonly Scan[]>

export type ScanJudgement =
  /** The findings of `branch` are those of `scan`. */
  | { readonly kind: 'proven'; readonly scan: Scan; readonly branch: string }
  /** Not yet: the commit's scan is queued or running (`scan`), or none has been recorded yet. */
  | { readonly kind: 'wait'; readonly scan?: Scan }
  /** The commit's scan ended without results. */
  | { readonly kind: 'failed'; readonly scan: Scan }
  /** The commit's scan completed, but a newer scan of another commit completed after it. */
  | { readonly kind: 'superseded'; readonly scan: Scan; readonly newer: Scan }
  /** `ref` mode: no completed scan of the ref. */
  | { readonly kind: 'missing' }

const BRANCH_PREFIX = 'refs/heads/'

/**
 * The spellings a scanner may have recorded for `ref`, the given one first: GitHub Actions records
 * `refs/heads/main`, the CLI elsewhere and GitLab CI record `main`. Pull request and tag refs have
 * one spelling.
 */
export function branchSpellings(ref: string): string[] {
  if (ref.startsWith(BRANCH_PREFIX)) return [ref, ref.slice(BRANCH_PREFIX.length)]
  if (ref.startsWith('refs/')) return [ref]
  return [ref, `${BRANCH_PREFIX}${ref}`]
}

/** A full or abbreviated sha names the scan's commit. */
export function sameCommit(scan: Scan, commit: string): boolean {
  return scan.commit.startsWith(commit.toLowerCase())
}

function finishedAt(scan: Scan): number {
  return scan.completedAt ?? scan.startedAt ?? 0
}

function newestFirst(a: Scan, b: Scan): number {
  return finishedAt(b) - finishedAt(a) || Number(b.id) - Number(a.id)
}

/** The completed scan whose findings the ref shows now. */
export function newestCompleted(scans: readonly Scan[]): Scan | undefined {
  return scans.filter(scan => scan.status === 'completed').sort(newestFirst)[0]
}

/** The newest scan of any status, for messages. */
export function newestScan(scans: readonly Scan[]): Scan | undefined {
  return [...scans].sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))[0]
}

const IN_PROGRESS = new Set<Scan['status']>(['pending', 'running'])

export function judgeScans(found: ScansBySpelling, requirement: ScanRequirement): ScanJudgement {
  return requirement.mode === 'ref' ? judgeRef(found) : judgeCommit(found, requirement.commit)
}

function judgeRef(found: ScansBySpelling): ScanJudgement {
  for (const [branch, scans] of found) {
    const scan = newestCompleted(scans)
    if (scan) return { kind: 'proven', scan, branch }
  }
  return { kind: 'missing' }
}

function judgeCommit(found: ScansBySpelling, commit: string): ScanJudgement {
  for (const [branch, scans] of found) {
    const scan = newestCompleted(scans.filter(each => sameCommit(each, commit)))
    if (!scan) continue
    const head = newestCompleted(scans)
    if (head && !sameCommit(head, commit) && finishedAt(head) > finishedAt(scan)) {
      return { kind: 'superseded', scan, newer: head }
    }
    return { kind: 'proven', scan, branch }
  }
  const ofCommit = [...found.values()].flat().filter(scan => sameCommit(scan, commit))
  const inProgress = newestScan(ofCommit.filter(scan => IN_PROGRESS.has(scan.status)))
  if (inProgress) return { kind: 'wait', scan: inProgress }
  const ended = newestScan(ofCommit)
  return ended ? { kind: 'failed', scan: ended } : { kind: 'wait' }
}
