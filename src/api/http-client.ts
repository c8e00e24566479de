/**
 * The one HTTP exchange the transport needs: send a request, get the status, the headers and the
 * body as a Node Readable. A direct connection goes through `node:http`/`node:https`; a proxied one
 * through undici, loaded only then.
 *
 * Why not undici for everything: the action is CPU-bound at low latency, and undici costs it twice.
 * Loading it takes about 35 ms before the first request can go out, and its parser hands each body
 * chunk over from WebAssembly memory: reading the 22 pages of 60,000 findings took about 350 ms of
 * CPU through undici's `request` against about 305 ms through `node:http` (medians of eight runs,
 * docs/benchmark-history.md). Behind a proxy undici's ProxyAgent tunnels as the Actions toolkit
 * does, so that path keeps it.
 */
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { getProxyUrl } from '@actions/http-client/lib/proxy'
import type { Dispatcher } from 'undici'
import { CONNECT_TIMEOUT_CODE } from './retry.js'
import { warmConnections } from './warm-connections.js'

export interface HttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT'
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
  /** Aborting rejects the request, or destroys its body, with the signal's reason. */
  readonly signal: AbortSignal
  /** Called once the request has been handed to the network (through undici: once answered). */
  readonly onSent?: () => void
}

export interface HttpResponse {
  readonly statusCode: number
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** Read it, or destroy it: until then it holds its connection. */
  readonly body: Readable
}

export interface HttpClient {
  /** Never follows a redirect: one could carry the token to another origin. */
  send(url: URL, request: HttpRequest): Promise<HttpResponse>
  /**
   * Opens connections until `count` have been opened ahead of the requests that will need them
   * (see WarmConnections). Through a proxy it does nothing: the handshakes there are the proxy's.
   */
  preconnect(count: number): void
  /** Closes the connections this client opened; closing it again does nothing more. */
  close(): Promise<void>
}

/**
 * How long a new connection may take to open before the attempt fails as not sent (and so is
 * retried, even for a POST): undici's connect timeout, which this transport had before.
 */
export const CONNECT_TIMEOUT_MS = 10_000

/**
 * The client for one origin: through the proxy the Actions toolkit would use for it
 * (`HTTPS_PROXY`/`HTTP_PROXY`, `NO_PROXY`, loopback never proxied), else direct.
 */
export function httpClientFor(origin: URL): HttpClient {
  if (getProxyUrl(origin) === undefined) return directClient(origin)
  return proxiedClient(async () => (await import('./dispatcher.js')).dispatcherFor(origin))
}

/** Keep-alive connections without a limit per host, as undici's Agent keeps them. */
function directClient(origin: URL): HttpClient {
  const secure = origin.protocol === 'https:'
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true })
  const open = secure ? https.request : http.request
  const warm = warmConnections(agent, origin)
  return {
    preconnect: count => warm.preconnect(count),
    send: (url, request) =>
      new Promise<HttpResponse>((resolve, reject) => {
        const { signal } = request
        // The signal's own reason, passed on whatever it is, as undici rejects: the transport tells
        // a timeout from a cancellation by it (node's `signal` option rejects with an AbortError).
        const reason = (): Error => signal.reason as Error
        if (signal.aborted) {
          reject(reason())
          return
        }
        const headers =
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
        const outgoing = open(url, { method: request.method, headers, agent })
        let response: IncomingMessage | undefined
        const abort = (): void => {
          response?.destroy(reason())
          outgoing.destroy(reason())
          reject(reason())
        }
        const release = (): void => signal.removeEventListener('abort', abort)
        signal.addEventListener('abort', abort, { once: true })
        outgoing.on('socket', socket => {
          if (!socket.connecting) return
          const timer = setTimeout(() => outgoing.destroy(connectTimeout(url)), CONNECT_TIMEOUT_MS)
          const clear = (): void => clearTimeout(timer)
          socket.once('connect', clear)
          socket.once('close', clear)
        })
        if (request.onSent) outgoing.once('finish', request.onSent)
        outgoing.on('error', error => {
          release()
          reject(error)
        })
        outgoing.on('response', incoming => {
          response = incoming
          incoming.once('close', release)
          resolve({
            statusCode: incoming.statusCode ?? 0,
            // Every value of a repeated header, as fetch keeps them: `headers` would keep only the
            // first Retry-After of two, and wait on a value fetch would not have read.
            headers: incoming.headersDistinct,
            body: incoming
          })
        })
        outgoing.end(request.body)
      }),
    close: () => {
      warm.close()
      agent.destroy()
      return Promise.resolve()
    }
  }
}

function connectTimeout(url: URL): Error {
  return Object.assign(new Error(`connect timed out after ${CONNECT_TIMEOUT_MS / 1000} s`), {
    code: CONNECT_TIMEOUT_CODE,
    hostname: url.hostname
  })
}

/** undici's `request` over the proxy's dispatcher, made on first use and closed with the client. */
function proxiedClient(make: () => Promise<Dispatcher>): HttpClient {
  let dispatcher: Promise<Dispatcher> | undefined
  let closed: Promise<void> | undefined
  return {
    preconnect: () => undefined,
    async send(url, request) {
      dispatcher ??= make()
      const [{ request: send }, through] = await Promise.all([import('undici'), dispatcher])
      const response = await send(url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        maxRedirections: 0,
        signal: request.signal,
        dispatcher: through
      })
      request.onSent?.()
      return { statusCode: response.statusCode, headers: response.headers, body: response.body }
    },
    close() {
      closed ??= dispatcher?.then(opened => opened.close()) ?? Promise.resolve()
      return closed
    }
  }
}
