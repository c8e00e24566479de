/** `POST /deployments/{slug}/tickets`: tickets for SAST, SCA and secrets findings. */
import type { EmulatorState, FindingRecord, SecretRecord } from '../data/records.js'
import { TRACKER_URL } from '../data/records.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import { ApiError, badParam, bodyReader, isPath, objectBody, ok, oneOf } from '../request.js'
import type { IssueType, JsonObject } from '../wire.js'
import {
  byRelevanceDesc,
  findingMatcher,
  findingPool,
  hasAnyFilter,
  parseFilters
} from './finding-filters.js'

const TICKET_ISSUE_TYPES = ['sast', 'sca', 'secrets'] as const
type TicketIssueType = (typeof TICKET_ISSUE_TYPES)[number]
const MAX_ISSUES_PER_TICKET = 50

interface TicketOutcome {
  succeeded: JsonObject[]
  failed: JsonObject[]
  skipped: JsonObject[]
}

function ticketIssueType(body: Record<string, unknown>): TicketIssueType {
  const value = body.issue_type
  if (typeof value !== 'string' || !oneOf(TICKET_ISSUE_TYPES, value)) {
    throw badParam('issue_type', `required; expected one of ${TICKET_ISSUE_TYPES.join(', ')}`)
  }
  return value
}

function ticketLimit(body: Record<string, unknown>): number {
  const value = body.limit
  if (value === undefined || value === null) return 20
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 20) {
    throw badParam('limit', 'expected an integer between 1 and 20')
  }
  return number
}

function ticketGroupIssues(body: Record<string, unknown>): boolean {
  const value = body.group_issues
  if (value === undefined || value === null) return true
  if (typeof value !== 'boolean') throw badParam('group_issues', 'expected a boolean')
  return value
}

function ticketTrackerProject(body: Record<string, unknown>): string | null {
  const value = body.tracker_project_id
  if (value === undefined || value === null) return null
  if (
    (typeof value === 'string' && /^\d+$/.test(value)) ||
    (typeof value === 'number' && Number.isInteger(value))
  ) {
    return String(value)
  }
  throw badParam('tracker_project_id', 'expected a numeric id')
}

function ticketIssueIds(value: unknown): number[] {
  if (!Array.isArray(value)) throw badParam('issue_ids', 'expected an array of numeric ids')
  const ids = value.map(item => {
    if (typeof item === 'number' && Number.isSafeInteger(item) && item >= 0) return item
    if (typeof item === 'string' && /^\d+$/.test(item)) return Number(item)
    throw badParam('issue_ids', `'${String(item)}' is not a numeric id`)
  })
  return [...new Set(ids)]
}

/** What a ticket can be opened for: a SAST or SCA finding, or a secret. */
type Ticketable = Pick<FindingRecord | SecretRecord, 'id' | 'externalTicket'>

interface TicketSelection<T extends Ticketable> {
  eligible: T[]
  outcome: TicketOutcome
}

function selectByIds<T extends Ticketable>(
  ids: readonly number[],
  pool: readonly T[]
): TicketSelection<T> {
  const byId = new Map(pool.map(finding => [finding.id, finding]))
  const selection: TicketSelection<T> = {
    eligible: [],
    outcome: { succeeded: [], failed: [], skipped: [] }
  }
  for (const id of ids) {
    const finding = byId.get(id)
    if (finding === undefined)
      selection.outcome.failed.push({ error: 'Issue not found', issue_ids: [id] })
    else if (finding.externalTicket !== null) {
      selection.outcome.skipped.push({ reason: 'Issue already has a ticket', issue_ids: [id] })
    } else selection.eligible.push(finding)
  }
  return selection
}

/** With filters, already ticketed findings are left out silently (as the description says). */
function selectByFilters(
  body: Record<string, unknown>,
  issueType: TicketIssueType,
  env: Environment
): TicketSelection<FindingRecord> {
  const filters = parseFilters(bodyReader(body))
  if (!hasAnyFilter(filters))
    throw new ApiError(400, 'Either issue_ids or at least one issue filter is required')
  const matcherType: IssueType = issueType === 'sca' ? 'sca' : 'sast'
  const matches = findingPool(env.state, issueType).filter(
    findingMatcher(filters, matcherType, env.state)
  )
  return {
    eligible: matches.filter(finding => finding.externalTicket === null).sort(byRelevanceDesc),
    outcome: { succeeded: [], failed: [], skipped: [] }
  }
}

