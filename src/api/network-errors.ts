/**
 * What a failed exchange means to a user: the code and detail of a network failure, and a short
 * message out of an error body. The transport classifies with these; they hold no state.
 */
const ERROR_BODY_LIMIT = 300

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
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed while sending',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate not trusted (set NODE_EXTRA_CA_CERTS)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not name this host'
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
 * What went wrong, from the code that says so. undici rejects with the socket's error
 * (`ECONNREFUSED`) or its own (`UND_ERR_SOCKET`), sometimes as the `cause` of another error, and a
 * body that breaks off with it as the cause of a BodyReadError: the chain is searched. An
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
      const detail = CODE_DETAILS[current.code] ?? String(current.message)
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
