/** What the client tests share: a transport to the emulator, and ways to wait for it to settle. */
import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { defaultRetryPolicy } from '../../src/api/retry.js'
import { Transport } from '../../src/api/transport.js'

export interface TestTransportOptions {
  readonly timeoutMs?: number
  /** Retries after the first attempt. */
  readonly retries?: number
  /** Each retry wait is recorded here and returns at once. */
  readonly sleeps?: number[]
  readonly now?: () => number
}

/**
 * A transport to the emulator whose retry waits return at once, with the jitter fixed at 0.5
 * (full jitter: the waits are half the backoff), so a test sees the waits it would have slept.
 */
export function emulatorTransport(
  emulator: Emulator,
  options: TestTransportOptions = {}
): Transport {
  const { sleeps } = options
  return new Transport({
    baseUrl: emulator.url,
    token: emulator.token,
    timeoutMs: options.timeoutMs ?? 10_000,
    retry: defaultRetryPolicy(options.retries ?? 2),
    sleep: ms => {
      sleeps?.push(ms)
      return Promise.resolve()
    },
    random: () => 0.5,
    ...(options.now ? { now: options.now } : {})
  })
}

export interface EmulatorClient {
  readonly emulator: Emulator
  readonly transport: Transport
}

/**
 * One emulator of the sample data for the test file, and a fresh transport to it for each test,
 * the request log and faults cleared before it.
 */
export function emulatorClient(options: TestTransportOptions = {}): EmulatorClient {
  let emulator: Emulator | undefined
  let transport: Transport | undefined
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator?.close()
  })
  beforeEach(() => {
    const started = startedOnly(emulator)
    started.requests.length = 0
    started.clearFaults()
    transport = emulatorTransport(started, options)
  })
  afterEach(async () => {
    await transport?.close()
  })
  return {
    get emulator() {
      return startedOnly(emulator)
    },
    get transport() {
      if (!transport) throw new Error('the transport is made for each test: use it inside one')
      return transport
    }
  }
}

function startedOnly(emulator: Emulator | undefined): Emulator {
  if (!emulator) throw new Error('the emulator is not started: use it inside a test')
  return emulator
}

/**
 * Requests may still be in flight after a test ended (the pages of a list that failed, a delayed
 * answer): let them land.
 */
export async function quiesce(emulator: Emulator, pollMs = 50): Promise<void> {
  let seen = -1
  while (seen !== emulator.requests.length || emulator.requests.some(r => r.status === 0)) {
    seen = emulator.requests.length
    await new Promise(resolve => setTimeout(resolve, pollMs))
  }
}

/** The emulator keeps handling a delayed request after the client gave up; wait for that. */
export async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !condition(); i++)
    await new Promise(resolve => setTimeout(resolve, 20))
}

/** Pages that come back only when the test says so, in any order (no HTTP). */
export function heldPages() {
  const requested: number[] = []
  const answers = new Map<number, (items: number[]) => void>()
  const fetchPage = (page: number): Promise<number[]> => {
    requested.push(page)
    return new Promise(resolve => answers.set(page, resolve))
  }
  const answer = async (page: number, items: number[]): Promise<void> => {
    answers.get(page)?.(items)
    await new Promise(resolve => setImmediate(resolve))
  }
  return { requested, fetchPage, answer }
}
