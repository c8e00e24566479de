/**
 * The server's clock. A real server's clock is not the runner's: `clockOffsetMs` sets it ahead
 * (positive) or behind (negative), and everything the server says about time reads it: the Date
 * header of every answer, the times of scans made at run time, and when a running scan finishes.
 */

export interface ServerClock {
  /** Server time minus runner time, in ms. */
  readonly offsetMs: number
  /** Epoch ms on the server's clock. */
  nowMs(): number
}

export function serverClock(offsetMs = 0): ServerClock {
  if (!Number.isSafeInteger(offsetMs)) {
    throw new Error(`clockOffsetMs must be an integer number of milliseconds, got ${offsetMs}`)
  }
  return { offsetMs, nowMs: () => Date.now() + offsetMs }
}

/** An RFC 9110 IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`): what a Date header carries. */
export function httpDate(epochMs: number): string {
  return new Date(epochMs).toUTCString()
}
