import type { Finding, IssueType } from '../domain.js'

export interface Scope {
  readonly repository: string
  readonly ref: string
  /** A finding of any of these statuses is in scope. */
  readonly statuses: readonly string[]
}

/**
 * Keeps the findings in scope, each once (a finding can shift across a page boundary between
 * requests, or change status between the requests of two statuses), page by page as they arrive. The server filters by repository, ref and status; this
 * checks again, so a server that matches `acme/web` as a prefix of `acme/web-legacy`, or ignores a
 * filter, cannot put another repository's findings into this verdict. The case-insensitive
 * repository comparison is made once per distinct name (there are a handful, not one per finding).
 */
export class ScopeFilter {
  private readonly kept: Record<IssueType, Map<number, Finding>> = {
    sast: new Map(),
    sca: new Map()
  }
  private readonly repositoryMatches = new Map<string, boolean>()
  private readonly statuses: ReadonlySet<string>
  private droppedCount = 0

  constructor(private readonly scope: Scope) {
    this.statuses = new Set(scope.statuses)
  }

  add(findings: Iterable<Finding>): void {
    const { ref } = this.scope
    for (const finding of findings) {
      const inScope =
        this.repositoryMatch(finding.repository) &&
        (finding.ref === '' || finding.ref === ref) &&
        this.statuses.has(finding.status)
      if (inScope) this.kept[finding.type].set(finding.id, finding)
      else this.droppedCount++
    }
  }

  /** Findings the server returned that were not in scope. */
  get dropped(): number {
    return this.droppedCount
  }

  /** SAST findings first, then SCA, each in the order they first arrived. */
  findings(): Finding[] {
    return [...this.kept.sast.values(), ...this.kept.sca.values()]
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
): { kept: Finding[]; dropped: number } {
  const filter = new ScopeFilter(scope)
  filter.add(findings)
  return { kept: filter.findings(), dropped: filter.dropped }
}
