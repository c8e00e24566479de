/**
 * Errors of the API client. Each is a value a user can act on: it names the request, what went
 * wrong and what to check. No message ever contains the token (the transport redacts it).
 */
import { UserError } from '../errors.js'

/** A request as it appears in messages: method and path, never the query string or headers. */
export interface RequestLabel {
  readonly method: string
  readonly path: string
}

function label(request: RequestLabel): string {
  return `${request.method} ${request.path}`
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
}

/** What to check for a status, unless the call site knows better. */
export function defaultHint(status: number): string | undefined {
  if (status === 401) return 'check api-token: the token is missing, invalid or revoked'
  if (status === 403)
    return 'the token lacks Web API access (enable "Web API" on the token in Settings > Tokens) or cannot access this deployment'
  if (status === 404)
    return 'check deployment-slug / deployment-id and repository; a token without Web API access also gets 404'
  if (status === 429) return 'rate limited: raise max-retries or run the workflow less often'
  if (status >= 500)
    return 'the service is failing: re-run later, or set on-api-error: warn to skip the gate'
  return undefined
}

export class ApiError extends UserError {
  override readonly name = 'ApiError'
  constructor(
    readonly request: RequestLabel,
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly attempts: number,
    readonly hint: string | undefined = defaultHint(status),
    /** The server's Retry-After, in ms, when it sent one. */
    readonly retryAfterMs?: number
  ) {
    const statusText = STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''
    const server = serverMessage ? `: ${serverMessage}` : ''
    const hintText = hint ? `. Hint: ${hint}` : ''
    super(
      `${label(request)} failed with HTTP ${status}${statusText}${server} (${attemptsText(attempts)})${hintText}`
    )
  }
}

export class NetworkError extends UserError {
  override readonly name = 'NetworkError'
  constructor(
    readonly request: RequestLabel,
    /** ECONNREFUSED, ECONNRESET, TIMEOUT, ENOTFOUND, ... */
    readonly code: string,
    readonly detail: string,
    readonly attempts: number,
    /** The server may have acted on the request although no answer came back. */
    readonly mayHaveBeenProcessed = false
  ) {
    const consequence = mayHaveBeenProcessed
      ? '; the request was sent and may have been processed, so it was not retried'
      : ''
    super(
      `${label(request)} failed: ${detail} (${code}) after ${attemptsText(attempts)}${consequence}`
    )
  }
}

export class SchemaError extends UserError {
  override readonly name = 'SchemaError'
  constructor(
    readonly request: RequestLabel,
    /** One line per problem: `field.path: what was expected (got ...)`. */
    readonly problems: readonly string[]
  ) {
    const shown = problems.slice(0, 5).join('; ')
    const more = problems.length > 5 ? `; and ${problems.length - 5} more` : ''
    super(`${label(request)} returned an unexpected response: ${shown}${more}`)
  }
}

export class PaginationError extends UserError {
  override readonly name = 'PaginationError'
  constructor(
    readonly request: RequestLabel,
    readonly reason: string
  ) {
    super(`${label(request)} pagination did not end: ${reason}; stopped to avoid an endless loop`)
  }
}

export type ClientError = ApiError | NetworkError | SchemaError | PaginationError

export function isClientError(error: unknown): error is ClientError {
  return (
    error instanceof ApiError ||
    error instanceof NetworkError ||
    error instanceof SchemaError ||
    error instanceof PaginationError
  )
}