/** group_issues puts items of one key in one ticket (at most `maxPerTicket` each). */
function groupForTickets<T>(
  items: readonly T[],
  groupIssues: boolean,
  keyOf: (item: T) => string,
  maxPerTicket: number
): T[][] {
  if (!groupIssues) return items.map(item => [item])
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key) ?? []
    group.push(item)
    groups.set(key, group)
  }
  return [...groups.values()].flatMap(group => chunk(group, maxPerTicket))
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size))
  return chunks
}

function createTicket(
  state: EmulatorState,
  issueType: string,
  group: readonly Ticketable[],
  trackerProjectId: string | null
): JsonObject {
  const number = state.nextTicketNumber
  state.nextTicketNumber += 1
  const externalSlug = `SEC-${number}`
  const url = `${TRACKER_URL}/${externalSlug}`
  const issueIds = group.map(finding => finding.id)
  state.tickets.push({ ticketId: number, externalSlug, url, issueType, issueIds, trackerProjectId })
  for (const finding of group) {
    finding.externalTicket = { externalSlug, id: number, url, linkedIssueIds: [...issueIds] }
  }
  return { external_slug: externalSlug, issue_ids: issueIds, ticket_id: number, ticket_url: url }
}

/** One ticket a group while the limit allows; the groups beyond it fail. */
function openTickets(
  state: EmulatorState,
  issueType: string,
  groups: readonly (readonly Ticketable[])[],
  options: { outcome: TicketOutcome; limit: number; trackerProjectId: string | null }
): JsonObject {
  const { outcome, limit, trackerProjectId } = options
  for (const group of groups) {
    if (outcome.succeeded.length < limit)
      outcome.succeeded.push(createTicket(state, issueType, group, trackerProjectId))
    else
      outcome.failed.push({
        error: 'Ticket limit exceeded',
        issue_ids: group.map(finding => finding.id)
      })
  }
  return { succeeded: outcome.succeeded, failed: outcome.failed, skipped: outcome.skipped }
}

/**
 * Findings by ids or by filters; secrets by ids only, one ticket per secret type and repository
 * (group_issues, with no cap on a ticket's size) or one per secret.
 */
function createTickets(ctx: RequestContext, env: Environment): ApiResponse {
  const body = objectBody(ctx)
  const issueType = ticketIssueType(body)
  const limit = ticketLimit(body)
  const groupIssues = ticketGroupIssues(body)
  const trackerProjectId = ticketTrackerProject(body)
  const byIds = body.issue_ids !== undefined && body.issue_ids !== null
  if (issueType === 'secrets' && byIds) {
    const selection = selectByIds(ticketIssueIds(body.issue_ids), env.state.secrets.findings)
    const groups = groupForTickets(
      selection.eligible,
      groupIssues,
      secret => `${secret.type}\u0000${secret.repository}`,
      Number.POSITIVE_INFINITY
    )
    const options = { outcome: selection.outcome, limit, trackerProjectId }
    return ok(openTickets(env.state, issueType, groups, options))
  }
  const selection = byIds
    ? selectByIds(ticketIssueIds(body.issue_ids), findingPool(env.state, issueType))
    : selectByFilters(body, issueType, env)
  const groups = groupForTickets(
    selection.eligible,
    groupIssues,
    finding => `${finding.ruleName}\u0000${finding.repository.name}`,
    MAX_ISSUES_PER_TICKET
  )
  const options = { outcome: selection.outcome, limit, trackerProjectId }
  return ok(openTickets(env.state, issueType, groups, options))
}

export const ticketsRoutes: readonly Route[] = [
  { method: 'POST', key: 'slug', matches: isPath('tickets'), handle: createTickets }
]
