import type { Finding } from '../domain.js'

export interface Scope {
  readonly repository: string
  readonly ref: string
  readonly status: string
}

/**
 * The server filters by repository, ref and status; this checks again, so a server that matches
 * `acme/web` as a prefix of `acme/web-legacy`, or ignores a filter, cannot put another
 * repository's findings into this verdict.
 */
export function inScope(finding: Finding, scope: Scope): boolean {
  if (finding.repository.toLowerCase() !== scope.repository.toLowerCase()) return false
  if (finding.ref !== '' && finding.ref !== scope.ref) return false
  return finding.status === scope.status
}

/** Findings in scope, each once (a finding can shift across a page boundary between requests). */
export function scopeFindings(
  findings: Iterable<Finding>,
  scope: Scope
): { kept: Finding[]; dropped: number } {
  const byId = new Map<string, Finding>()
  let dropped = 0
  for (const finding of findings) {
    if (!inScope(finding, scope)) {
      dropped++
      continue
    }
    byId.set(`${finding.type}:${finding.id}`, finding)
  }
  return { kept: [...byId.values()], dropped }
}
