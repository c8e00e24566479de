/**
 * A local emulator of the findings API: a real HTTP(S) server on 127.0.0.1 with the sample
 * deployment, strict request validation, both wire shapes, injectable faults and a separate
 * "object storage" server for signed SBOM download URLs.
 *
 * It is an independent implementation of the API description (plus what the live service is
 * known to do differently); it deliberately shares no code with the action in src/.
 *
 * This module is the server itself: listen, faults and latency around each request, the request
 * log. Routing is in routes.ts, each resource in api/, the data in data/.
 */
import http from 'node:http'
import https from 'node:https'
import type net from 'node:net'
import { downloadAnswer, s3Error, XML } from './api/sbom-download.js'
import { httpDate, serverClock, type ServerClock } from './clock.js'
import { handleControl } from './control.js'
import type { EmulatorState, ScanRecord } from './data/records.js'
import { buildState } from './data/sample.js'
import { addScanWithFindings, type ScanSpec } from './data/scan-with-findings.js'
import { faultAnswer, FaultList, type Fault } from './faults.js'
import {
  answerClientErrors,
  closeServer,
  jsonAnswer,
  listenOn,
  logEntry,
  parseJsonText,
  readRequest,
  resetConnection,
  recordStatus,
  send,
  TimerPool,
  type PlainAnswer,
  type RawRequest
} from './http.js'
import type { Emulator, EmulatorOptions, LoggedRequest } from './options.js'
import { ApiError, type Environment, type RequestContext } from './request.js'
import { dispatch } from './routes.js'
import type { WireShape } from './wire.js'

export type { WireShape } from './wire.js'
export type { Emulator, EmulatorOptions, LoggedRequest } from './options.js'
export type { Fault, FaultKind } from './faults.js'
export { NOT_FOUND_MESSAGE } from './request.js'
export { buildState } from './data/sample.js'
export { headScan, sampleCommit } from './data/sample-scans.js'
export { PR_REF } from './data/sample-findings.js'
export type { EmulatorState, ScanRecord, ScanStatus, SecretRecord } from './data/records.js'
export { addScanWithFindings, findingsOfScan, type ScanSpec } from './data/scan-with-findings.js'
export { httpDate, serverClock, type ServerClock } from './clock.js'
export {
  dependency,
  policyRule,
  project,
  sastFinding,
  scaFinding,
  scan,
  secretFinding
} from './data/factories.js'

export const DEFAULT_TOKEN = 'fg-emulator-token'

/** A findings page's identity: path, wire shape, credentials and the query in a fixed order. */
function findingsPageKey(ctx: RequestContext, shape: WireShape): string {
  const query = [...ctx.query.entries()].map(([name, value]) => `${name}=${value}`).sort()
  return [ctx.path, shape, ctx.headers.authorization ?? '', ...query].join('\n')
}

class EmulatorServer implements Emulator {
  readonly requests: LoggedRequest[] = []
  readonly downloads: LoggedRequest[] = []
  readonly state: EmulatorState
  readonly token: string
  url = ''
  downloadUrl = ''
  private currentShape: WireShape
  private readonly faults = new FaultList()
  private readonly timers = new TimerPool()
  private readonly latencyMs: number
  private readonly connectMs: number
  /** When each connection's handshakes would have ended (see EmulatorOptions.connectRoundTrips). */
  private readonly connectionReady = new WeakMap<object, number>()
  private readonly findingsPageSizeCap: number | undefined
  private readonly findingsPages: Map<string, PlainAnswer> | undefined
  private readonly apiServer: http.Server
  private readonly downloadServer: http.Server
  private closing = false
  private connectionsOpened = 0
  private connectionsOpen = 0

  private readonly dataNow: Date
  private readonly clock: ServerClock
  scansSearchIgnoresFilters: boolean

