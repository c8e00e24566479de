/**
 * The one place that talks HTTP to the API: authentication, timeouts, retries, redirects and
 * response validation. Everything above it sees typed values or typed errors. A request is one
 * sequence: send, classify the outcome, retry it or return it.
 */
import { request as send, type Dispatcher } from 'undici'
import type { z } from 'zod'
import { timeoutSignal } from '../time/timeout-signal.js'
import { abortableSleep } from '../time/sleep.js'
import { errorText } from '../text/error-text.js'
import { connectionPool, type ConnectionPool } from './dispatcher.js'
import type { Limiter } from './limiter.js'
import { ApiError, NetworkError, SchemaError, defaultHint, type RequestLabel } from './errors.js'
import { classifyNetworkError, serverMessage } from './network-errors.js'
import { redactSecret } from './redact.js'
import { acceptEncoding, decodedBody, discard, headerValue, readBytes } from './response-body.js'
import {
  mayHaveBeenProcessed,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
  type AttemptOutcome,
  type RetryPolicy
} from './retry.js'
import { formatIssues } from './schema-issues.js'

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[]

export interface RequestOptions {
  readonly method: 'GET' | 'POST' | 'PUT'
  /** Path below the base URL, already percent-encoded. */
  readonly path: string
  /** Arrays are sent as repeated keys (`repos=a&repos=b`), the OpenAPI default the API documents. */
  readonly query?: Readonly<Record<string, QueryValue>>
  readonly body?: unknown
  /** Reads and PUTs are; a POST that creates something is not, unless it is a read (a search). */
  readonly idempotent?: boolean
  /** Hints by status that replace the generic ones (e.g. 404 on a project means the repository name). */
  readonly hints?: Readonly<Partial<Record<number, string>>>
  /** Cancels the request and any retry still to come: the promise rejects with its reason. */
  readonly signal?: AbortSignal
  /** Large bodies: read at most this many at once, the rest waiting in their sockets. */
  readonly bodyReads?: Limiter
  /**
   * `caller`: a 429 or 503 is thrown at once (an ApiError carrying its Retry-After) instead of
   * retried here, for a caller that schedules many requests and slows all of them down together
   * (the SBOM poll loop). Other failures are retried as usual.
   */
  readonly rateLimit?: 'retry' | 'caller'
}

/**
 * How a successful body becomes a value: parsed as JSON and validated by a schema, or, for the
 * large findings pages, handed as bytes to a decoder (which throws SchemaError for what it cannot
 * accept; the transport redacts it).
 */
export type BodyReader<T> =
  | { readonly schema: z.ZodType<T>; readonly decode?: undefined }
  | { readonly decode: (bytes: Buffer) => T; readonly schema?: undefined }

export type RequestSpec<T> = RequestOptions & BodyReader<T>

/** A value with the server's clock when it answered (its `Date` header), when it sent one. */
export interface Answer<T> {
  readonly value: T
  /** Epoch ms, whole seconds: the server's clock, never the runner's. */
  readonly serverTime?: number
}

/** Statuses by which a server asks its clients to slow down. */
export const RATE_LIMIT_STATUSES: ReadonlySet<number> = new Set([429, 503])

export interface RetryEvent {
  readonly request: RequestLabel
  /** The retry about to happen, 1-based. */
  readonly retry: number
  readonly retries: number
  readonly delayMs: number
  readonly reason: string
}

export interface TransportOptions {
  readonly baseUrl: string
  readonly token: string
  readonly timeoutMs: number
  readonly retry: RetryPolicy
  readonly userAgent?: string
  /** Waits between retries; should end early when `signal` (the request's own) aborts. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly random?: () => number
  readonly now?: () => number
  readonly onRetry?: (event: RetryEvent) => void
}

type Attempt<T> = { readonly kind: 'done'; readonly answer: Answer<T> } | AttemptFailure

interface AttemptFailure {
  readonly kind: 'failed'
  readonly outcome: AttemptOutcome
  readonly error: ApiError | NetworkError
}

export class Transport {
  private pool: ConnectionPool | undefined
  private requestCount = 0

  constructor(private readonly options: TransportOptions) {}

  /** Requests sent so far, retries included (tests read it). */
  get requestsSent(): number {
    return this.requestCount
  }

