/**
 * The evidence stage against the emulator over HTTP: the scans search client, the polling
 * schedule (with a clock that does not really sleep) and the messages that end a wait.
 */
import { describe, expect, it } from '@jest/globals'
import { headScan, sampleCommit, scan } from '../emulator/server.js'
import { searchScans } from '../src/api/scans.js'
import type { Deployment, Project } from '../src/domain.js'
import { proveEvidence } from '../src/evidence/evidence.js'
import type { Clock } from '../src/evidence/prove-scan.js'
import { NoVerdictError } from '../src/errors.js'
import { failure } from './helpers/failure.js'
import { PROJECT } from './helpers/sample.js'
import { emulatorClient } from './helpers/client.js'

const MAIN_COMMIT = sampleCommit('acme/web', 'refs/heads/main')
const DEPLOYMENT: Deployment = { id: '4242', slug: 'acme-corp', name: 'Acme Corp' }
const WEB: Project = { id: PROJECT.web, name: 'acme/web', tags: [] }

const client = emulatorClient({ retries: 1 })

/** A clock whose sleeps return at once and move time on; `onSleep` runs after each. */
function virtualClock(onSleep: (sleeps: number) => void = () => undefined): Clock & {
  sleeps: number[]
} {
  let now = 1_000_000
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => now,
    sleep: ms => {
      sleeps.push(ms)
      now += ms
      onSleep(sleeps.length)
      return Promise.resolve()
    }
  }
}

const config = (overrides: Record<string, unknown> = {}) => ({
  requireScan: 'commit' as const,
  commit: MAIN_COMMIT,
  ref: 'refs/heads/main',
  repository: 'acme/web',
  scanWaitTimeoutSeconds: 600,
  ...overrides
})

describe('searchScans', () => {
  it('follows the cursor through every page of 500, newest first', async () => {
    const now = Date.now()
    for (let i = 0; i < 1200; i++) {
      client.emulator.state.scans.push(
        scan({
          repositoryId: 2001,
          branch: 'refs/heads/main',
          commit: i.toString(16).padStart(40, '0'),
          startedAt: new Date(now - (i + 1) * 60_000)
        })
      )
    }
    try {
      const scans = await searchScans(client.transport, '4242', { repositoryId: '2001' })
      const generated = scans.filter(s => s.commit.startsWith('0000'))
      expect(generated).toHaveLength(1200)
      expect(generated[0]?.commit).toBe('0'.repeat(40))
      expect(generated.every(s => s.status === 'completed' && s.fullScan === true)).toBe(true)
      expect(
        client.emulator.requests.map(r => (r.body as { cursor?: string }).cursor !== undefined)
      ).toEqual([false, true, true])
    } finally {
      client.emulator.state.scans = client.emulator.state.scans.filter(
        s => s.repositoryId !== 2001 || !s.commit.startsWith('0000')
      )
    }
  })

  it('reads the statuses and timestamps of both wire shapes', async () => {
    for (const shape of ['documented', 'live'] as const) {
      client.emulator.setShape(shape)
      const scans = await searchScans(client.transport, '4242', {
        repositoryId: String(PROJECT.web),
        branch: 'refs/heads/release'
      })
      expect(scans.map(s => [s.status, s.statusText])).toEqual([
        ['cancelled', 'SCAN_STATUS_CANCELLED']
      ])
      expect(typeof scans[0]?.startedAt).toBe('number')
    }
    client.emulator.setShape('documented')
  })
})

describe('proveEvidence: waiting', () => {
  it('waits with growing pauses from 2 s to about 30 s, and gives up at the timeout naming the running scan', async () => {
    const head = headScan(client.emulator.state, 'acme/web', 'refs/heads/main')
    if (!head) throw new Error('no head scan')
    head.runningUntil = Date.now() + 3_600_000
    const logs: string[] = []
    const clock = virtualClock()
    try {
      const error = await failure(
        proveEvidence(
          client.transport,
          Promise.resolve(DEPLOYMENT),
          Promise.resolve(WEB),
          config({ scanWaitTimeoutSeconds: 120 }),
          message => logs.push(message),
          clock
        )
      )
      expect(clock.sleeps).toEqual([
        2000, 3000, 4500, 6750, 10125, 15187.5, 22781.25, 30000, 25656.25
      ])
      expect(logs).toHaveLength(9)
      expect(logs[1]).toBe(
        `Waiting for the scan of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main: scan ${head.id} is SCAN_STATUS_RUNNING; next look in 3 s (2 s of 120 s waited)`
      )
      expect(error).toBeInstanceOf(NoVerdictError)
      expect((error as NoVerdictError).softenedBy).toBe('on-missing-scan')
      expect(error.message).toContain(
        `no completed scan of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main of acme/web after waiting 120 s; scan ${head.id} of it is still SCAN_STATUS_RUNNING;`
      )
      // One look per pause and one at the deadline; the exact spelling only, as it has the scan.
      expect(client.emulator.requests.filter(r => r.path.endsWith('/scans/search'))).toHaveLength(
        10
      )
    } finally {
      delete head.runningUntil
    }
  })

  it('judges as soon as the scan completes during the wait', async () => {
    const head = headScan(client.emulator.state, 'acme/web', 'refs/heads/main')
    if (!head) throw new Error('no head scan')
    head.runningUntil = Date.now() + 3_600_000
    const clock = virtualClock(sleeps => {
      if (sleeps === 2) head.runningUntil = Date.now() - 1
    })
    try {
      const evidence = await proveEvidence(
        client.transport,
        Promise.resolve(DEPLOYMENT),
        Promise.resolve(WEB),
        config(),
        () => undefined,
        clock
      )
      expect(clock.sleeps).toEqual([2000, 3000])
      expect(evidence).toMatchObject({
        mode: 'commit',
        branch: 'refs/heads/main',
        requestedRef: 'refs/heads/main',
        waitedSeconds: 5,
        scan: { id: String(head.id), commit: MAIN_COMMIT, status: 'completed' }
      })
    } finally {
      delete head.runningUntil
    }
  })

  it('a repository that is no project has never been scanned: a missing scan, softened by on-missing-scan', async () => {
    const { ProjectNotFoundError } = await import('../src/collect/gate-data.js')
    const missing = Promise.reject(new ProjectNotFoundError('acme/nope', DEPLOYMENT))
    const error = await failure(
      proveEvidence(
        client.transport,
        Promise.resolve(DEPLOYMENT),
        missing,
        config(),
        () => undefined
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-missing-scan')
    expect(client.emulator.requests).toEqual([])
  })

  it('a commit to prove that is unknown is no verdict, never a silent skip', async () => {
    const error = await failure(
      proveEvidence(
        client.transport,
        Promise.resolve(DEPLOYMENT),
        Promise.resolve(WEB),
        config({ commit: undefined }),
        () => undefined
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toBe(
      'require-scan is commit, but the commit whose scan to prove is unknown'
    )
    expect(client.emulator.requests).toEqual([])
  })

  it('require-scan: none proves nothing and asks nothing', async () => {
    const evidence = await proveEvidence(
      client.transport,
      Promise.resolve(DEPLOYMENT),
      Promise.resolve(WEB),
      config({ requireScan: 'none' }),
      () => undefined
    )
    expect(evidence).toBeUndefined()
    expect(client.emulator.requests).toEqual([])
  })
})
