/**
 * What every resource module shares: the request context and environment handlers receive,
 * answers and errors, the parameter readers (one filter parser serves query strings and JSON
 * bodies), body parsing, and the shape of a route.
 */
import type http from 'node:http'
import type { ServerClock } from './clock.js'
import type { EmulatorState } from './data/records.js'
import type { JsonObject, JsonValue, WireShape } from './wire.js'

export const NOT_FOUND_MESSAGE =
  'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.'

// ---------------------------------------------------------------------------------------------
// Responses and errors
// ---------------------------------------------------------------------------------------------

export interface ApiResponse {
  status: number
  body: JsonValue | JsonObject
  headers?: Record<string, string>
}

/** Thrown by validators and lookups; the dispatcher turns it into a JSON error response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

export function ok(body: JsonObject): ApiResponse {
  return { status: 200, body }
}

export function notFound(message = NOT_FOUND_MESSAGE): ApiError {
  return new ApiError(404, message)
}

export function badParam(name: string, detail: string): ApiError {
  return new ApiError(400, `Invalid value for '${name}': ${detail}`)
}

// ---------------------------------------------------------------------------------------------
// Request context
// ---------------------------------------------------------------------------------------------

export interface RequestContext {
  method: string
  rawPath: string
  path: string
  /** Raw (still percent-encoded) path segments without the leading empty one. */
  segments: string[]
  query: URLSearchParams
  headers: http.IncomingHttpHeaders
  body: unknown
  /** False when a body was sent but is not valid JSON. */
  bodyIsJson: boolean
}

export interface Environment {
  state: EmulatorState
  token: string
  apiUrl: string
  downloadUrl: string
  shape: () => WireShape
  /** The data's "now" (the `now` option), which the scans search window counts back from. */
  dataNow: Date
  /** The server's clock (clockOffsetMs from the runner's): what "now" is for a request. */
  clock: ServerClock
  findingsPageSizeCap?: number
  /** A misbehaving scans search: it ignores repository_id, branch and statuses. */
  scansSearchIgnoresFilters: () => boolean
}

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

export function jsonBody(ctx: RequestContext): unknown {
  if (!ctx.bodyIsJson) throw new ApiError(400, 'Request body is not valid JSON')
  return ctx.body
}

export function objectBody(ctx: RequestContext): Record<string, unknown> {
  const body = jsonBody(ctx)
  if (body === undefined) return {}
  if (!isRecord(body)) throw new ApiError(400, 'Request body must be a JSON object')
  return body
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function oneOf<T extends string>(values: readonly T[], candidate: string): candidate is T {
  return (values as readonly string[]).includes(candidate)
}

// ---------------------------------------------------------------------------------------------
// Parameter readers: one filter parser serves query strings (findings) and JSON bodies (tickets)
// ---------------------------------------------------------------------------------------------

export interface ParamReader {
  scalar(name: string): string | undefined
  list(name: string): string[] | undefined
}

function splitList(values: readonly string[]): string[] {
  return values
    .flatMap(value => value.split(','))
    .map(value => value.trim())
    .filter(value => value !== '')
}

/** Lists arrive as repeated keys (`repos=a&repos=b`) or comma-joined (`repos=a,b`). */
export function queryReader(query: URLSearchParams): ParamReader {
  return {
    scalar: name => query.get(name) ?? undefined,
    list: name => {
      const values = query.getAll(name)
      return values.length === 0 ? undefined : splitList(values)
    }
  }
}

export function bodyReader(body: Record<string, unknown>): ParamReader {
  const scalarOf = (name: string, value: unknown): string => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return String(value)
    throw badParam(name, 'expected a string, number or boolean')
  }
  return {
    scalar: name => {
      const value = body[name]
      return value === undefined || value === null ? undefined : scalarOf(name, value)
    },
    list: name => {
      const value = body[name]
      if (value === undefined || value === null) return undefined
      if (typeof value === 'string') return splitList([value])
      if (!Array.isArray(value)) throw badParam(name, 'expected an array')
      return value.map(item => scalarOf(name, item))
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Parameters and body fields
// ---------------------------------------------------------------------------------------------

export function enumScalar<T extends string>(
  reader: ParamReader,
  name: string,
  values: readonly T[]
): T | undefined {
  const value = reader.scalar(name)
  if (value === undefined) return undefined
  if (!oneOf(values, value)) throw badParam(name, `expected one of ${values.join(', ')}`)
  return value
}

export function enumList<T extends string>(
  reader: ParamReader,
  name: string,
  values: readonly T[]
): Set<T> | undefined {
  const list = reader.list(name)
  if (list === undefined) return undefined
  const invalid = list.find(value => !oneOf(values, value))
  if (invalid !== undefined) throw badParam(name, `'${invalid}' is not one of ${values.join(', ')}`)
  return new Set(list.filter((value): value is T => oneOf(values, value)))
}

export function booleanParam(reader: ParamReader, name: string): boolean | undefined {
  const value = reader.scalar(name)
  if (value === undefined) return undefined
  if (value === 'true' || value === 'false') return value === 'true'
  throw badParam(name, 'expected true or false')
}

export function integerParam(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number
): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value)) throw badParam(name, 'expected a non-negative integer')
  const number = Number(value)
  if (number < min || number > max)
    throw badParam(name, `expected an integer between ${min} and ${max}`)
  return number
}

/**
 * A body field under `name`, else under `alias`: gRPC-gateway accepts both the JSON (camelCase)
 * and the proto (snake_case) field names.
 */
export function field(body: Record<string, unknown>, name: string, alias: string): unknown {
  return body[name] ?? body[alias]
}

export function cursorOffset(
  value: unknown,
  name: string,
  decode: (text: string) => number | undefined
): number {
  if (value === undefined || value === null || value === '') return 0
  const text = typeof value === 'number' ? String(value) : value
  const offset = typeof text === 'string' ? decode(text) : undefined
  if (offset === undefined) throw badParam(name, 'unknown cursor')
  return offset
}

export function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw badParam(name, 'expected a string')
  return value
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

/** How a route names its deployment: by slug or by numeric id, as the description lists. */
export type DeploymentKey = 'slug' | 'id'

export interface Route {
  method: string
  key: DeploymentKey
  /** Matches the raw path segments after /api/v1/deployments/{deployment}. */
  matches: (rest: readonly string[]) => boolean
  handle: (ctx: RequestContext, env: Environment, rest: readonly string[]) => ApiResponse
}

export const isPath =
  (...expected: string[]) =>
  (rest: readonly string[]): boolean =>
    rest.length === expected.length && expected.every((segment, index) => rest[index] === segment)
