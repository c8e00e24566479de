import type { EvaluatedFinding, IssueType } from '../domain.js'

export interface TicketSelection {
  /** Finding ids per type, in report order. */
  readonly byType: ReadonlyMap<IssueType, readonly number[]>
  /** In-scope findings left out because they already have a ticket. */
  readonly alreadyTicketed: number
}

/**
 * Which findings get tickets: the blocking ones (or all), minus those that already have an
 * external ticket — that is what makes a re-run create nothing. Ignored findings never get a
 * ticket: someone decided to accept them.
 */
export function selectTicketFindings(
  findings: readonly EvaluatedFinding[],
  which: 'blocking' | 'all'
): TicketSelection {
  const byType = new Map<IssueType, number[]>()
  let alreadyTicketed = 0
  for (const evaluated of findings) {
    if (evaluated.ignored) continue
    if (which === 'blocking' && !evaluated.blocking) continue
    const { finding } = evaluated
    if (finding.externalTicket) {
      alreadyTicketed++
      continue
    }
    const ids = byType.get(finding.type) ?? []
    ids.push(finding.id)
    byType.set(finding.type, ids)
  }
  return { byType, alreadyTicketed }
}
