import { finished, type Readable } from 'node:stream'
import type { z } from 'zod'
import { ApiError, NetworkError, SchemaError, defaultHint, type RequestLabel } from './errors.js'
import {
  CONNECT_TIMEOUT_CODE,
  mayHaveBeenProcessed,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
  type AttemptOutcome,
  type RetryPolicy
} from './retry.js'
import { acceptEncoding, decodedBody, discard, headerValue, readText } from './response-body.js'
import { httpClientFor, type HttpClient, type HttpResponse } from './http-client.js'
import { formatIssues } from './schema-issues.js'
import { errorText } from '../text/error-text.js'
import { abortableSleep } from '../time/sleep.js'

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[]

/**
 * A successful body as it arrives, for a decoder. Read through 'data' events, not async
 * iteration: a findings page comes in about 70 chunks, and a promise per chunk through the
 * iterator layers cost about 1.3 ms of CPU a page.
 */
export interface BodyChunks {
  /**
   * Reads until `bytes` have arrived or the body has ended, then stops reading (the rest waits in
   * the socket until all() is called); resolves with the number of bytes that have arrived.
   */
  head(bytes: number): Promise<number>
  /** Every chunk (Buffers), once the body has ended; a body without content (204) has none. */
  all(): Promise<Uint8Array[]>
}

/**
 * Reads a successful body as it arrives instead of as one string: for lists too large to hold
 * twice (raw and decoded). It throws SchemaError for what it cannot accept; the transport redacts it.
 */
export type StreamDecoder<T> = (body: BodyChunks) => Promise<T>

/** How a successful body becomes a value: validated whole by a schema, or decoded as a stream. */
export type BodyReader<T> =
  | {
      readonly schema: z.ZodType<T>
      /**
       * For a large body: a hand-written decoder that gives what the schema gives, for the bodies
       * it accepts (undefined hands the body to the schema, which names what is wrong).
       */
      readonly fast?: (json: unknown) => T | undefined
      readonly stream?: undefined
    }
  | { readonly stream: StreamDecoder<T>; readonly schema?: undefined }

export type RequestSpec<T> = RequestOptions & BodyReader<T>

export interface RequestOptions {
  readonly method: 'GET' | 'POST' | 'PUT'
  /** Path below the base URL, already percent-encoded. */
  readonly path: string
  /** Arrays are sent as repeated keys (`repos=a&repos=b`), the OpenAPI default the API documents. */
  readonly query?: Readonly<Record<string, QueryValue>>
  readonly body?: unknown
  /** Reads and PUTs are; a POST that creates something is not, unless it is a read (dependencies). */
  readonly idempotent?: boolean
  /** Hints by status that replace the generic ones (e.g. 404 on a project means the repository name). */
  readonly hints?: Readonly<Partial<Record<number, string>>>
  /**
   * Cancels the request and any retry still to come (a page fetched past the end of a list):
   * the promise then rejects with the signal's reason.
   */
  readonly signal?: AbortSignal
  /**
   * `caller`: a 429 or 503 is thrown at once (an ApiError carrying its Retry-After) instead of
   * retried here, for a caller that schedules many requests and slows all of them down together
   * (the SBOM poll loop). Other failures are retried as usual.
   */
  readonly rateLimit?: 'retry' | 'caller'
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
  /**
   * The HTTP client for the base URL's origin when one was made before the transport (with the
   * connections opened before the action loaded); the transport closes it.
   */
  readonly http?: HttpClient
}

const ERROR_BODY_LIMIT = 300

/**
 * The one place that talks HTTP to the API: authentication, timeouts, retries, redirects and
 * response validation. Everything above it sees typed values or typed errors.
 */
export class Transport {
  private http: HttpClient | undefined
  private requestCount = 0
  /** Aborted by close(): what is still out then was only ever speculation. */
  private readonly closing = new AbortController()
  private sentFirst: () => void = ignore
  /**
   * Resolves once the first request has been handed to the network: work that can wait for the
   * network (loading modules needed later) starts then, so that it does not delay that request.
   */
  readonly firstRequestSent = new Promise<void>(resolve => (this.sentFirst = resolve))

  constructor(private readonly options: TransportOptions) {}

  /** Requests sent so far, retries included (benchmarks and tests read it). */
  get requestsSent(): number {
    return this.requestCount
  }

