/**
 * Secrets findings and `GET /deployments/{id}/secrets` (`SecretsService_ListSecretsPath`).
 *
 * The endpoint has no ref filter, pages by an opaque cursor, answers camelCase with `SEVERITY_*`,
 * `FINDING_STATUS_*`, `VALIDATION_STATE_*` and `MODE_*` enums, and names the secret's file as
 * `findingPath` (`path:line`). A repository whose project lacks the Secrets product answers 403.
 * Tickets for secrets go through the shared tickets route; their selection by ids lives here.
 */
import {
  stableHex,
  TRACKER_URL,
  type EmulatorState,
  type ExternalTicketRecord,
  type PolicyMode,
  type Severity
} from './data.js'
import { formatTimestamp, type JsonObject } from './wire.js'

export const VALIDATION_STATES = [
  'VALIDATION_STATE_CONFIRMED_VALID',
  'VALIDATION_STATE_CONFIRMED_INVALID',
  'VALIDATION_STATE_VALIDATION_ERROR',
  'VALIDATION_STATE_NO_VALIDATOR'
] as const
export type ValidationState = (typeof VALIDATION_STATES)[number]

export const SECRETS_STATUSES = [
  'FINDING_STATUS_OPEN',
  'FINDING_STATUS_IGNORED',
  'FINDING_STATUS_FIXED',
  'FINDING_STATUS_REMOVED',
  'FINDING_STATUS_UNKNOWN',
  'FINDING_STATUS_PROVISIONALLY_IGNORED'
] as const
export type SecretsStatus = (typeof SECRETS_STATUSES)[number]

export interface SecretRecord {
  id: number
  repository: string
  ref: string
  /** The service the secret is for (AWS, GitHub, OpenAI, ...). */
  type: string
  severity: Severity
  status: SecretsStatus
  /** Null: the platform has not validated it (the field is then absent from the answer). */
  validationState: ValidationState | null
  mode: PolicyMode
  path: string
  line: number
  commit: string
  createdAt: Date
  externalTicket: ExternalTicketRecord | null
  /**
   * Fields added to the rendered finding as they are (tests: what a future answer might carry,
   * such as the matched text, which the client must never print).
   */
  extra?: JsonObject
}

export interface SecretsState {
  findings: SecretRecord[]
  /** Repositories (lower-case names) whose project lacks the Secrets product: they answer 403. */
  withoutProduct: Set<string>
}

export function emptySecretsState(): SecretsState {
  return { findings: [], withoutProduct: new Set() }
}

let nextSecretId = 9_200_000

/** A secret with realistic defaults: an open, confirmed-valid OpenAI key on acme/web main. */
export function secretFinding(overrides: Partial<SecretRecord> = {}): SecretRecord {
  const repository = overrides.repository ?? 'acme/web'
  const ref = overrides.ref ?? 'refs/heads/main'
  return {
    id: nextSecretId++,
    repository,
    ref,
    type: 'OpenAI',
    severity: 'high',
    status: 'FINDING_STATUS_OPEN',
    validationState: 'VALIDATION_STATE_CONFIRMED_VALID',
    mode: 'MODE_MONITOR',
    path: 'src/ai.py',
    line: 232,
    commit: stableHex(`commit:${repository}:${ref}`, 40),
    createdAt: new Date(Date.now() - 86_400_000),
    externalTicket: null,
    ...overrides
  }
}

/**
 * acme/api main holds one secret of each validation state: a live OpenAI key (medium, monitor
 * mode: only fail-on-secrets blocks it), a revoked AWS key (critical, block mode: still never
 * blocks by them), an unverifiable GitHub token (low, comment mode) and a Stripe key whose check
 * failed (medium). acme/web has only a fixed Slack token on main and a live key on a branch no
 * scan covers, so the verdicts and counts of acme/web stay those of SAST and SCA. acme/payments
 * has no Secrets product. Ids are from 9_100_000, apart from the SAST and SCA samples.
 */