  /** The value of a request, retried as the policy allows. */
  async request<T>(spec: RequestSpec<T>): Promise<T> {
    return (await this.answer(spec)).value
  }

  /** The value of a request with the server's clock at its answer. */
  async answer<T>(spec: RequestSpec<T>): Promise<Answer<T>> {
    const label: RequestLabel = { method: spec.method, path: spec.path }
    const idempotent = spec.idempotent ?? spec.method !== 'POST'
    const { retry: policy } = this.options
    for (let attempt = 1; ; attempt++) {
      spec.signal?.throwIfAborted()
      const outcome = await this.attempt(spec, label, attempt, idempotent)
      if (outcome.kind === 'done') return outcome.answer
      spec.signal?.throwIfAborted()
      const { outcome: failed, error } = outcome
      const rateLimited = failed.kind === 'status' && RATE_LIMIT_STATUSES.has(failed.status)
      if (spec.rateLimit === 'caller' && rateLimited) throw error
      if (attempt > policy.retries || !shouldRetry(failed, idempotent, policy)) throw error
      const retryAfterMs = failed.kind === 'status' ? failed.retryAfterMs : undefined
      const delayMs = retryDelayMs(
        attempt,
        policy,
        retryAfterMs,
        this.options.random ?? Math.random
      )
      this.options.onRetry?.({
        request: label,
        retry: attempt,
        retries: policy.retries,
        delayMs,
        reason: failed.kind === 'status' ? `HTTP ${failed.status}` : failed.code
      })
      await (this.options.sleep ?? abortableSleep)(delayMs, spec.signal)
    }
  }

  /** Opens connections ahead of the requests that will need them (see ConnectionPool). */
  preconnect(count: number): void {
    this.connections().preconnect(count)
  }

  /** Closes the connections; later requests open new ones. */
  async close(): Promise<void> {
    const pool = this.pool
    this.pool = undefined
    await pool?.close()
  }

  /**
   * Servers sometimes echo what they were sent; the token must not reach a log through them.
   * Public so that code validating a response outside the transport can redact its messages too.
   */
  redact(text: string): string {
    return redactSecret(text, this.options.token)
  }

  private connections(): ConnectionPool {
    // Made on first use: a run that fails on its inputs opens nothing.
    this.pool ??= connectionPool(new URL(this.options.baseUrl))
    return this.pool
  }

  private async attempt<T>(
    spec: RequestSpec<T>,
    label: RequestLabel,
    attempt: number,
    idempotent: boolean
  ): Promise<Attempt<T>> {
    const networkFailure = (error: unknown): AttemptFailure => {
      // Cancelled by the caller, not a timeout: the caller no longer wants an answer.
      spec.signal?.throwIfAborted()
      const { code, detail } = classifyNetworkError(error, this.options.timeoutMs)
      const processed = !idempotent && mayHaveBeenProcessed(code)
      const failure = new NetworkError(label, code, this.redact(detail), attempt, processed)
      return { kind: 'failed', outcome: { kind: 'network', code }, error: failure }
    }
    this.requestCount++
    let response: Dispatcher.ResponseData
    try {
      response = await this.exchange(spec)
    } catch (error) {
      return networkFailure(error)
    }
    // A large body may wait in its socket for its turn (spec.bodyReads); it is read, and
    // decoded, in a timeout of its own.
    const release = await spec.bodyReads?.acquire()
    try {
      let bytes: Buffer
      try {
        bytes = await this.bodyBytes(response, spec.signal)
      } catch (error) {
        return networkFailure(error)
      }
      if (!succeeded(response.statusCode)) {
        return this.statusFailure(spec, label, attempt, response, bytes)
      }
      // A decoder's SchemaError is the answer's fault, never retried; any other error is a bug.
      const value = this.read(spec, label, bytes)
      return { kind: 'done', answer: { value, serverTime: serverTime(response) } }
    } finally {
      release?.()
    }
  }

  /** Sends the request; resolves with its status and headers, within the timeout. */
  private async exchange(spec: RequestOptions): Promise<Dispatcher.ResponseData> {
    const timeout = timeoutSignal(this.options.timeoutMs, spec.signal)
    try {
      return await this.send(spec, timeout.signal)
    } finally {
      timeout.clear()
    }
  }