  async request<T>(given: RequestSpec<T>): Promise<T> {
    const closing = this.closing.signal
    const signal = given.signal ? AbortSignal.any([given.signal, closing]) : closing
    const spec: RequestSpec<T> = { ...given, signal }
    const request: RequestLabel = { method: spec.method, path: spec.path }
    const idempotent = spec.idempotent ?? spec.method !== 'POST'
    const { retry: policy } = this.options
    for (let attempt = 1; ; attempt++) {
      spec.signal?.throwIfAborted()
      const outcome = await this.attempt(spec, request, attempt, idempotent)
      if (outcome.kind === 'done') return outcome.value
      spec.signal?.throwIfAborted()
      if (
        spec.rateLimit === 'caller' &&
        outcome.outcome.kind === 'status' &&
        RATE_LIMIT_STATUSES.has(outcome.outcome.status)
      )
        throw outcome.error
      const retryable =
        attempt <= policy.retries && shouldRetry(outcome.outcome, idempotent, policy)
      if (!retryable) throw outcome.error
      const retryAfterMs =
        outcome.outcome.kind === 'status' ? outcome.outcome.retryAfterMs : undefined
      const delayMs = retryDelayMs(
        attempt,
        policy,
        retryAfterMs,
        this.options.random ?? Math.random
      )
      this.options.onRetry?.({
        request,
        retry: attempt,
        retries: policy.retries,
        delayMs,
        reason: describeOutcome(outcome.outcome)
      })
      const { sleep } = this.options
      await (sleep ?? abortableSleep)(delayMs, spec.signal)
    }
  }

  /**
   * Opens connections to the API until `count` have been opened ahead of the requests that will
   * need them (see WarmConnections).
   */
  preconnect(count: number): void {
    this.client().preconnect(count)
  }

  /**
   * Ends the transport's use: requests still in flight or waiting to be retried are cancelled
   * (they reject with a TransportClosedError), so that no speculative request or Retry-After
   * wait keeps the process alive once the run has what it needs; later requests fail at once.
   */
  async close(): Promise<void> {
    this.closing.abort(new TransportClosedError())
    const http = this.http ?? this.options.http
    this.http = undefined
    await http?.close()
  }

  private client(): HttpClient {
    // Built on first use, not at import: a run that fails on its inputs opens nothing here (and
    // closes what was opened before the action loaded).
    this.http ??= this.options.http ?? httpClientFor(new URL(this.options.baseUrl))
    return this.http
  }

  private async attempt<T>(
    spec: RequestSpec<T>,
    request: RequestLabel,
    attempt: number,
    idempotent: boolean
  ): Promise<{ kind: 'done'; value: T } | AttemptFailure> {
    const timeout = timeoutSignal(this.options.timeoutMs, spec.signal)
    try {
      return await this.send(spec, request, attempt, idempotent, timeout.signal)
    } finally {
      timeout.clear()
    }
  }