export function sampleSecrets(now: Date): SecretsState {
  const daysAgo = (days: number): Date => new Date(now.getTime() - days * 86_400_000)
  const api = { repository: 'acme/api', ref: 'refs/heads/main' }
  return {
    withoutProduct: new Set(['acme/payments']),
    findings: [
      secretFinding({
        ...api,
        id: 9_100_001,
        type: 'OpenAI',
        severity: 'medium',
        path: 'src/ai/client.ts',
        line: 18,
        createdAt: daysAgo(1)
      }),
      secretFinding({
        ...api,
        id: 9_100_002,
        type: 'AWS',
        severity: 'critical',
        validationState: 'VALIDATION_STATE_CONFIRMED_INVALID',
        mode: 'MODE_BLOCK',
        path: 'config/aws.ts',
        line: 12,
        createdAt: daysAgo(40)
      }),
      secretFinding({
        ...api,
        id: 9_100_003,
        type: 'GitHub',
        severity: 'low',
        validationState: 'VALIDATION_STATE_NO_VALIDATOR',
        mode: 'MODE_COMMENT',
        path: 'deploy/ci.env',
        line: 3,
        createdAt: daysAgo(8)
      }),
      secretFinding({
        ...api,
        id: 9_100_004,
        type: 'Stripe',
        severity: 'medium',
        validationState: 'VALIDATION_STATE_VALIDATION_ERROR',
        path: 'src/billing/keys.ts',
        line: 9,
        createdAt: daysAgo(14)
      }),
      secretFinding({
        id: 9_100_005,
        type: 'Slack',
        status: 'FINDING_STATUS_FIXED',
        path: 'scripts/notify.sh',
        line: 5,
        createdAt: daysAgo(60)
      }),
      secretFinding({
        id: 9_100_006,
        ref: 'refs/heads/spike',
        type: 'Heroku',
        path: 'Procfile.env',
        line: 2,
        createdAt: daysAgo(2)
      })
    ]
  }
}

export function renderSecret(record: SecretRecord): JsonObject {
  const repositoryUrl = `https://github.com/${record.repository}`
  return {
    id: String(record.id),
    ref: record.ref,
    refUrl: `${repositoryUrl}/tree/${record.ref}`,
    repository: {
      name: record.repository,
      scmType: 'SCM_TYPE_GITHUB',
      url: repositoryUrl,
      visibility: 'REPOSITORY_VISIBILITY_PRIVATE'
    },
    severity: `SEVERITY_${record.severity.toUpperCase()}`,
    status: record.status,
    ...(record.validationState === null ? {} : { validationState: record.validationState }),
    mode: record.mode,
    type: record.type,
    confidence: 'CONFIDENCE_HIGH',
    findingPath: `${record.path}:${record.line}`,
    findingPathUrl: `${repositoryUrl}/blob/${record.commit}/${record.path}#L${record.line}`,
    ruleHashId: stableHex(`secret-rule:${record.type}`, 7),
    createdAt: formatTimestamp(record.createdAt, 'documented'),
    updatedAt: formatTimestamp(record.createdAt, 'documented'),
    ...(record.externalTicket === null
      ? {}
      : {
          externalTicket: {
            externalSlug: record.externalTicket.externalSlug,
            id: String(record.externalTicket.id),
            url: record.externalTicket.url,
            linkedIssueIds: record.externalTicket.linkedIssueIds.map(String)
          }
        }),
    ...record.extra
  }
}

export interface SecretsAnswer {
  status: number
  body: JsonObject
}

const DEFAULT_LIMIT = 100
const MAX_LIMIT = 1000

function error(status: number, message: string): SecretsAnswer {
  return { status, body: { error: message } }
}

function encodeCursor(offset: number): string {
  return Buffer.from(`secrets:${offset}`).toString('base64')
}

function decodeCursor(cursor: string): number | undefined {
  const match = /^secrets:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))
  return match ? Number(match[1]) : undefined
}

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value)
}