  private send(spec: RequestOptions, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const url = this.url(spec)
    return send(url, {
      method: spec.method,
      headers: this.headers(spec.body !== undefined, url),
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal,
      // Never followed: a redirect could carry the token to another origin.
      maxRedirections: 0,
      dispatcher: this.connections().dispatcher
    })
  }

  /** The body's bytes, content codings undone, within a timeout of their own. */
  private async bodyBytes(
    response: Dispatcher.ResponseData,
    signal: AbortSignal | undefined
  ): Promise<Buffer> {
    const timeout = timeoutSignal(this.options.timeoutMs, signal)
    const abort = (): void => void response.body.destroy(timeout.signal.reason as Error)
    timeout.signal.addEventListener('abort', abort, { once: true })
    const encoding = headerValue(response.headers, 'content-encoding')
    try {
      return await readBytes(decodedBody(response.statusCode, encoding, response.body))
    } catch (error) {
      discard(response.body)
      throw error
    } finally {
      timeout.signal.removeEventListener('abort', abort)
      timeout.clear()
    }
  }

  private statusFailure(
    spec: RequestOptions,
    label: RequestLabel,
    attempt: number,
    response: Dispatcher.ResponseData,
    bytes: Buffer
  ): AttemptFailure {
    const status = response.statusCode
    const retryAfterMs = parseRetryAfter(
      headerValue(response.headers, 'retry-after'),
      (this.options.now ?? Date.now)()
    )
    // Only a 3xx is a redirect; a Location header on an error answer is not the reason.
    const location =
      status >= 300 && status < 400 ? headerValue(response.headers, 'location') : null
    // Redact before serverMessage shortens the text: a cut could leave part of the token.
    const message = serverMessage(
      this.redact(bytes.toString('utf8')),
      location === null ? null : this.redact(location)
    )
    const hint = spec.hints?.[status] ?? defaultHint(status)
    return {
      kind: 'failed',
      outcome: { kind: 'status', status, retryAfterMs },
      error: new ApiError(label, status, message, attempt, hint, retryAfterMs)
    }
  }

  /** The body as the caller's value; every problem a redacted SchemaError. */
  private read<T>(spec: BodyReader<T>, label: RequestLabel, bytes: Buffer): T {
    if (spec.decode !== undefined) {
      try {
        return spec.decode(bytes)
      } catch (error) {
        // Problems can quote a received value, which a server may have echoed the token into.
        if (error instanceof SchemaError) {
          throw new SchemaError(
            label,
            error.problems.map(problem => this.redact(problem))
          )
        }
        throw error
      }
    }
    let json: unknown
    try {
      json = JSON.parse(stripBom(bytes.toString('utf8')))
    } catch (error) {
      const reason = this.redact(errorText(error)).slice(0, 120)
      throw new SchemaError(label, [`body: not valid JSON (${reason})`])
    }
    const parsed = spec.schema.safeParse(json)
    if (parsed.success) return parsed.data
    const problems = formatIssues(parsed.error.issues).map(problem => this.redact(problem))
    throw new SchemaError(label, problems)
  }

  private url(spec: RequestOptions): URL {
    const url = new URL(this.options.baseUrl + spec.path)
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue
      const values = Array.isArray(value) ? (value as readonly (string | number)[]) : [value]
      for (const item of values) url.searchParams.append(key, String(item))
    }
    return url
  }

  private headers(hasBody: boolean, url: URL): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      'accept-encoding': acceptEncoding(url),
      'user-agent': this.options.userAgent ?? 'findings-gate',
      ...(hasBody ? { 'content-type': 'application/json' } : {})
    }
  }
}

/**
 * Only a 2xx is an answer to decode. A status the client could not read (0) or an interim one is
 * an error with its status, never a success whose body would be taken for the data.
 */
function succeeded(status: number): boolean {
  return status >= 200 && status < 300
}

/** The server's clock from its `Date` header (whole seconds), or undefined without one. */
function serverTime(response: Dispatcher.ResponseData): number | undefined {
  const date = headerValue(response.headers, 'date')
  if (date === null) return undefined
  const ms = Date.parse(date)
  return Number.isNaN(ms) ? undefined : ms
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
