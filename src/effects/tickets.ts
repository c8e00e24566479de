import { createTickets } from '../api/tickets.js'
import { ApiError, NetworkError } from '../api/errors.js'
import type { Transport } from '../api/transport.js'
import {
  PRODUCT_NAMES,
  type EvaluatedFinding,
  type IssueType,
  type TicketsOutcome
} from '../domain.js'
import { selectTicketFindings } from '../gate/ticket-selection.js'
import { errorText } from '../text/error-text.js'
import { quoted } from '../text/log-text.js'

export interface TicketSettings {
  readonly ticketFindings: 'blocking' | 'all'
  readonly ticketLimit: number
  readonly groupTickets: boolean
  readonly trackerProjectId?: string
}

/**
 * Whether a failed ticket request may still have created tickets: no answer after the request
 * was sent, or a server/gateway error other than the ones that prove it was not processed.
 */
export function mayHaveCreatedTickets(error: unknown): boolean {
  if (error instanceof NetworkError) return error.mayHaveBeenProcessed
  if (error instanceof ApiError) return error.status >= 500 && error.status !== 503
  return false
}

function idsText(ids: readonly number[]): string {
  return ids.length === 0
    ? 'no finding ids'
    : `finding${ids.length === 1 ? '' : 's'} ${ids.join(', ')}`
}

/** The types the tickets API takes (its `issue_type`): AI-powered detection is not one of them. */
const TICKETED_TYPES: ReadonlySet<IssueType> = new Set<IssueType>(['sast', 'sca', 'secrets'])

const NOT_TICKETED =
  'the tickets API takes Code, Supply Chain and Secrets findings only (issue_type sast, sca, secrets)'

/**
 * One ticket request per finding type the tickets API takes; the findings of another type are
 * skipped, never sent as one it takes. Failed and skipped findings become warnings; a request
 * error is a warning too (tickets never decide the gate), worded so a user knows whether tickets
 * may exist already.
 */
export async function openTickets(
  transport: Transport,
  deploymentSlug: string,
  findings: readonly EvaluatedFinding[],
  settings: TicketSettings,
  warn: (message: string) => void
): Promise<TicketsOutcome> {
  const selection = selectTicketFindings(findings, settings.ticketFindings)
  const created: TicketsOutcome['created'][number][] = []
  const failed: TicketsOutcome['failed'][number][] = []
  const skipped: TicketsOutcome['skipped'][number][] = []
  const selected = [...selection.byType.entries()] as [IssueType, readonly number[]][]
  const types = selected.filter(([type]) => TICKETED_TYPES.has(type))
  for (const [type, findingIds] of selected) {
    if (TICKETED_TYPES.has(type)) continue
    warn(`Tickets for ${PRODUCT_NAMES[type]} ${idsText(findingIds)} skipped: ${NOT_TICKETED}`)
    skipped.push({ findingIds, reason: NOT_TICKETED })
  }
  const outcomes = await Promise.allSettled(
    types.map(([type, findingIds]) =>
      createTickets(transport, deploymentSlug, {
        type,
        findingIds,
        groupIssues: settings.groupTickets,
        limit: settings.ticketLimit,
        trackerProjectId: settings.trackerProjectId
      })
    )
  )
  outcomes.forEach((outcome, index) => {
    const [type, findingIds] = types[index]
    if (outcome.status === 'rejected') {
      const error: unknown = outcome.reason
      const message = errorText(error)
      const uncertain = mayHaveCreatedTickets(error)
      const prefix = uncertain
        ? `Tickets for ${PRODUCT_NAMES[type]} ${idsText(findingIds)} may have been created (no answer came back); check the tracker before re-running`
        : `Tickets for ${PRODUCT_NAMES[type]} ${idsText(findingIds)} were not created`
      warn(`${prefix}: ${message}`)
      failed.push({ findingIds, error: uncertain ? `may have been created: ${message}` : message })
      return
    }
    for (const ticket of outcome.value.succeeded) {
      created.push({ findingIds: ticket.issueIds, url: ticket.url, key: ticket.externalSlug })
    }
    for (const failure of outcome.value.failed) {
      warn(
        `Ticket for ${PRODUCT_NAMES[type]} ${idsText(failure.issueIds)} failed: ${quoted(failure.error)}`
      )
      failed.push({ findingIds: failure.issueIds, error: failure.error })
    }
    for (const skip of outcome.value.skipped) {
      warn(
        `Ticket for ${PRODUCT_NAMES[type]} ${idsText(skip.issueIds)} skipped: ${quoted(skip.reason)}`
      )
      skipped.push({ findingIds: skip.issueIds, reason: skip.reason })
    }
  })
  return { created, failed, skipped, alreadyTicketed: selection.alreadyTicketed }
}
