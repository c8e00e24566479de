import { z } from 'zod'
import type {
  ExternalTicket,
  FindingStatus,
  Location,
  SecretsFinding,
  Severity,
  ValidationState
} from '../domain.js'
import { validationStateText } from '../domain.js'
import type { RequestLabel } from './errors.js'
import { cursorPages } from './pages.js'
import type { Transport } from './transport.js'
import { camelObject, numericId, optionalString, policyMode, stringId } from './wire.js'

/*
 * The allow-list. A secrets finding may one day carry the matched text (`value`, `snippet`, ...);
 * zod objects drop every key they do not declare, so only the fields below ever leave this
 * module, and no reporter can print what it never receives. Add a field here only if it can
 * never hold any part of the secret.
 */
const PREFIXED = (prefix: string) => (raw: string) =>
  raw
    .trim()
    .toUpperCase()
    .replace(new RegExp(`^${prefix}_`), '')
    .toLowerCase()

const VALIDATION_STATE_VALUES: Readonly<Record<string, ValidationState>> = {
  confirmed_valid: 'confirmed_valid',
  confirmed_invalid: 'confirmed_invalid',
  validation_error: 'validation_error',
  no_validator: 'no_validator',
  unspecified: 'unknown'
}

/**
 * Absent: not validated, so `unknown` (counted as unverified). A state this client does not know
 * is a schema problem: guessing could let a live secret through, or block on a revoked one.
 */
const validationState = z
  .string()
  .nullish()
  .transform((raw, ctx): ValidationState => {
    if (raw === null || raw === undefined || raw.trim() === '') return 'unknown'
    const known = VALIDATION_STATE_VALUES[PREFIXED('VALIDATION_STATE')(raw)]
    if (known !== undefined) return known
    ctx.addIssue({ code: 'custom', message: `expected one of ${VALIDATION_STATE_NAMES}` })
    return z.NEVER
  })

const VALIDATION_STATE_NAMES =
  'VALIDATION_STATE_CONFIRMED_VALID, VALIDATION_STATE_CONFIRMED_INVALID, VALIDATION_STATE_VALIDATION_ERROR, VALIDATION_STATE_NO_VALIDATOR'

const SEVERITY_VALUES: Readonly<Record<string, Severity>> = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  critical: 'critical'
}

/**
 * `SEVERITY_HIGH` as the secrets API spells it, or a bare `high`. Unlike the other types' schemas,
 * no message here quotes the value received: any field of a secrets finding could hold the secret.
 */
const secretsSeverity = z.string().transform((raw, ctx): Severity => {
  const known = SEVERITY_VALUES[PREFIXED('SEVERITY')(raw)]
  if (known !== undefined) return known
  ctx.addIssue({
    code: 'custom',
    message: 'expected one of SEVERITY_LOW, SEVERITY_MEDIUM, SEVERITY_HIGH, SEVERITY_CRITICAL'
  })
  return z.NEVER
})

const SecretsFindingWire = camelObject({
  id: numericId,
  ref: optionalString,
  repository: camelObject({ name: z.string() }),
  severity: secretsSeverity,
  status: optionalString,
  validationState,
  mode: policyMode,
  type: optionalString,
  confidence: optionalString,
  findingPath: optionalString,
  findingPathUrl: optionalString,
  ruleHashId: optionalString,
  externalTicket: camelObject({
    id: stringId.nullish(),
    url: optionalString,
    externalSlug: optionalString
  }).nullish()
})
type SecretsFindingWire = z.infer<typeof SecretsFindingWire>

/** Strict: a 200 without `findings` is not "no secrets". */
const SecretsPage = z.object({
  findings: z.array(SecretsFindingWire),
  cursor: z.union([z.string(), z.number()]).nullish()
})

/** `src/ai.py:232` → path and line; a path without a line number stays whole. */
export function findingPathLocation(findingPath: string | null | undefined): Location | undefined {
  if (!findingPath) return undefined
  const match = /^(.*):(\d+)$/.exec(findingPath)
  if (match === null || match[1] === '') return { path: findingPath }
  const line = Number(match[2])
  return line > 0 ? { path: match[1], line } : { path: match[1] }
}

function ticketOf(wire: SecretsFindingWire): ExternalTicket | undefined {
  const ticket = wire.externalTicket
  if (!ticket || (!ticket.id && !ticket.url && !ticket.externalSlug)) return undefined
  return { id: ticket.id ?? ticket.externalSlug ?? undefined, url: ticket.url ?? undefined }
}

export function toSecretsFinding(wire: SecretsFindingWire, status: string): SecretsFinding {
  const secretType = wire.type?.trim() || 'unknown'
  return {
    type: 'secrets',
    id: wire.id,
    ruleName: `secrets.${secretType}`,
    ruleMessage: `${secretType} secret (${validationStateText(wire.validationState)})`,
    severity: wire.severity,
    confidence: wire.confidence ? PREFIXED('CONFIDENCE')(wire.confidence) : undefined,
    status: wire.status ? PREFIXED('FINDING_STATUS')(wire.status) : status,
    ref: wire.ref ?? '',
    repository: wire.repository.name,
    location: findingPathLocation(wire.findingPath),
    url: wire.findingPathUrl ?? undefined,
    externalTicket: ticketOf(wire),
    categories: ['secrets'],
    cwe: [],
    owasp: [],
    secretType,
    validationState: wire.validationState,
    mode: wire.mode
  }
}

/** The finding statuses the secrets API knows; `reviewing` and `fixing` are SAST/SCA triage only. */
const SECRETS_STATUS: Readonly<Partial<Record<FindingStatus, string>>> = {
  open: 'FINDING_STATUS_OPEN',
  fixed: 'FINDING_STATUS_FIXED',
  ignored: 'FINDING_STATUS_IGNORED',
  provisionally_ignored: 'FINDING_STATUS_PROVISIONALLY_IGNORED'
}

/** Which of the gate's statuses the secrets API can be asked for. */
export function secretsStatuses(statuses: readonly FindingStatus[]): FindingStatus[] {
  return statuses.filter(status => SECRETS_STATUS[status] !== undefined)
}

export interface SecretsQuery {
  readonly repository: string
  readonly status: FindingStatus
  /** Epoch seconds. */
  readonly since?: number
}

export const SECRETS_PAGE_SIZE = 500

export function secretsPath(deploymentId: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/secrets`
}

const PRODUCT_HINT =
  'the deployment or this repository may not have the Secrets product, or the token lacks Web API access; set issue-types without secrets to leave secrets out'

/**
 * Pages of the secrets findings of one repository and status. The endpoint has no ref filter:
 * the caller scopes by ref, like every other type.
 */
export function secretsPages(
  transport: Transport,
  deploymentId: string,
  query: SecretsQuery,
  maxPages = 2000
): AsyncGenerator<readonly SecretsFinding[]> {
  const path = secretsPath(deploymentId)
  const request: RequestLabel = { method: 'GET', path }
  return cursorPages(
    async cursor => {
      const page = await transport.request({
        method: 'GET',
        path,
        query: {
          cursor,
          limit: SECRETS_PAGE_SIZE,
          repo: [query.repository],
          status: SECRETS_STATUS[query.status],
          since: query.since === undefined ? undefined : new Date(query.since * 1000).toISOString()
        },
        hints: { 403: PRODUCT_HINT, 404: PRODUCT_HINT },
        schema: SecretsPage
      })
      return {
        items: page.findings.map(wire => toSecretsFinding(wire, query.status)),
        next: page.cursor === null || page.cursor === undefined ? undefined : String(page.cursor)
      }
    },
    { maxPages, request }
  )
}