  /** `options.now` is set: the data and the server share one start time. */
  constructor(options: EmulatorOptions & { now: Date }, state: EmulatorState, clock: ServerClock) {
    this.state = state
    this.dataNow = options.now
    this.clock = clock
    this.scansSearchIgnoresFilters = options.scansSearchIgnoresFilters ?? false
    this.token = options.token ?? DEFAULT_TOKEN
    this.currentShape = options.shape ?? 'documented'
    this.latencyMs = options.latencyMs ?? 0
    this.connectMs = (options.connectRoundTrips ?? 0) * this.latencyMs
    this.findingsPageSizeCap = options.findingsPageSizeCap
    const cap = this.findingsPageSizeCap
    if (cap !== undefined && !(Number.isSafeInteger(cap) && cap >= 1)) {
      throw new Error(`findingsPageSizeCap must be a positive integer, got ${cap}`)
    }
    this.findingsPages = options.precomputedFindingsPages === true ? new Map() : undefined
    const api = (req: http.IncomingMessage, res: http.ServerResponse): void =>
      this.onApiRequest(req, res)
    const download = (req: http.IncomingMessage, res: http.ServerResponse): void =>
      this.onDownloadRequest(req, res)
    this.apiServer =
      options.tls === undefined ? http.createServer(api) : https.createServer(options.tls, api)
    this.downloadServer =
      options.tls === undefined
        ? http.createServer(download)
        : https.createServer(options.tls, download)
    for (const server of [this.apiServer, this.downloadServer])
      answerClientErrors(server, () => this.dateHeader())
    this.apiServer.on('connection', (socket: net.Socket) => {
      this.connectionsOpened++
      this.connectionsOpen++
      socket.once('close', () => this.connectionsOpen--)
    })
    if (this.connectMs > 0) {
      for (const server of [this.apiServer, this.downloadServer]) {
        if (options.tls === undefined) {
          server.on('connection', (socket: net.Socket) =>
            this.connectionReady.set(socket, performance.now() + this.connectMs)
          )
        } else {
          this.chargeTlsHandshakes(server)
        }
      }
    }
  }

  /**
   * Over TLS the round trips after the first (TCP's) are the TLS handshake's, which starts only
   * when the client gets to send its hello: a client busy when its connection opens pays them from
   * then. The handshake is timed by its end here (on loopback it takes no time of its own), and the
   * request arrives on the TLS socket, so the time the connection opened is carried over by its
   * peer address.
   */
  private chargeTlsHandshakes(server: http.Server): void {
    const openedAt = new Map<string, number>()
    const peer = (socket: net.Socket): string => `${socket.remoteAddress}:${socket.remotePort}`
    server.on('connection', (socket: net.Socket) => {
      const key = peer(socket)
      openedAt.set(key, performance.now())
      socket.once('close', () => openedAt.delete(key))
    })
    server.on('secureConnection', (socket: net.Socket) => {
      const now = performance.now()
      const opened = openedAt.get(peer(socket)) ?? now
      const tlsRoundTrips = this.connectMs - this.latencyMs
      this.connectionReady.set(socket, Math.max(opened + this.connectMs, now + tlsRoundTrips))
    })
  }

  get connections(): { opened: number; open: number } {
    return { opened: this.connectionsOpened, open: this.connectionsOpen }
  }

  get clockOffsetMs(): number {
    return this.clock.offsetMs
  }

  serverNow(): Date {
    return new Date(this.clock.nowMs())
  }

  /** The Date header of an answer sent now: the server clock's, not node's (the runner's). */
  private dateHeader(): string {
    return httpDate(this.clock.nowMs())
  }

  addScan(spec: ScanSpec): ScanRecord {
    return addScanWithFindings(this.state, spec, this.clock.nowMs())
  }

  get shape(): WireShape {
    return this.currentShape
  }

  async listen(port: number, secure: boolean): Promise<void> {
    const scheme = secure ? 'https' : 'http'
    this.url = `${scheme}://127.0.0.1:${await listenOn(this.apiServer, port)}`
    this.downloadUrl = `${scheme}://127.0.0.1:${await listenOn(this.downloadServer, 0)}`
  }

  setShape(shape: WireShape): void {
    this.currentShape = shape
  }

  addFault(fault: Fault): void {
    this.faults.add(fault)
  }

  clearFaults(): void {
    this.faults.clear()
  }

  async close(): Promise<void> {
    this.closing = true
    this.timers.releaseAll()
    await Promise.all([closeServer(this.apiServer), closeServer(this.downloadServer)])
  }

  private environment(): Environment {
    return {
      state: this.state,
      token: this.token,
      apiUrl: this.url,
      downloadUrl: this.downloadUrl,
      shape: () => this.currentShape,
      dataNow: this.dataNow,
      clock: this.clock,
      findingsPageSizeCap: this.findingsPageSizeCap,
      scansSearchIgnoresFilters: () => this.scansSearchIgnoresFilters
    }
  }

