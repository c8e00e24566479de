import { z } from 'zod'
import type { IssueType, TicketOutcome } from '../domain.js'
import type { Transport } from './transport.js'
import { numericId, optionalString } from './wire.js'

const idList = z
  .array(numericId)
  .nullish()
  .transform(ids => ids ?? [])

const TicketsResponse = z
  .object({
    succeeded: z
      .array(
        z.object({
          issue_ids: idList,
          ticket_id: numericId.nullish(),
          ticket_url: optionalString,
          external_slug: optionalString
        })
      )
      .nullish(),
    failed: z.array(z.object({ issue_ids: idList, error: optionalString })).nullish(),
    skipped: z.array(z.object({ issue_ids: idList, reason: optionalString })).nullish()
  })
  // An empty bucket may be left out, but a 200 with none of them (`{}`, an error object) says
  // nothing about the tickets: it must not read as "nothing happened".
  .refine(
    body => [body.succeeded, body.failed, body.skipped].some(Array.isArray),
    'expected at least one of the lists succeeded, failed, skipped (got none)'
  )

export interface TicketRequest {
  readonly type: IssueType
  readonly findingIds: readonly number[]
  readonly groupIssues: boolean
  readonly limit: number
  readonly trackerProjectId?: string
}

/**
 * Creates tickets for the given findings. Never retried once the server may have acted on it: a
 * duplicate ticket is worse than a failed step (the transport treats a POST as non-idempotent).
 */
export async function createTickets(
  transport: Transport,
  deploymentSlug: string,
  request: TicketRequest
): Promise<TicketOutcome> {
  const response = await transport.request({
    method: 'POST',
    path: `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/tickets`,
    idempotent: false,
    body: {
      issue_type: request.type,
      issue_ids: request.findingIds.map(String),
      group_issues: request.groupIssues,
      limit: request.limit,
      ...(request.trackerProjectId ? { tracker_project_id: request.trackerProjectId } : {})
    },
    schema: TicketsResponse,
    hints: {
      400: 'check ticket-limit and tracker-project-id, and that an issue tracker integration is set up'
    }
  })
  return {
    succeeded: (response.succeeded ?? []).map(s => ({
      issueIds: s.issue_ids,
      ticketId: s.ticket_id ?? undefined,
      url: s.ticket_url ?? undefined,
      externalSlug: s.external_slug ?? undefined
    })),
    failed: (response.failed ?? []).map(f => ({
      issueIds: f.issue_ids,
      error: f.error ?? 'no reason given'
    })),
    skipped: (response.skipped ?? []).map(s => ({
      issueIds: s.issue_ids,
      reason: s.reason ?? 'no reason given'
    }))
  }
}