  private async send<T>(
    spec: RequestSpec<T>,
    request: RequestLabel,
    attempt: number,
    idempotent: boolean,
    /** The attempt's timeout, aborted too when the caller's signal aborts. */
    signal: AbortSignal
  ): Promise<{ kind: 'done'; value: T } | AttemptFailure> {
    this.requestCount++
    const networkFailure = (error: unknown): AttemptFailure => {
      // Cancelled by the caller, not a timeout: the caller no longer wants an answer.
      spec.signal?.throwIfAborted()
      const { code, detail } = classifyNetworkError(error, this.options.timeoutMs)
      const processed = !idempotent && mayHaveBeenProcessed(code)
      const failure = new NetworkError(request, code, this.redact(detail), attempt, processed)
      return { kind: 'failed', outcome: { kind: 'network', code }, error: failure }
    }
    const url = this.url(spec)
    let response: HttpResponse
    try {
      // Not `fetch`: fetch hands the body over through WHATWG streams, a copy and a chain of
      // promises per chunk, about 0.1 s of CPU per 60,000 findings. The client gives the bare
      // body: response-body.ts does what fetch did on top of it.
      response = await this.client().send(url, {
        method: spec.method,
        headers: this.headers(spec.body !== undefined, url),
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal,
        onSent: this.sentFirst
      })
    } catch (error) {
      return networkFailure(error)
    }
    // A body that breaks before anyone reads it (a decoder may start late) emits an error event
    // that nobody hears, and an unheard error event ends the process. Readers still get the error:
    // a stream keeps it, and StreamedBody asks for it with `finished`.
    response.body.on('error', ignore)
    const status = response.statusCode
    let body: Readable
    try {
      body = decodedBody(status, headerValue(response.headers, 'content-encoding'), response.body)
    } catch (error) {
      discard(response.body)
      return networkFailure(error)
    }
    // Only a success is streamed: error bodies are short and read whole for their message.
    const stream = succeeded(status) ? spec.stream : undefined
    if (stream) {
      try {
        return { kind: 'done', value: await this.decodeStream(stream, request, body) }
      } catch (error) {
        if (error instanceof BodyReadError) return networkFailure(error.cause)
        throw error
      } finally {
        // A decoder may stop before the end; the rest of the body would hold the connection.
        discard(body)
      }
    }
    let text: string
    try {
      text = await readText(body)
    } catch (error) {
      return networkFailure(error)
    }
    if (!succeeded(status)) {
      const retryAfterMs = parseRetryAfter(
        headerValue(response.headers, 'retry-after'),
        (this.options.now ?? Date.now)()
      )
      // Redact before serverMessage shortens the text: a cut could leave part of the token.
      // Only a 3xx is a redirect; a Location header on an error answer is not the reason.
      const location =
        status >= 300 && status < 400 ? headerValue(response.headers, 'location') : null
      const redacted = serverMessage(
        this.redact(text),
        location === null ? null : this.redact(location)
      )
      const hint = spec.hints?.[status] ?? defaultHint(status)
      const failure = new ApiError(request, status, redacted, attempt, hint, retryAfterMs)
      return {
        kind: 'failed',
        outcome: { kind: 'status', status, retryAfterMs },
        error: failure
      }
    }
    if (!spec.schema) throw new TypeError('unreachable: a streamed request is decoded above')
    return { kind: 'done', value: this.parse(spec.schema, spec.fast, request, text) }
  }

  private async decodeStream<T>(
    decode: StreamDecoder<T>,
    request: RequestLabel,
    body: Readable
  ): Promise<T> {
    try {
      return await decode(new StreamedBody(body))
    } catch (error) {
      // Problems can quote a received value, which a server may have echoed the token into.
      if (error instanceof SchemaError) {
        throw new SchemaError(
          request,
          error.problems.map(problem => this.redact(problem))
        )
      }
      throw error
    }
  }

  private parse<T>(
    schema: z.ZodType<T>,
    fast: ((json: unknown) => T | undefined) | undefined,
    request: RequestLabel,
    text: string
  ): T {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      const reason = errorText(error)
      throw new SchemaError(request, [
        `body: not valid JSON (${this.redact(reason).slice(0, 120)})`
      ])
    }
    const decoded = fast?.(json)
    if (decoded !== undefined) return decoded
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      // Issue messages can quote a received value, which a server may have echoed the token into.
      const problems = formatIssues(parsed.error.issues).map(problem => this.redact(problem))
      throw new SchemaError(request, problems)
    }
    return parsed.data
  }

  private url(spec: RequestSpec<unknown>): URL {
    const url = new URL(this.options.baseUrl + spec.path)
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue
      const values = Array.isArray(value) ? (value as readonly (string | number)[]) : [value]
      for (const item of values) url.searchParams.append(key, String(item))
    }
    return url
  }

  private headers(hasBody: boolean, url: URL): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      'accept-encoding': acceptEncoding(url),
      'user-agent': this.options.userAgent ?? 'findings-gate'
    }
    if (hasBody) headers['content-type'] = 'application/json'
    return headers
  }

  /**
   * Servers sometimes echo what they were sent; the token must not reach a log through them.
   * Public so that code validating a response outside the transport can redact its messages too.
   */
  redact(text: string): string {
    return redactSecret(text, this.options.token)
  }
}

/**
 * Like AbortSignal.timeout, but cleared once the request is answered: a pending
 * AbortSignal.timeout keeps the request's objects reachable until it fires, which over a thousand
 * SBOM polls in the timeout's span is tens of MB of heap. It also aborts, with the same reason, when
 * `parent` does. Not AbortSignal.any: that registers every attempt's signal with the long-lived
 * parent through a WeakRef and a FinalizationRegistry, which keeps each attempt's objects alive
 * through young-generation collections (thousands of SBOM polls grew the young generation).
 */
