import type { Finding, IssueType } from '../domain.js'
import { NoVerdictError } from '../errors.js'

export interface Scope {
  readonly repository: string
  readonly ref: string
  /** A finding of any of these statuses is in scope. */
  readonly statuses: readonly string[]
}

export type DropReason = 'repository' | 'ref' | 'status'

/** The findings the server returned out of scope, by the first check each failed. */
export interface ScopeDrops extends Readonly<Record<DropReason, number>> {
  readonly total: number
  /** The distinct values the dropped findings carried, in the order first seen. */
  readonly seen: {
    readonly repositories: readonly string[]
    readonly refs: readonly string[]
    readonly statuses: readonly string[]
  }
  readonly scope: Scope
}

const HEADS = 'refs/heads/'

/**
 * Scanners outside GitHub Actions record a branch bare (`main`), GitHub Actions as
 * `refs/heads/main`, and the live service answers `"ref": "main"` for either: one branch, two
 * spellings. Only `refs/heads/` is stripped; a tag or pull request ref stays as it is.
 */
function branchName(ref: string): string {
  return ref.startsWith(HEADS) ? ref.slice(HEADS.length) : ref
}

/**
 * Keeps the findings in scope, each once (a finding can shift across a page boundary between
 * requests, or change status between the requests of two statuses), page by page as they arrive.
 * The server filters by repository, ref and status; this checks again, so a server that matches
 * `acme/web` as a prefix of `acme/web-legacy`, or ignores a filter, cannot put another
 * repository's findings into this verdict. The case-insensitive repository comparison and the
 * branch comparison are made once per distinct name (there are a handful, not one per finding).
 */
export class ScopeFilter {
  private readonly kept: Record<IssueType, Map<number, Finding>> = {
    sast: new Map(),
    sca: new Map(),
    secrets: new Map(),
    ai_sast: new Map()
  }
  private readonly repositoryMatches = new Map<string, boolean>()
  private readonly refMatches = new Map<string, boolean>()
  private readonly statuses: ReadonlySet<string>
  private readonly branch: string
  private readonly counts: Record<DropReason, number> = { repository: 0, ref: 0, status: 0 }
  private readonly seen = {
    repositories: new Set<string>(),
    refs: new Set<string>(),
    statuses: new Set<string>()
  }

  constructor(private readonly scope: Scope) {
    this.statuses = new Set(scope.statuses)
    this.branch = branchName(scope.ref)
  }

  add(findings: Iterable<Finding>): void {
    for (const finding of findings) {
      const reason = this.dropReason(finding)
      if (reason === undefined) {
        this.kept[finding.type].set(finding.id, finding)
        continue
      }
      // The secrets endpoint has no ref filter: its other refs are expected, not a server fault.
      if (reason === 'ref' && finding.type === 'secrets') continue
      this.counts[reason]++
      if (reason === 'repository') this.seen.repositories.add(finding.repository)
      else if (reason === 'ref') this.seen.refs.add(finding.ref)
      else this.seen.statuses.add(finding.status)
    }
  }

  /** Findings the server returned that were not in scope, by reason. */
  get dropped(): ScopeDrops {
    const { repository, ref, status } = this.counts
    return {
      total: repository + ref + status,
      repository,
      ref,
      status,
      seen: {
        repositories: [...this.seen.repositories],
        refs: [...this.seen.refs],
        statuses: [...this.seen.statuses]
      },
      scope: this.scope
    }
  }

  /** SAST findings first, then AI SAST, SCA, secrets, each in the order they first arrived. */
  findings(): Finding[] {
    const { sast, ai_sast, sca, secrets } = this.kept
    return [...sast.values(), ...ai_sast.values(), ...sca.values(), ...secrets.values()]
  }

  private dropReason(finding: Finding): DropReason | undefined {
    if (!this.repositoryMatch(finding.repository)) return 'repository'
    if (!this.refMatch(finding.ref)) return 'ref'
    if (!this.statuses.has(finding.status)) return 'status'
    return undefined
  }

  /** An absent ref is the server's to filter; only a ref that names another branch is out. */
  private refMatch(ref: string): boolean {
    let matches = this.refMatches.get(ref)
    if (matches === undefined) {
      matches = ref === '' || branchName(ref) === this.branch
      this.refMatches.set(ref, matches)
    }
    return matches
  }

  private repositoryMatch(repository: string): boolean {
    let matches = this.repositoryMatches.get(repository)
    if (matches === undefined) {
      matches = repository.toLowerCase() === this.scope.repository.toLowerCase()
      this.repositoryMatches.set(repository, matches)
    }
    return matches
  }
}

/** The findings in scope, each once. */
export function scopeFindings(
  findings: Iterable<Finding>,
  scope: Scope
): { kept: Finding[]; dropped: ScopeDrops } {
  const filter = new ScopeFilter(scope)
  filter.add(findings)
  return { kept: filter.findings(), dropped: filter.dropped }
}

const SHOWN_VALUES = 5

function listed(values: readonly string[]): string {
  if (values.length <= SHOWN_VALUES) return values.join(', ')
  return `${values.slice(0, SHOWN_VALUES).join(', ')} and ${values.length - SHOWN_VALUES} more`
}

/** `2 of another ref (refs/heads/dev), 1 of another repository (acme/web-legacy)`, most first. */
function dropReasons(drops: ScopeDrops): string {
  const parts: [number, string][] = [
    [drops.ref, `${drops.ref} of another ref (${listed(drops.seen.refs)})`],
    [
      drops.repository,
      `${drops.repository} of another repository (${listed(drops.seen.repositories)})`
    ],
    [drops.status, `${drops.status} of another status (${listed(drops.seen.statuses)})`]
  ]
  return parts
    .filter(([count]) => count > 0)
    .sort(([a], [b]) => b - a)
    .map(([, text]) => text)
    .join(', ')
}

/**
 * What the drops mean for the verdict. Some dropped: a warning to show, since a server answering
 * outside the filters is worth knowing about. All dropped: the gate would judge an empty list
 * it was never given, so there is no verdict.
 * @returns the warning, or undefined when nothing was dropped.
 * @throws NoVerdictError when every returned finding was dropped.
 */
export function judgeScopeDrops(drops: ScopeDrops, keptCount: number): string | undefined {
  if (drops.total === 0) return undefined
  if (keptCount > 0) {
    return `Dropped ${drops.total} finding(s) the server returned out of scope: ${dropReasons(drops)}`
  }
  const { repository, ref, statuses } = drops.scope
  throw new NoVerdictError(
    `all ${drops.total} finding(s) the server returned are out of scope (${dropReasons(drops)}); ` +
      `the gate asked for repository ${repository}, ref ${ref}, status ${statuses.join(', ')}. ` +
      'Check that repository and ref are spelled as the platform records them',
    'on-api-error'
  )
}
