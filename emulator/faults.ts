/**
 * Fault injection: faults tests add (or post to the control surface) that the next matching
 * requests meet instead of, or before, their normal answer.
 */
import http from 'node:http'
import { jsonAnswer, type PlainAnswer } from './http.js'
import { ApiError, isRecord, oneOf } from './request.js'
import type { JsonValue } from './wire.js'

export type FaultKind =
  'status' | 'reset' | 'delay' | 'malformed' | 'html' | 'json' | 'reset-after-processing'

export interface Fault {
  method?: string
  /** String: exact decoded pathname. RegExp: tested against it. */
  path?: string | RegExp
  /** Query parameters the request must carry, each with exactly this value (e.g. `{page: '3'}`). */
  query?: Readonly<Record<string, string>>
  /**
   * Top-level keys the JSON request body must carry (true) or must not (false): tells apart two
   * POSTs to one path whose order on the wire is not fixed (e.g. `{repository_id: false}`).
   */
  bodyHas?: Readonly<Record<string, boolean>>
  /** Matching requests affected; default 1; Infinity allowed. */
  times?: number
  kind: FaultKind
  /** For status/html; default 500. */
  status?: number
  headers?: Record<string, string>
  /** For status (JSON error body) and json (a 200 with exactly this body). */
  body?: unknown
  /** For delay: wait this long, then answer normally. */
  ms?: number
  /** Which server the fault applies to; default 'api'. */
  server?: 'api' | 'download'
}

interface ActiveFault {
  fault: Fault
  remaining: number
}

export class FaultList {
  private readonly active: ActiveFault[] = []

  add(fault: Fault): void {
    const times = fault.times ?? 1
    if (!(times > 0)) throw new Error('fault.times must be positive')
    this.active.push({ fault, remaining: times })
  }

  clear(): void {
    this.active.length = 0
  }

  /** The first fault matching the request, consuming one of its uses. */
  take(
    server: 'api' | 'download',
    method: string,
    path: string,
    query: URLSearchParams = new URLSearchParams(),
    body?: unknown
  ): Fault | undefined {
    const index = this.active.findIndex(entry =>
      faultMatches(entry.fault, server, method, path, query, body)
    )
    const entry = this.active[index]
    if (entry === undefined) return undefined
    entry.remaining -= 1
    if (entry.remaining <= 0) this.active.splice(index, 1)
    return entry.fault
  }
}

function faultMatches(
  fault: Fault,
  server: 'api' | 'download',
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown
): boolean {
  if ((fault.server ?? 'api') !== server) return false
  if (fault.method !== undefined && fault.method.toUpperCase() !== method) return false
  for (const [key, value] of Object.entries(fault.query ?? {})) {
    if (query.get(key) !== value) return false
  }
  for (const [key, present] of Object.entries(fault.bodyHas ?? {})) {
    if ((isRecord(body) && key in body) !== present) return false
  }
  if (fault.path === undefined) return true
  if (typeof fault.path === 'string') return fault.path === path
  fault.path.lastIndex = 0
  return fault.path.test(path)
}

const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'reset',
  'delay',
  'malformed',
  'html',
  'json',
  'reset-after-processing'
]

/** Reads a fault posted to the control surface (a regex path arrives as {"regex": "..."}). */
export function faultFromJson(value: unknown): Fault {
  if (!isRecord(value) || typeof value.kind !== 'string' || !oneOf(FAULT_KINDS, value.kind)) {
    throw new ApiError(400, `Fault needs a kind: one of ${FAULT_KINDS.join(', ')}`)
  }
  const fault: Fault = { kind: value.kind }
  if (typeof value.method === 'string') fault.method = value.method
  if (typeof value.path === 'string') fault.path = value.path
  else if (isRecord(value.path) && typeof value.path.regex === 'string') {
    fault.path = regexFromJson(value.path.regex, value.path.flags)
  }
  // JSON has no Infinity: JSON.stringify turns it into null, so null (or "Infinity") means forever.
  if (value.times === null || value.times === 'Infinity') fault.times = Infinity
  else if (typeof value.times === 'number') {
    if (!(value.times > 0)) throw new ApiError(400, 'Fault times must be positive')
    fault.times = value.times
  }
  if (typeof value.status === 'number') fault.status = value.status
  if (typeof value.ms === 'number') fault.ms = value.ms
  if (isRecord(value.headers))
    fault.headers = Object.fromEntries(
      Object.entries(value.headers).map(([k, v]) => [k, String(v)])
    )
  if ('body' in value) fault.body = value.body
  if (value.server === 'download') fault.server = 'download'
  if (isRecord(value.query))
    fault.query = Object.fromEntries(Object.entries(value.query).map(([k, v]) => [k, String(v)]))
  if (isRecord(value.bodyHas))
    fault.bodyHas = Object.fromEntries(
      Object.entries(value.bodyHas).map(([k, v]) => [k, v === true])
    )
  return fault
}

function regexFromJson(source: string, flags: unknown): RegExp {
  try {
    return new RegExp(source, typeof flags === 'string' ? flags : '')
  } catch {
    throw new ApiError(400, `Invalid fault path regex: ${source}`)
  }
}

function htmlErrorPage(status: number): string {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`
  return `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n`
}

/** A 200 whose JSON stops mid-value, like a connection cut by a proxy. */
const MALFORMED_JSON =
  '{"findings": [{"id": 7100001, "ref": "refs/heads/main", "repository": {"name": "acme/we'

/** The canned answer of a fault, or undefined when the request should be handled normally. */
export function faultAnswer(fault: Fault): PlainAnswer | undefined {
  const headers = fault.headers ?? {}
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 500
      return jsonAnswer({
        status,
        body: (fault.body ?? { error: http.STATUS_CODES[status] ?? 'Error' }) as JsonValue,
        headers
      })
    }
    case 'json':
      return jsonAnswer({ status: 200, body: (fault.body ?? null) as JsonValue, headers })
    case 'html': {
      const status = fault.status ?? 500
      return {
        status,
        body: htmlErrorPage(status),
        headers: { 'content-type': 'text/html; charset=utf-8', ...headers }
      }
    }
    case 'malformed':
      return {
        status: 200,
        body: MALFORMED_JSON,
        headers: { 'content-type': 'application/json', ...headers }
      }
    default:
      return undefined
  }
}