  private onApiRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.handleApi(req, res).catch((error: unknown) => {
      const status = error instanceof ApiError ? error.status : 500
      send(
        res,
        jsonAnswer({
          status,
          body: { error: error instanceof Error ? error.message : 'Internal error' }
        }),
        this.dateHeader()
      )
    })
  }

  /** Faults come first; reset-after-processing lets the handler change state, then cuts the line. */
  private async handleApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    await this.handshakes(req)
    const raw = await readRequest(req)
    if (raw.path.startsWith('/_emulator/')) return handleControl(this, raw, res, this.dateHeader())
    const { body, isJson } = parseJsonText(raw.text)
    const entry = this.log(this.requests, raw, req, body)
    recordStatus(entry, res)
    const fault = this.faults.take('api', raw.method, raw.path, raw.query, body)
    if (fault?.kind === 'reset') return resetConnection(req, res)
    if (fault?.kind === 'delay') await this.timers.sleep(fault.ms ?? 1000)
    const canned = fault === undefined ? undefined : faultAnswer(fault)
    const ctx: RequestContext = {
      method: raw.method,
      rawPath: raw.rawPath,
      path: raw.path,
      segments: raw.rawPath.split('/').slice(1),
      query: raw.query,
      headers: req.headers,
      body,
      bodyIsJson: isJson
    }
    const answer = canned ?? this.answer(ctx)
    if (fault?.kind === 'reset-after-processing') return resetConnection(req, res)
    await this.timers.sleep(this.latencyMs)
    if (this.closing) return resetConnection(req, res)
    send(res, answer, this.dateHeader())
  }

  /**
   * On loopback a request arrives as soon as its connection opens; over a real network it could
   * not have been sent before the handshakes ended. A connection opened ahead of its first request
   * has had that time already.
   */
  private handshakes(req: http.IncomingMessage): Promise<void> {
    const ready = this.connectionReady.get(req.socket)
    return ready === undefined ? Promise.resolve() : this.timers.sleep(ready - performance.now())
  }

  /** The answer to an API request; a findings page comes from the page cache when it is on. */
  private answer(ctx: RequestContext): PlainAnswer {
    const cache = this.findingsPages
    const key =
      cache !== undefined && ctx.method === 'GET' && ctx.path.endsWith('/findings')
        ? findingsPageKey(ctx, this.currentShape)
        : undefined
    const cached = key === undefined ? undefined : cache?.get(key)
    if (cached !== undefined) return cached
    const answer = jsonAnswer(dispatch(ctx, this.environment()))
    if (key !== undefined && answer.status === 200) {
      const bytes = { ...answer, body: Buffer.from(answer.body) }
      cache?.set(key, bytes)
      return bytes
    }
    return answer
  }

  private log(
    list: LoggedRequest[],
    raw: RawRequest,
    req: http.IncomingMessage,
    body: unknown
  ): LoggedRequest {
    const entry = logEntry(raw, req, body)
    list.push(entry)
    return entry
  }

  private onDownloadRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.handleDownload(req, res).catch(() =>
      send(
        res,
        {
          status: 500,
          body: s3Error('InternalError', 'We encountered an internal error.'),
          headers: XML
        },
        this.dateHeader()
      )
    )
  }

  /** The "object storage" behind signed URLs: it rejects any request carrying a bearer token. */
  private async handleDownload(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    await this.handshakes(req)
    const raw = await readRequest(req)
    const entry = this.log(this.downloads, raw, req, parseJsonText(raw.text).body)
    recordStatus(entry, res)
    const fault = this.faults.take('download', raw.method, raw.path)
    if (fault?.kind === 'reset' || fault?.kind === 'reset-after-processing')
      return resetConnection(req, res)
    if (fault?.kind === 'delay') await this.timers.sleep(fault.ms ?? 1000)
    // Object storage is as far away as the API: a download is one more round trip.
    await this.timers.sleep(this.latencyMs)
    if (this.closing) return resetConnection(req, res)
    const canned = fault === undefined ? undefined : faultAnswer(fault)
    const answer = canned ?? downloadAnswer(this.state, raw, req.headers, this.clock.nowMs())
    send(res, answer, this.dateHeader())
  }
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const clock = serverClock(options.clockOffsetMs)
  const started = { ...options, now: options.now ?? new Date(clock.nowMs()) }
  const emulator = new EmulatorServer(started, buildState(started), clock)
  await emulator.listen(options.port ?? 0, options.tls !== undefined)
  return emulator
}
