/**
 * Which scan each type's findings come from, decided from what the scans search returned: pure, no
 * I/O.
 *
 * The findings API has no commit filter: for each type it answers the ref's current findings, which
 * are those of the newest completed scan of the ref that ran the type's product. Several scans of
 * one commit are normal (products run in separate jobs), so each type is proven on its own: the
 * verdict on a type is about the gated commit only when a scan of that commit that ran the product
 * has completed, and no scan of another commit that ran it completed after it.
 */
import type { IssueType, Scan } from '../domain.js'
import { mayRunProduct, ranProduct } from './products.js'

export type ScanRequirement =
  | { readonly mode: 'commit'; readonly commit: string; readonly ref: string }
  | { readonly mode: 'ref'; readonly ref: string }

/** The scans of each spelling of the ref, in the order the spellings are preferred. */
export type ScansBySpelling = ReadonlyMap<string, readonly Scan[]>

export type TypeJudgement =
  /** The type's findings are those of `scan`. */
  | { readonly kind: 'proven'; readonly scan: Scan }
  /**
   * Not yet: a scan of the commit that may run the product is queued or running (`scan`), or no
   * scan of the commit is recorded at all yet.
   */
  | { readonly kind: 'wait'; readonly scan?: Scan }
  /** The commit's scan that would have run the product ended without results. */
  | { readonly kind: 'failed'; readonly scan: Scan }
  /** The commit's scan completed, but a newer scan of another commit that ran it completed after. */
  | { readonly kind: 'superseded'; readonly scan: Scan; readonly newer: Scan }
  /** No scan (of the commit, in `commit` mode) that ran the product. */
  | { readonly kind: 'missing' }

export interface ScanJudgement {
  /** The spelling of the ref the scans record: the findings are asked for under it. */
  readonly branch: string
  readonly types: ReadonlyMap<IssueType, TypeJudgement>
}

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

/**
 * The spellings whose scans may prove `requirement`. A commit's scan is of that commit whatever
 * the spelling. A ref's newest scan is judged without a commit to pin it, so on GitHub only the
 * spelling the run gates counts: a bare `main` there is what pull_request_target records for a
 * pull request's head branch, a fork's branch named `main` too. Elsewhere every spelling counts,
 * and the one scanned last is judged.
 */
export function evidenceSpellings(requirement: ScanRequirement, onGitHub: boolean): string[] {
  if (requirement.mode === 'ref' && onGitHub) return [requirement.ref]
  return branchSpellings(requirement.ref)
}

/**
 * The spellings whose scans are evidence of a baseline branch. On GitHub only
 * `refs/heads/<branch>`, what a push to the repository records: there a bare name is what
 * pull_request_target records for a pull request's head branch, and a fork's branch may be named
 * `main` too. Elsewhere (GitLab, the CLI) bare names are how branches are recorded: every spelling.
 */
export function baselineSpellings(ref: string, onGitHub: boolean): string[] {
  if (!onGitHub) return branchSpellings(ref)
  return [ref.startsWith('refs/') ? ref : `${BRANCH_PREFIX}${ref}`]
}

/** The scan is of exactly this commit: a prefix could be another commit's (inputs are full shas). */
export function sameCommit(scan: Scan, commit: string): boolean {
  return scan.commit.toLowerCase() === commit.toLowerCase()
}

function finishedAt(scan: Scan): number {
  return scan.completedAt ?? scan.startedAt ?? 0
}

function newestFirst(a: Scan, b: Scan): number {
  return finishedAt(b) - finishedAt(a) || Number(b.id) - Number(a.id)
}

/** The newest completed scan of `scans` that ran the product of `type`. */
export function newestCompleted(scans: readonly Scan[], type: IssueType): Scan | undefined {
  return scans
    .filter(scan => scan.status === 'completed' && ranProduct(scan, type))
    .sort(newestFirst)[0]
}

/** The newest scan of any status, for messages. */
export function newestScan(scans: readonly Scan[]): Scan | undefined {
  return [...scans].sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))[0]
}

const IN_PROGRESS = new Set<Scan['status']>(['pending', 'running'])

/** Each type judged on the first spelling that has something to judge. */
export function judgeScans(
  found: ScansBySpelling,
  requirement: ScanRequirement,
  types: readonly IssueType[]
): ScanJudgement {
  const branch = spellingToJudge(found, requirement)
  const scans = found.get(branch) ?? []
  const judge = (type: IssueType): TypeJudgement =>
    requirement.mode === 'ref'
      ? judgeRef(scans, type)
      : judgeCommit(scans, requirement.commit, type)
  return { branch, types: new Map(types.map(type => [type, judge(type)])) }
}

/**
 * The spelling the scans record. For a commit, the first spelling with a scan of it. For a ref,
 * the spelling whose newest completed scan is newest: a branch scanned by GitHub Actions
 * (`refs/heads/main`) and once from a laptop (`main`) holds two lists, and the current one is the
 * one scanned last. The first spelling when none has anything to judge.
 */
function spellingToJudge(found: ScansBySpelling, requirement: ScanRequirement): string {
  const fallback = [...found.keys()][0] ?? requirement.ref
  if (requirement.mode === 'commit') {
    for (const [branch, scans] of found) {
      if (scans.some(scan => sameCommit(scan, requirement.commit))) return branch
    }
    return fallback
  }
  let best: { branch: string; at: number } | undefined
  for (const [branch, scans] of found) {
    const newest = scans.filter(scan => scan.status === 'completed').sort(newestFirst)[0]
    if (newest && (best === undefined || finishedAt(newest) > best.at)) {
      best = { branch, at: finishedAt(newest) }
    }
  }
  return best?.branch ?? fallback
}

function judgeRef(scans: readonly Scan[], type: IssueType): TypeJudgement {
  const scan = newestCompleted(scans, type)
  return scan ? { kind: 'proven', scan } : { kind: 'missing' }
}

function judgeCommit(scans: readonly Scan[], commit: string, type: IssueType): TypeJudgement {
  const ofCommit = scans.filter(scan => sameCommit(scan, commit))
  const scan = newestCompleted(ofCommit, type)
  if (scan) {
    const head = newestCompleted(scans, type)
    if (head && !sameCommit(head, commit) && finishedAt(head) > finishedAt(scan)) {
      return { kind: 'superseded', scan, newer: head }
    }
    return { kind: 'proven', scan }
  }
  // Nothing of the commit recorded yet: its scan (a managed one, or a job not started) may come.
  if (ofCommit.length === 0) return { kind: 'wait' }
  const mayRun = ofCommit.filter(each => mayRunProduct(each, type))
  const inProgress = newestScan(mayRun.filter(each => IN_PROGRESS.has(each.status)))
  if (inProgress) return { kind: 'wait', scan: inProgress }
  const ended = newestScan(mayRun.filter(each => each.status !== 'completed'))
  return ended ? { kind: 'failed', scan: ended } : { kind: 'missing' }
}