/** The list, newest first, filtered by the query; bad parameters answer 400 as the service does. */
export function listSecrets(state: EmulatorState, query: URLSearchParams): SecretsAnswer {
  const secrets = state.secrets
  const limitText = query.get('limit')
  const limit = limitText === null || limitText === '' ? DEFAULT_LIMIT : Number(limitText)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return error(400, `Invalid value for 'limit': expected an integer between 1 and ${MAX_LIMIT}`)
  }
  const cursorText = query.get('cursor')
  const offset = cursorText === null || cursorText === '' ? 0 : decodeCursor(cursorText)
  if (offset === undefined) return error(400, "Invalid value for 'cursor': unknown cursor")
  const status = query.get('status') ?? 'FINDING_STATUS_UNSPECIFIED'
  if (status !== 'FINDING_STATUS_UNSPECIFIED' && !oneOf(SECRETS_STATUSES, status)) {
    return error(400, `Invalid value for 'status': ${status}`)
  }
  const states = query.getAll('validationState').filter(s => s !== 'VALIDATION_STATE_UNSPECIFIED')
  const badState = states.find(s => !oneOf(VALIDATION_STATES, s))
  if (badState !== undefined) return error(400, `Invalid value for 'validationState': ${badState}`)
  const severities = query.getAll('severity').filter(s => s !== 'SEVERITY_UNSPECIFIED')
  const sinceText = query.get('since')
  const since = sinceText === null || sinceText === '' ? undefined : Date.parse(sinceText)
  if (since !== undefined && Number.isNaN(since)) {
    return error(400, "Invalid value for 'since': expected an RFC 3339 date-time")
  }
  const repos = query.getAll('repo').map(name => name.toLowerCase())
  const missing = repos.find(name => secrets.withoutProduct.has(name))
  if (missing !== undefined) {
    return error(403, `Secrets is not enabled for repository '${missing}'`)
  }
  const matching = secrets.findings
    .filter(
      f =>
        (repos.length === 0 || repos.includes(f.repository.toLowerCase())) &&
        !secrets.withoutProduct.has(f.repository.toLowerCase()) &&
        (status === 'FINDING_STATUS_UNSPECIFIED' || f.status === status) &&
        (states.length === 0 ||
          (f.validationState !== null && states.includes(f.validationState))) &&
        (severities.length === 0 || severities.includes(`SEVERITY_${f.severity.toUpperCase()}`)) &&
        (since === undefined || f.createdAt.getTime() >= since)
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
  const page = matching.slice(offset, offset + limit)
  const more = offset + limit < matching.length
  return {
    status: 200,
    body: {
      findings: page.map(renderSecret),
      ...(more ? { cursor: encodeCursor(offset + limit) } : {})
    }
  }
}

/**
 * Tickets for secrets selected by ids: one ticket per secret type and repository (group_issues),
 * or one per secret; a secret that has a ticket is skipped, as the other types are.
 */
export function createSecretsTickets(
  state: EmulatorState,
  ids: readonly number[],
  options: { limit: number; groupIssues: boolean; trackerProjectId: string | null }
): JsonObject {
  const byId = new Map(state.secrets.findings.map(f => [f.id, f]))
  const succeeded: JsonObject[] = []
  const failed: JsonObject[] = []
  const skipped: JsonObject[] = []
  const groups = new Map<string, SecretRecord[]>()
  for (const id of ids) {
    const finding = byId.get(id)
    if (finding === undefined) failed.push({ error: 'Issue not found', issue_ids: [id] })
    else if (finding.externalTicket !== null) {
      skipped.push({ reason: 'Issue already has a ticket', issue_ids: [id] })
    } else {
      const key = options.groupIssues ? `${finding.type}\u0000${finding.repository}` : String(id)
      groups.set(key, [...(groups.get(key) ?? []), finding])
    }
  }
  for (const group of groups.values()) {
    const issueIds = group.map(f => f.id)
    if (succeeded.length >= options.limit) {
      failed.push({ error: 'Ticket limit exceeded', issue_ids: issueIds })
      continue
    }
    const number = state.nextTicketNumber
    state.nextTicketNumber += 1
    const externalSlug = `SEC-${number}`
    const url = `${TRACKER_URL}/${externalSlug}`
    state.tickets.push({
      ticketId: number,
      externalSlug,
      url,
      issueType: 'secrets',
      issueIds,
      trackerProjectId: options.trackerProjectId
    })
    for (const finding of group) {
      finding.externalTicket = { externalSlug, id: number, url, linkedIssueIds: [...issueIds] }
    }
    succeeded.push({
      external_slug: externalSlug,
      issue_ids: issueIds,
      ticket_id: number,
      ticket_url: url
    })
  }
  return { succeeded, failed, skipped }
}
