/**
 * `GET /deployments/{id}/secrets` (`SecretsService_ListSecretsPath`).
 *
 * The endpoint has no ref filter, pages by an opaque cursor, answers camelCase with `SEVERITY_*`,
 * `FINDING_STATUS_*`, `VALIDATION_STATE_*` and `MODE_*` enums, and names the secret's file as
 * `findingPath` (`path:line`). A secret that names its scan is listed while that scan's results
 * are its ref's (scan-findings.ts). A repository whose project lacks the Secrets product answers 403.
 * Tickets for secrets go through the shared tickets route (tickets.ts).
 */
import type { SecretRecord } from '../data/records.js'
import { SECRETS_STATUSES, VALIDATION_STATES } from '../data/records.js'
import { stableHex } from '../data/seed.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import { ApiError, badParam, isPath, ok, oneOf } from '../request.js'
import { formatTimestamp, type JsonObject } from '../wire.js'
import { listedAt } from './scan-findings.js'

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

const DEFAULT_LIMIT = 100
const MAX_LIMIT = 1000

function encodeCursor(offset: number): string {
  return Buffer.from(`secrets:${offset}`).toString('base64')
}

function decodeCursor(cursor: string): number | undefined {
  const match = /^secrets:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))
  return match ? Number(match[1]) : undefined
}

/** The list, newest first, filtered by the query; bad parameters answer 400 as the service does. */
function listSecrets(ctx: RequestContext, env: Environment): ApiResponse {
  const { query } = ctx
  const secrets = env.state.secrets
  const limitText = query.get('limit')
  const limit = limitText === null || limitText === '' ? DEFAULT_LIMIT : Number(limitText)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw badParam('limit', `expected an integer between 1 and ${MAX_LIMIT}`)
  }
  const cursorText = query.get('cursor')
  const offset = cursorText === null || cursorText === '' ? 0 : decodeCursor(cursorText)
  if (offset === undefined) throw badParam('cursor', 'unknown cursor')
  const status = query.get('status') ?? 'FINDING_STATUS_UNSPECIFIED'
  if (status !== 'FINDING_STATUS_UNSPECIFIED' && !oneOf(SECRETS_STATUSES, status)) {
    throw badParam('status', status)
  }
  const states = query.getAll('validationState').filter(s => s !== 'VALIDATION_STATE_UNSPECIFIED')
  const badState = states.find(s => !oneOf(VALIDATION_STATES, s))
  if (badState !== undefined) throw badParam('validationState', badState)
  const severities = query.getAll('severity').filter(s => s !== 'SEVERITY_UNSPECIFIED')
  const sinceText = query.get('since')
  const since = sinceText === null || sinceText === '' ? undefined : Date.parse(sinceText)
  if (since !== undefined && Number.isNaN(since)) {
    throw badParam('since', 'expected an RFC 3339 date-time')
  }
  const repos = query.getAll('repo').map(name => name.toLowerCase())
  const missing = repos.find(name => secrets.withoutProduct.has(name))
  if (missing !== undefined) {
    throw new ApiError(403, `Secrets is not enabled for repository '${missing}'`)
  }
  const listed = listedAt(env.state, env.clock.nowMs())
  const matching = secrets.findings
    .filter(
      f =>
        listed(f.scanId, 'secrets') &&
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
  return ok({
    findings: page.map(renderSecret),
    ...(more ? { cursor: encodeCursor(offset + limit) } : {})
  })
}

export const secretsRoutes: readonly Route[] = [
  { method: 'GET', key: 'id', matches: isPath('secrets'), handle: listSecrets }
]
