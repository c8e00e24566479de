/** HTTP plumbing: reading a request, sending an answer, the request log, listen and close. */
import { STATUS_CODES } from 'node:http'
import type http from 'node:http'
import type { Duplex } from 'node:stream'
import type { AddressInfo } from 'node:net'
import type { LoggedRequest } from './options.js'
import { ApiError, decodeSegment, type ApiResponse } from './request.js'

const MAX_BODY_BYTES = 5 * 1024 * 1024

/** Timers that close() can cut short, so a pending delay never outlives the emulator. */
export class TimerPool {
  private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>()

  sleep(ms: number): Promise<void> {
    if (!(ms > 0)) return Promise.resolve()
    return new Promise(resolve => {
      const entry = {
        timer: setTimeout(() => {
          this.pending.delete(entry)
          resolve()
        }, ms),
        resolve
      }
      this.pending.add(entry)
    })
  }

  releaseAll(): void {
    for (const entry of this.pending) {
      clearTimeout(entry.timer)
      entry.resolve()
    }
    this.pending.clear()
  }
}

export interface RawRequest {
  method: string
  rawPath: string
  path: string
  query: URLSearchParams
  text: string
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) reject(new ApiError(413, 'Request body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function readRequest(req: http.IncomingMessage): Promise<RawRequest> {
  const target = new URL(req.url ?? '/', 'http://emulator.invalid')
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    rawPath: target.pathname,
    path: decodeSegment(target.pathname),
    query: target.searchParams,
    text: await readBody(req)
  }
}

export function parseJsonText(text: string): { body: unknown; isJson: boolean } {
  if (text.trim() === '') return { body: undefined, isJson: true }
  try {
    return { body: JSON.parse(text) as unknown, isJson: true }
  } catch {
    return { body: text, isJson: false }
  }
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers))
    flat[name] = Array.isArray(value) ? value.join(', ') : value
  return flat
}

function queryRecord(query: URLSearchParams): Record<string, string[]> {
  const record: Record<string, string[]> = {}
  for (const [name, value] of query) (record[name] ??= []).push(value)
  return record
}

export interface PlainAnswer {
  status: number
  body: string | Buffer
  headers: Record<string, string>
}

export function jsonAnswer(response: ApiResponse): PlainAnswer {
  return {
    status: response.status,
    body: JSON.stringify(response.body),
    headers: { 'content-type': 'application/json', ...response.headers }
  }
}

/** A request log entry, as tests and the control surface see it. */
export function logEntry(raw: RawRequest, req: http.IncomingMessage, body: unknown): LoggedRequest {
  return {
    method: raw.method,
    path: raw.path,
    rawPath: raw.rawPath,
    query: queryRecord(raw.query),
    headers: flattenHeaders(req.headers),
    body,
    status: 0,
    receivedAt: Date.now()
  }
}

/**
 * The logged status of a request whose connection closed without an answer: the client gave up
 * on it (nginx logs that as 499), or a reset fault cut it.
 */
export const NO_ANSWER_STATUS = 499

/**
 * Notes the answer's status in the log entry once it is sent, or NO_ANSWER_STATUS once the
 * connection closed without one: no entry stays unanswered for good.
 */
export function recordStatus(entry: LoggedRequest, res: http.ServerResponse): void {
  res.on('finish', () => {
    entry.status = res.statusCode
    entry.answeredAt = Date.now()
  })
  res.on('close', () => {
    if (!res.writableFinished) entry.status = NO_ANSWER_STATUS
  })
}

/**
 * Sends the answer stamped with `date` (the server clock's, see clock.ts): node would stamp the
 * runner's clock. An answer that brings its own Date header (a fault's) keeps it.
 */
export function send(res: http.ServerResponse, answer: PlainAnswer, date: string): void {
  if (res.destroyed || res.writableEnded) return
  const ownDate = Object.keys(answer.headers).some(name => name.toLowerCase() === 'date')
  res.writeHead(answer.status, {
    ...(ownDate ? {} : { date }),
    'content-length': String(Buffer.byteLength(answer.body)),
    ...answer.headers
  })
  res.end(answer.body)
}

/** node's own answers to requests it cannot parse: 431 for oversized headers, 408 when too slow. */
const CLIENT_ERROR_STATUS = new Map([
  ['HPE_HEADER_OVERFLOW', 431],
  ['ERR_HTTP_REQUEST_TIMEOUT', 408]
])

/**
 * Answers a request node cannot parse as node does (400 unless CLIENT_ERROR_STATUS says
 * otherwise), but with the server clock's Date header: no answer carries the runner's time.
 */
export function answerClientErrors(server: http.Server, date: () => string): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const status = CLIENT_ERROR_STATUS.get(error.code ?? '') ?? 400
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nDate: ${date()}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`
    )
  })
}

/** Destroys the connection without an answer (what a reset or a crashed proxy looks like). */
export function resetConnection(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.destroy()
  req.socket.destroy()
}

export function listenOn(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise(resolve => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}
