/** What an emulator is started with, and what a started emulator offers its tests. */
import type { EmulatorState, PoliciesV1, ScanRecord } from './data/records.js'
import type { ScanSpec } from './data/scan-with-findings.js'
import type { Fault } from './faults.js'
import type { WireShape } from './wire.js'

export interface EmulatorOptions {
  token?: string
  shape?: WireShape
  /** Added to every API response (benchmarks). */
  latencyMs?: number
  /**
   * Round trips a new connection costs before its first request can be sent, each latencyMs long
   * (the real API is HTTPS: TCP and TLS 1.3 take two), counted from when it opened. Over TLS the
   * ones after the first count from the end of the TLS handshake when that came later: a client
   * sends its hello only when its event loop gets to it. Requests on a connection held open since
   * then do not wait again. Default 0: a connection is ready at once.
   */
  connectRoundTrips?: number
  port?: number
  tls?: { key: string | Buffer; cert: string | Buffer }
  seed?: 'sample' | 'empty'
  /** Extra generated open findings in one repository and ref. */
  bulk?: { repository: string; ref: string; sast: number; sca: number }
  /** GETs of an export answered IN_PROGRESS before it settles; default 1. */
  sbomPollsUntilDone?: number
  /** An export answers IN_PROGRESS until this long after it was created (and its polls are used). */
  sbomExportMs?: number
  /**
   * Serve this many projects: the sample's (254), then generated ones (scale.ts); the bulk
   * repository, when it is not among them, is listed after them.
   */
  projects?: number
  /**
   * The server's clock runs this many ms ahead of the runner's (negative: behind): server time is
   * Date.now() + clockOffsetMs, on every request. It stamps the Date header of every answer (API
   * and downloads), times the scans made at run time (addScan), decides when a scan with
   * `runningUntil` (scanRunningMs, addScan's runningForMs) completes and which scan's findings
   * are listed. Default 0.
   */
  clockOffsetMs?: number
  /**
   * Base for the sample data's relative timestamps (findings "2 days ago", scans "2 hours ago"),
   * fixed at start: it does not tick. Default: the server clock at start (new Date() shifted by
   * clockOffsetMs), so the sample is recent on the server's clock. A fixed `now` and the clock
   * are independent; the scans search's 30-day window counts back from `now`.
   */
  now?: Date
  /**
   * The head scan of acme/web on refs/heads/main stays RUNNING this long after start (on the
   * server clock), then COMPLETED (a managed scan the gate has to wait for).
   */
  scanRunningMs?: number
  /**
   * Findings pages hold at most this many items whatever page_size asks for, and `page` counts
   * pages of this size: a server that caps page_size silently below what was asked.
   */
  findingsPageSizeCap?: number
  /**
   * Each findings page is rendered once, at its first request, and its bytes served as they are
   * after that (benchmarks: the clients wait on the network, not on page generation). Later
   * changes to the state do not show in a page already served.
   */
  precomputedFindingsPages?: boolean
  /**
   * A misbehaving server: scans/search ignores repository_id, branch and statuses and lists the
   * deployment's newest scans of every repository and branch (past 30 days; limit and cursor
   * still apply, bad values still answer 400). Switch it at run time with
   * Emulator.scansSearchIgnoresFilters.
   */
  scansSearchIgnoresFilters?: boolean
  /** The deprecated v1 policies endpoints: served, or retired (see EmulatorState.policiesV1). */
  policiesV1?: PoliciesV1
}

export interface LoggedRequest {
  method: string
  /** Decoded pathname. */
  path: string
  /** Pathname exactly as received (keeps `%2F`). */
  rawPath: string
  query: Record<string, string[]>
  headers: Record<string, string | undefined>
  /** Parsed JSON, the raw text when it is not JSON, undefined when empty. */
  body: unknown
  /** 0 while unanswered; 499 once the connection closed without an answer (NO_ANSWER_STATUS). */
  status: number
  /** The runner's wall-clock ms when the request was read (not the server clock; ordering tests). */
  receivedAt?: number
  /** The runner's wall-clock ms when the answer was sent; absent while unanswered. */
  answeredAt?: number
}

export interface Emulator {
  readonly url: string
  readonly downloadUrl: string
  readonly token: string
  readonly state: EmulatorState
  readonly requests: LoggedRequest[]
  readonly downloads: LoggedRequest[]
  readonly shape: WireShape
  /** API connections opened since start, and those open now (the downloads' not counted). */
  readonly connections: { readonly opened: number; readonly open: number }
  /** Server clock offset from the runner's, in ms (EmulatorOptions.clockOffsetMs). */
  readonly clockOffsetMs: number
  /** What the server's clock says now: Date.now() + clockOffsetMs. */
  serverNow(): Date
  /** Settable at run time; see EmulatorOptions.scansSearchIgnoresFilters. */
  scansSearchIgnoresFilters: boolean
  /**
   * Adds a scan and the findings it found (data/scan-with-findings.ts), its times on the server
   * clock; returns the scan record (ids from 890_000).
   */
  addScan(spec: ScanSpec): ScanRecord
  setShape(shape: WireShape): void
  addFault(fault: Fault): void
  clearFaults(): void
  close(): Promise<void>
}