export function timeoutSignal(
  ms: number,
  parent?: AbortSignal
): { readonly signal: AbortSignal; clear(): void } {
  const controller = new AbortController()
  if (parent?.aborted) {
    controller.abort(parent.reason)
    return { signal: controller.signal, clear: ignore }
  }
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms
  )
  const follow = (): void => controller.abort(parent?.reason)
  parent?.addEventListener('abort', follow, { once: true })
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer)
      parent?.removeEventListener('abort', follow)
    }
  }
}

interface AttemptFailure {
  readonly kind: 'failed'
  readonly outcome: AttemptOutcome
  readonly error: ApiError | NetworkError
}

function ignore(): void {}

/** A request cancelled because the transport was closed. */
export class TransportClosedError extends Error {
  override readonly name = 'TransportClosedError'
  constructor() {
    super('the API client was closed before this request completed')
  }
}

/**
 * Only a 2xx is an answer to decode. A status the client could not read (0) or an interim one is
 * an error with its status, never a success whose body would be taken for the data.
 */
function succeeded(status: number): boolean {
  return status >= 200 && status < 300
}

/** A body that broke off while it was read: a network failure, not a decoding one. */
class BodyReadError extends Error {
  override readonly name = 'BodyReadError'
}

/**
 * The body's chunks for a decoder; a failure to read them is a BodyReadError, so that it is told
 * apart from the decoder's own errors. A body that broke before it was read still fails its
 * reader: `finished` reports what the stream already holds.
 */
class StreamedBody implements BodyChunks {
  private readonly chunks: Uint8Array[] = []
  private received = 0
  /** Set once the body has ended, or broken off (then with the error its readers get). */
  private outcome: { readonly error?: BodyReadError } | undefined
  /** Settles the read in progress if it can (one at a time); true once it has. */
  private pending: (() => boolean) | undefined
  private listening = false

  constructor(private readonly body: Readable) {}

  async head(bytes: number): Promise<number> {
    await this.readUntil(bytes, true)
    return this.received
  }

  async all(): Promise<Uint8Array[]> {
    await this.readUntil(Infinity, false)
    return this.chunks
  }

  private readUntil(bytes: number, pauseThen: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (): boolean => {
        if (this.outcome?.error) reject(this.outcome.error)
        else if (this.outcome || this.received >= bytes) {
          // Paused here, in the handler of the chunk that passed `bytes`, so no more flows.
          if (!this.outcome && pauseThen) this.body.pause()
          resolve()
        } else return false
        this.pending = undefined
        return true
      }
      if (settle()) return
      this.pending = settle
      this.listen()
    })
  }

  private listen(): void {
    if (this.listening) {
      this.body.resume()
      return
    }
    this.listening = true
    this.body.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk)
      this.received += chunk.length
      this.pending?.()
    })
    finished(this.body, error => {
      this.outcome = error
        ? { error: new BodyReadError('the body could not be read', { cause: error }) }
        : {}
      this.pending?.()
    })
  }
}

/** The length of a token prefix that is masked too: enough to be no coincidence. */
const SECRET_PREFIX_LENGTH = 8

/**
 * Masks every occurrence of `secret` with `***`, and also what is left of it where a message was
 * cut to a length limit (`"...got fgt_abcdef1234"`): any run that starts like the secret, at least
 * SECRET_PREFIX_LENGTH characters long.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4) return text
  const whole = text.split(secret).join('***')
  if (secret.length <= SECRET_PREFIX_LENGTH) return whole
  const prefix = secret.slice(0, SECRET_PREFIX_LENGTH)
  let out = ''
  let from = 0
  for (let at = whole.indexOf(prefix); at !== -1; at = whole.indexOf(prefix, from)) {
    let end = at + SECRET_PREFIX_LENGTH
    while (end < whole.length && whole[end] === secret[end - at]) end++
    out += `${whole.slice(from, at)}***`
    from = end
  }
  return out + whole.slice(from)
}

function describeOutcome(outcome: AttemptOutcome): string {
  return outcome.kind === 'status' ? `HTTP ${outcome.status}` : outcome.code
}

/** A short, single-line message out of an error body: JSON `error`/`message`, or HTML/text. */
export function serverMessage(body: string, location: string | null): string | undefined {
  if (location) return `redirected to ${location.slice(0, 200)}; set base-url to the final origin`
  const trimmed = body.trim()
  if (trimmed === '') return undefined
  try {
    const json: unknown = JSON.parse(trimmed)
    if (json && typeof json === 'object') {
      const record = json as Record<string, unknown>
      for (const key of ['error', 'message', 'detail', 'errors']) {
        const value = record[key]
        // `"error": null` or `"errors": []` next to a real message says nothing: skip it.
        if (isEmptyValue(value)) continue
        if (typeof value === 'string') return oneLine(value)
        return oneLine(JSON.stringify(value))
      }
    }
  } catch {
    // not JSON: fall through to text
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]
  const text = title ?? trimmed.replace(/<[^>]*>/g, ' ')
  return oneLine(text) || undefined
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  return typeof value === 'object' && Object.keys(value).length === 0
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_LIMIT)
}

interface NetworkFailure {
  readonly code: string
  readonly detail: string
}

const CLOSED_EARLY = 'connection closed by the server before the response was complete'

const CODE_DETAILS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  UND_ERR_SOCKET: CLOSED_EARLY,
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  [CONNECT_TIMEOUT_CODE]: 'connection timed out',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed while sending',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not name this host'
}

/**
 * node:http's names for a connection the server closed before its answer was whole: "socket hang
 * up" before the headers, "aborted" during the body. Both carry ECONNRESET, which a reset proper
 * (`read ECONNRESET`) carries too.
 */
function closedEarly(error: ErrorLike): boolean {
  return (
    error.code === 'ECONNRESET' &&
    (error.message === 'aborted' || error.message === 'socket hang up')
  )
}

interface ErrorLike {
  readonly name?: unknown
  readonly message?: unknown
  readonly code?: unknown
  readonly cause?: unknown
  /** Set by DNS failures: the name that did not resolve (the API's host, or a proxy's). */
  readonly hostname?: unknown
  /** Set by connection failures: where the connection went. */
  readonly address?: unknown
  readonly port?: unknown
}

/**
 * The host the failed lookup or connection was for, as the error itself records it: with a proxy
 * that is the proxy, which is exactly what someone checking HTTPS_PROXY / NO_PROXY needs to see.
 */
function peerOf(error: ErrorLike): string | undefined {
  if (typeof error.hostname === 'string' && error.hostname !== '') return error.hostname
  if (typeof error.address !== 'string' || error.address === '') return undefined
  return typeof error.port === 'number' ? `${error.address}:${error.port}` : error.address
}

/** Duck-typed: errors can come from another realm (DOMException, test VMs) and fail instanceof. */
function asErrorLike(value: unknown): ErrorLike | undefined {
  return value !== null && typeof value === 'object' ? value : undefined
}

/**
 * What went wrong, from the code that says so. `node:http` rejects with the socket's error
 * (`ECONNREFUSED`, `ECONNRESET`), undici's `request` (behind a proxy) with its own
 * (`UND_ERR_SOCKET`), `fetch` with a TypeError whose `cause` chain holds it, and a body that breaks
 * off with it as the cause of a BodyReadError: the chain is searched, so all read the same. An
 * abort of the request's signal rejects with the signal's reason, a DOMException; undici's own
 * RequestAbortedError is named AbortError too but carries a code (a proxy refusing the tunnel,
 * `UND_ERR_ABORTED`), so only an error without a string code is taken for the timeout.
 */
export function classifyNetworkError(error: unknown, timeoutMs: number): NetworkFailure {
  const top = asErrorLike(error)
  if (
    (top?.name === 'TimeoutError' || top?.name === 'AbortError') &&
    typeof top.code !== 'string'
  ) {
    return { code: 'TIMEOUT', detail: `no complete response within ${timeoutMs / 1000} s` }
  }
  let current = top
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current.code === 'string' && current.code !== 'UND_ERR') {
      const detail =
        (closedEarly(current) ? CLOSED_EARLY : CODE_DETAILS[current.code]) ??
        String(current.message)
      const peer = peerOf(current)
      return { code: current.code, detail: peer === undefined ? detail : `${detail}: ${peer}` }
    }
    current = asErrorLike(current.cause)
  }
  return {
    code: 'ENETWORK',
    detail: typeof top?.message === 'string' ? top.message : String(error)
  }
}
