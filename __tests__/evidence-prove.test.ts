/**
 * Proving which scan each type's findings come from: proveScans over a scan source held in the
 * test (per-type outcomes, warnings and messages, waits on a clock that does not really sleep),
 * then the evidence stage against the emulator over HTTP (the scans search, the polling schedule,
 * the scans it will not use, and the proof again after the findings are read).
 */
import { describe, expect, it } from '@jest/globals'
import { headScan, sampleCommit, scan as scanRecord } from '../emulator/server.js'
import { ProjectNotFoundError } from '../src/collect/project.js'
import type { Project, Scan } from '../src/domain.js'
import {
  confirmEvidence,
  proveEvidence,
  provenCounts,
  requirementOf,
  scanGroups,
  scanLocation,
  type EvidenceConfig,
  type ScanLocation
} from '../src/evidence/evidence.js'
import {
  ago,
  proveScans,
  type ProveOptions,
  type ScanSource,
  type ScansLook,
  type WaitClock
} from '../src/evidence/prove-scan.js'
import type { ScanRequirement } from '../src/evidence/scan-judge.js'
import { NoVerdictError } from '../src/errors.js'
import { failure } from './helpers/failure.js'
import { PROJECT } from './helpers/sample.js'
import { emulatorClient } from './helpers/client.js'
import { ALL_TYPES, HEAD, HOUR, OLD, scanFactory } from './helpers/scans.js'

/** The server's clock in the tests without HTTP: far from the runner's, which must not be used. */
const SERVER_NOW = Date.UTC(2020, 0, 15, 12)
const ALL = ALL_TYPES

/** A clock whose sleeps return at once and move time on; `onSleep` runs after each. */
function virtualClock(onSleep: (sleeps: number) => void = () => undefined): WaitClock & {
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

describe('proveScans (no HTTP)', () => {
  /** A scan of main on the server's clock that ran every product, completed an hour ago. */
  const scan = scanFactory(SERVER_NOW, 100)

  /** Scans by spelling; each look returns `scans()` as they are then, and the calls it got. */
  function source(
    scans: () => Readonly<Record<string, readonly Scan[]>>,
    recent: readonly string[] = []
  ): ScanSource & { looks: string[] } {
    const looks: string[] = []
    return {
      looks,
      scansOf: branch => {
        looks.push(branch)
        const look: ScansLook = { scans: scans()[branch] ?? [], serverTime: SERVER_NOW }
        return Promise.resolve(look)
      },
      recentBranches: () => {
        looks.push('(recent)')
        return Promise.resolve(recent)
      }
    }
  }

  const commitOnMain: ScanRequirement = { mode: 'commit', commit: HEAD, ref: 'refs/heads/main' }

  function options(overrides: Partial<ProveOptions> = {}): ProveOptions & {
    logs: string[]
    warnings: string[]
  } {
    const logs: string[] = []
    const warnings: string[] = []
    return {
      repository: 'acme/web',
      types: ALL,
      typesFromDefault: true,
      timeoutSeconds: 0,
      log: message => logs.push(message),
      warn: message => warnings.push(message),
      logs,
      warnings,
      ...overrides
    }
  }

  it('proves each type on its own scan of the commit: an SCA-only scan and a Code and Secrets scan', async () => {
    const sca = scan({ commit: HEAD, enabledProducts: ['PRODUCT_SCA'] })
    const codeAndSecrets = scan({
      commit: HEAD,
      enabledProducts: ['PRODUCT_SAST', 'PRODUCT_SECRETS'],
      completedAt: SERVER_NOW - 2 * HOUR
    })
    const found = source(() => ({ 'refs/heads/main': [sca, codeAndSecrets] }))
    const opts = options()
    const evidence = await proveScans(found, commitOnMain, opts, virtualClock())
    expect(evidence).toEqual({
      mode: 'commit',
      branch: 'refs/heads/main',
      requestedRef: 'refs/heads/main',
      scans: new Map([
        ['sast', codeAndSecrets],
        ['sca', sca],
        ['secrets', codeAndSecrets]
      ]),
      waitedSeconds: 0,
      provenAt: SERVER_NOW
    })
    expect([...scanGroups(evidence)]).toEqual([
      [codeAndSecrets, ['sast', 'secrets']],
      [sca, ['sca']]
    ])
    expect(opts.warnings).toEqual([])
    // One look, at the spelling asked for: it had the commit.
    expect(found.looks).toEqual(['refs/heads/main'])
  })

  it('the newest scan of the commit ran only SCA: Code is proven on the Code scan of the commit', async () => {
    const code = scan({
      commit: HEAD,
      enabledProducts: ['code'],
      completedAt: SERVER_NOW - 3 * HOUR
    })
    const sca = scan({ commit: HEAD, enabledProducts: ['sca'] })
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [sca, code] })),
      commitOnMain,
      options({ types: ['sast', 'sca'], typesFromDefault: false }),
      virtualClock()
    )
    expect(evidence.scans).toEqual(
      new Map([
        ['sast', code],
        ['sca', sca]
      ])
    )
  })

  it('a newer scan of another commit that ran only SCA does not supersede Code', async () => {
    const ours = scan({
      commit: HEAD,
      enabledProducts: ['code'],
      completedAt: SERVER_NOW - 2 * HOUR
    })
    const newer = scan({ commit: OLD, enabledProducts: ['sca'] })
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [newer, ours] })),
      commitOnMain,
      options({ types: ['sast'], typesFromDefault: false }),
      virtualClock()
    )
    expect(evidence.scans.get('sast')).toBe(ours)
  })

  it('a type the user named without a scan is no verdict, naming the product and the newest scan', async () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code'] })
    const error = await failure(
      proveScans(
        source(() => ({ 'refs/heads/main': [code] })),
        commitOnMain,
        options({ types: ['sast', 'sca'], typesFromDefault: false }),
        virtualClock()
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-missing-scan')
    expect(error.message).toBe(
      `scan ${code.id} of commit aaaaaaa (products: code) did not run Supply Chain, and no other completed scan of commit aaaaaaa did, so the Supply Chain findings listed for the ref are not its; run Supply Chain on it, or leave sca out of issue-types`
    )
  })

  it('a type from the default without a scan is a warning naming it, and the others are judged', async () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code', 'secrets'] })
    const opts = options()
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [code] })),
      commitOnMain,
      opts,
      virtualClock()
    )
    expect([...evidence.scans.keys()]).toEqual(['sast', 'secrets'])
    expect(opts.warnings).toEqual([
      `Supply Chain findings were not judged: scan ${code.id} of commit aaaaaaa (products: code, secrets) did not run Supply Chain, and no other completed scan of commit aaaaaaa did; the other types were judged`
    ])
  })

  it('a failed scan of a type from the default: a warning naming the scan', async () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code'] })
    const scaFailed = scan({ commit: HEAD, status: 'error', enabledProducts: ['sca'] })
    const opts = options({ types: ['sast', 'sca'] })
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [code, scaFailed] })),
      commitOnMain,
      opts,
      virtualClock()
    )
    expect([...evidence.scans.keys()]).toEqual(['sast'])
    expect(opts.warnings).toEqual([
      `Supply Chain findings were not judged: scan ${scaFailed.id} of commit aaaaaaa ended SCAN_STATUS_ERROR; the other types were judged`
    ])
  })

  it('a failed scan of a type the user named: no verdict, re-run the scan', async () => {
    const failed = scan({ commit: HEAD, status: 'cancelled' })
    const error = await failure(
      proveScans(
        source(() => ({ 'refs/heads/main': [failed] })),
        commitOnMain,
        options({ types: ['sca'], typesFromDefault: false }),
        virtualClock()
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toBe(
      `scan ${failed.id} of commit aaaaaaa on refs/heads/main ended SCAN_STATUS_CANCELLED, so there are no Supply Chain findings of this commit to judge; re-run the scan (or set on-missing-scan: warn)`
    )
  })

  it('no type proven, even from the default: no verdict', async () => {
    const other = scan({ commit: OLD })
    const error = await failure(
      proveScans(
        source(() => ({ 'refs/heads/main': [other] })),
        commitOnMain,
        options(),
        virtualClock()
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toMatch(
      /^no completed scan of commit aaaaaaa on refs\/heads\/main of acme\/web ran Code; the newest scan of refs\/heads\/main is scan \d+ of commit bbbbbbb/
    )
  })

  it('a scan without enabled_products vouches for nothing: no verdict', async () => {
    const silent = scan({ commit: HEAD, enabledProducts: undefined })
    const error = await failure(
      proveScans(
        source(() => ({ 'refs/heads/main': [silent] })),
        commitOnMain,
        options(),
        virtualClock()
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toBe(
      `scan ${silent.id} of commit aaaaaaa (products: none given) did not run Code, and no other completed scan of commit aaaaaaa did, so the Code findings listed for the ref are not its; run Code on it, or leave sast out of issue-types`
    )
  })

  it('a superseded scan is no verdict even for a type from the default', async () => {
    const ours = scan({ commit: HEAD, completedAt: SERVER_NOW - 3 * HOUR })
    const newer = scan({ commit: OLD, enabledProducts: ['sca'], completedAt: SERVER_NOW - HOUR })
    const error = await failure(
      proveScans(
        source(() => ({ 'refs/heads/main': [newer, ours] })),
        commitOnMain,
        options(),
        virtualClock()
      )
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toBe(
      `the Supply Chain findings of refs/heads/main are now those of scan ${newer.id} of commit bbbbbbb (completed 1 h ago), which completed after scan ${ours.id} of the gated commit aaaaaaa: a newer push superseded this run; re-run it for the newest commit, or gate on the ref with require-scan: ref`
    )
  })

  it('waits while a scan of the commit that may run a missing type is running, then proves it', async () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code'] })
    let sca = scan({ commit: HEAD, status: 'running', enabledProducts: ['sca'] })
    const clock = virtualClock(sleeps => {
      if (sleeps === 2) sca = { ...sca, status: 'completed', statusText: 'SCAN_STATUS_COMPLETED' }
    })
    const opts = options({ types: ['sast', 'sca'], timeoutSeconds: 60 })
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [code, sca] })),
      commitOnMain,
      opts,
      clock
    )
    expect(clock.sleeps).toEqual([2000, 3000])
    expect(opts.logs).toEqual([
      `Waiting for the scan of commit aaaaaaa on refs/heads/main: scan ${sca.id} is SCAN_STATUS_RUNNING; next look in 2 s (0 s of 60 s waited)`,
      `Waiting for the scan of commit aaaaaaa on refs/heads/main: scan ${sca.id} is SCAN_STATUS_RUNNING; next look in 3 s (2 s of 60 s waited)`
    ])
    expect(evidence.waitedSeconds).toBe(5)
    expect(evidence.scans.get('sast')).toBe(code)
    expect(evidence.scans.get('sca')?.id).toBe(sca.id)
    expect(opts.warnings).toEqual([])
  })

  it('a scan still running at the timeout: a warning for a type from the default', async () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code'] })
    const sca = scan({ commit: HEAD, status: 'pending', enabledProducts: ['sca'] })
    const clock = virtualClock()
    const opts = options({ types: ['sast', 'sca'], timeoutSeconds: 4 })
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [code, sca] })),
      commitOnMain,
      opts,
      clock
    )
    expect(clock.sleeps).toEqual([2000, 2000])
    expect([...evidence.scans.keys()]).toEqual(['sast'])
    expect(opts.warnings).toEqual([
      `Supply Chain findings were not judged: scan ${sca.id} of commit aaaaaaa, which may run Supply Chain, is still SCAN_STATUS_PENDING; the other types were judged`
    ])
  })

  it('a running scan that does not run the missing type is not waited for', async () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code'] })
    const moreCode = scan({ commit: HEAD, status: 'running', enabledProducts: ['code'] })
    const clock = virtualClock()
    const opts = options({ types: ['sast', 'sca'], timeoutSeconds: 600 })
    await proveScans(
      source(() => ({ 'refs/heads/main': [code, moreCode] })),
      commitOnMain,
      opts,
      clock
    )
    expect(clock.sleeps).toEqual([])
    expect(opts.warnings).toHaveLength(1)
  })

  it('no scan of the commit recorded yet: waits for one to appear, within the timeout', async () => {
    let scans: Scan[] = [scan({ commit: OLD })]
    const head = scan({ commit: HEAD })
    const clock = virtualClock(sleeps => {
      if (sleeps === 1) scans = [...scans, head]
    })
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': scans })),
      commitOnMain,
      options({ timeoutSeconds: 60 }),
      clock
    )
    expect(clock.sleeps).toEqual([2000])
    expect(evidence.scans.get('sast')).toBe(head)
  })

  it('looks at the other spelling only when the first has nothing to judge', async () => {
    const bare = scan({ commit: HEAD, branch: 'main' })
    const found = source(() => ({ 'refs/heads/main': [], main: [bare] }))
    const evidence = await proveScans(found, commitOnMain, options(), virtualClock())
    expect(found.looks).toEqual(['refs/heads/main', 'main'])
    expect(evidence.branch).toBe('main')
    expect(evidence.requestedRef).toBe('refs/heads/main')
    expect(evidence.scans.get('sca')).toBe(bare)
  })

  it("no scan of any spelling: the message names the repository's recent branches", async () => {
    const found = source(() => ({}), ['refs/heads/develop', 'experiment'])
    const error = await failure(proveScans(found, commitOnMain, options(), virtualClock()))
    expect(error.message).toBe(
      'no completed scan of commit aaaaaaa on refs/heads/main of acme/web ran Code; the repository has no scan of refs/heads/main or main; its recent scans record "refs/heads/develop", "experiment". Check that a scan runs on this event and that this job waits for it (needs: on the scan job); for managed scans raise scan-wait-timeout-seconds; or set require-scan: ref or none'
    )
    expect(found.looks).toEqual(['refs/heads/main', 'main', '(recent)'])
  })

  it('require-scan ref: the newest completed scan of each type, never a wait', async () => {
    const running = scan({ commit: HEAD, status: 'running' })
    const older = scan({ commit: OLD, completedAt: SERVER_NOW - 3 * HOUR })
    const sca = scan({ commit: 'c'.repeat(40), enabledProducts: ['sca'] })
    const clock = virtualClock()
    const evidence = await proveScans(
      source(() => ({ 'refs/heads/main': [running, sca, older] })),
      { mode: 'ref', ref: 'refs/heads/main' },
      options({ timeoutSeconds: 600 }),
      clock
    )
    expect(clock.sleeps).toEqual([])
    expect(evidence.mode).toBe('ref')
    expect(evidence.scans).toEqual(
      new Map([
        ['sast', older],
        ['sca', sca],
        ['secrets', older]
      ])
    )
  })

  it('require-scan ref outside GitHub: looks at every spelling and judges the one scanned last', async () => {
    const ci = scan({ commit: OLD, completedAt: SERVER_NOW - 3 * HOUR })
    const laptop = scan({ commit: HEAD, branch: 'main', completedAt: SERVER_NOW - HOUR })
    const found = source(() => ({ 'refs/heads/main': [ci], main: [laptop] }))
    const evidence = await proveScans(
      found,
      { mode: 'ref', ref: 'refs/heads/main' },
      { ...options(), outsideGitHub: true },
      virtualClock()
    )
    expect(found.looks).toEqual(['refs/heads/main', 'main'])
    expect(evidence.branch).toBe('main')
    expect(evidence.scans.get('sast')).toBe(laptop)
  })

  it('require-scan ref on GitHub: only the spelling gated, never a bare one scanned later', async () => {
    const push = scan({ commit: OLD, completedAt: SERVER_NOW - 3 * HOUR })
    // What pull_request_target records for a fork's head branch named main.
    const fork = scan({ commit: HEAD, branch: 'main', completedAt: SERVER_NOW - HOUR })
    const found = source(() => ({ 'refs/heads/main': [push], main: [fork] }))
    const evidence = await proveScans(
      found,
      { mode: 'ref', ref: 'refs/heads/main' },
      options(),
      virtualClock()
    )
    expect(found.looks).toEqual(['refs/heads/main'])
    expect(evidence.branch).toBe('refs/heads/main')
    expect(evidence.scans.get('sast')).toBe(push)
  })

  it('ago is measured on the server clock it is given, never the runner clock', () => {
    const done = scan({ commit: HEAD, completedAt: SERVER_NOW - 3 * HOUR })
    expect(ago(done, SERVER_NOW)).toBe('completed 3 h ago')
    expect(ago(done, SERVER_NOW + 3 * 24 * HOUR)).toBe('completed 3 d ago')
    const running = scan({ commit: HEAD, status: 'running', startedAt: SERVER_NOW - 5 * 60_000 })
    expect(ago(running, SERVER_NOW)).toBe('started 5 min ago')
    // Without the server's clock: the time itself, no age.
    expect(ago(done, undefined)).toBe(`completed ${new Date(SERVER_NOW - 3 * HOUR).toISOString()}`)
    expect(
      ago(scan({ commit: HEAD, startedAt: undefined, completedAt: undefined }), SERVER_NOW)
    ).toBe('time unknown')
  })
})

describe('the evidence stage over HTTP', () => {
  const client = emulatorClient({ retries: 1 })
  const MAIN_COMMIT = sampleCommit('acme/web', 'refs/heads/main')
  const WEB: Project = { id: PROJECT.web, name: 'acme/web', tags: [] }
  const WHERE: ScanLocation = { deploymentId: '4242', repositoryId: PROJECT.web }

  const config = (overrides: Partial<EvidenceConfig> = {}): EvidenceConfig => ({
    requireScan: 'commit',
    commit: MAIN_COMMIT,
    ref: 'refs/heads/main',
    repository: 'acme/web',
    scanWaitTimeoutSeconds: 600,
    issueTypes: ['sast', 'sca', 'secrets'],
    typesFromDefault: true,
    ...overrides
  })

  function log(): {
    info: (m: string) => void
    warn: (m: string) => void
    infos: string[]
    warnings: string[]
  } {
    const infos: string[] = []
    const warnings: string[] = []
    return {
      infos,
      warnings,
      info: message => infos.push(message),
      warn: message => warnings.push(message)
    }
  }

  function head(): NonNullable<ReturnType<typeof headScan>> {
    const found = headScan(client.emulator.state, 'acme/web', 'refs/heads/main')
    if (!found) throw new Error('no head scan')
    return found
  }

  it('proves the head scan of the commit for every type, and says which scan is judged', async () => {
    const logged = log()
    const evidence = await proveEvidence(client.transport, WHERE, config(), logged)
    const id = String(head().id)
    expect([...evidence.scans].map(([type, scan]) => [type, scan.id])).toEqual([
      ['sast', id],
      ['sca', id],
      ['secrets', id]
    ])
    expect(evidence.provenAt).toBeDefined()
    expect(logged.infos).toEqual([
      `Judging the Code, Supply Chain, Secrets findings of scan ${id} of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main (SCAN_STATUS_COMPLETED, completed 2 h ago)`
    ])
    // What the head scan found sizes the findings requests.
    const counts = provenCounts(evidence)
    expect(Object.keys(counts)).toEqual(['sast', 'sca', 'secrets'])
    expect(counts.sast).toBeGreaterThan(0)
  })

  it('waits with growing pauses from 2 s to about 30 s, and gives up at the timeout naming the running scan', async () => {
    const running = head()
    running.runningUntil = Date.now() + 3_600_000
    const logged = log()
    const clock = virtualClock()
    try {
      const error = await failure(
        proveEvidence(
          client.transport,
          WHERE,
          config({ scanWaitTimeoutSeconds: 120 }),
          logged,
          clock
        )
      )
      expect(clock.sleeps).toEqual([
        2000, 3000, 4500, 6750, 10125, 15187.5, 22781.25, 30000, 25656.25
      ])
      expect(logged.infos).toHaveLength(9)
      expect(logged.infos[1]).toBe(
        `Waiting for the scan of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main: scan ${running.id} is SCAN_STATUS_RUNNING; next look in 3 s (2 s of 120 s waited)`
      )
      expect(error).toBeInstanceOf(NoVerdictError)
      expect((error as NoVerdictError).softenedBy).toBe('on-missing-scan')
      expect(error.message).toContain(
        `no completed scan of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main of acme/web ran Code after waiting 120 s; scan ${running.id} of it is still SCAN_STATUS_RUNNING;`
      )
      // One look per pause and one at the deadline; the exact spelling only, as it has the scan.
      expect(client.emulator.requests.filter(r => r.path.endsWith('/scans/search'))).toHaveLength(
        10
      )
    } finally {
      delete running.runningUntil
    }
  })

  it('judges as soon as the scan completes during the wait', async () => {
    const running = head()
    running.runningUntil = Date.now() + 3_600_000
    const clock = virtualClock(sleeps => {
      if (sleeps === 2) running.runningUntil = Date.now() - 1
    })
    try {
      const evidence = await proveEvidence(client.transport, WHERE, config(), log(), clock)
      expect(clock.sleeps).toEqual([2000, 3000])
      expect(evidence).toMatchObject({
        mode: 'commit',
        branch: 'refs/heads/main',
        requestedRef: 'refs/heads/main',
        waitedSeconds: 5
      })
      expect(evidence.scans.get('sast')).toMatchObject({
        id: String(running.id),
        commit: MAIN_COMMIT,
        status: 'completed'
      })
    } finally {
      delete running.runningUntil
    }
  })

  it('scans of other repositories or branches the server returns are not used, and counted in the log', async () => {
    const other = scanRecord({
      repositoryId: PROJECT.web + 1,
      branch: 'refs/heads/main',
      commit: MAIN_COMMIT,
      startedAt: new Date()
    })
    const elsewhere = scanRecord({
      repositoryId: PROJECT.web,
      branch: 'refs/heads/other',
      commit: MAIN_COMMIT,
      startedAt: new Date()
    })
    // A server that ignores the search's filters: the whole list for any search.
    const wire = (record: typeof other): Record<string, unknown> => ({
      id: String(record.id),
      repository_id: String(record.repositoryId),
      branch: record.branch,
      commit: record.commit,
      status: 'SCAN_STATUS_COMPLETED',
      started_at: record.startedAt.toISOString(),
      completed_at: new Date().toISOString(),
      enabled_products: ['sast', 'sca', 'secrets']
    })
    client.emulator.addFault({
      kind: 'json',
      path: '/api/v1/deployments/4242/scans/search',
      body: { scans: [wire(other), wire(elsewhere)] },
      times: Infinity
    })
    const logged = log()
    const error = await failure(
      proveEvidence(client.transport, WHERE, config({ scanWaitTimeoutSeconds: 0 }), logged)
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(logged.infos).toContain(
      `The scans search returned 2 scan(s) of other repositories or branches than repository ${PROJECT.web} on "refs/heads/main"; they were not used`
    )
  })

  it('confirmEvidence: still the newest completed scan of each type, nothing said', async () => {
    const evidence = await proveEvidence(client.transport, WHERE, config(), log())
    await expect(confirmEvidence(client.transport, WHERE, evidence, log())).resolves.toBeUndefined()
  })

  it('confirmEvidence: a scan that completed while the findings were read is no verdict, naming it', async () => {
    const evidence = await proveEvidence(client.transport, WHERE, config(), log())
    const newer = scanRecord({
      repositoryId: PROJECT.web,
      branch: 'refs/heads/main',
      commit: 'c'.repeat(40),
      enabledProducts: ['PRODUCT_SCA'],
      startedAt: new Date(),
      completedAt: new Date()
    })
    client.emulator.state.scans.push(newer)
    try {
      const error = await failure(confirmEvidence(client.transport, WHERE, evidence, log()))
      expect(error).toBeInstanceOf(NoVerdictError)
      expect((error as NoVerdictError).softenedBy).toBe('on-missing-scan')
      const proven = String(head().id)
      expect(error.message).toBe(
        `scan ${newer.id} of commit ccccccc completed on refs/heads/main while the findings were read, so the Supply Chain findings may be its, not those of scan ${proven} of commit ${MAIN_COMMIT.slice(0, 7)}; run the step again`
      )
      // Code was judged on its own scan, which a scan that ran only SCA does not replace.
      const codeOnly = await proveEvidence(
        client.transport,
        WHERE,
        config({ issueTypes: ['sast'], typesFromDefault: false, requireScan: 'ref' }),
        log()
      )
      expect(codeOnly.scans.get('sast')?.id).toBe(proven)
      await expect(
        confirmEvidence(client.transport, WHERE, codeOnly, log())
      ).resolves.toBeUndefined()
    } finally {
      client.emulator.state.scans = client.emulator.state.scans.filter(s => s.id !== newer.id)
    }
  })

  it('a repository that is no project has never been scanned: a missing scan, softened by on-missing-scan', async () => {
    const missing = Promise.reject(
      new ProjectNotFoundError('acme/nope', { id: '4242', slug: 'acme-corp', name: 'Acme Corp' })
    )
    const error = await failure(scanLocation('4242', missing))
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-missing-scan')
    expect(error.message).toContain(
      'repository "acme/nope" is not a project of deployment acme-corp'
    )
    const unknown = await failure(scanLocation('4242', undefined))
    expect(unknown).toBeInstanceOf(NoVerdictError)
    await expect(scanLocation('4242', Promise.resolve(WEB))).resolves.toEqual(WHERE)
    expect(client.emulator.requests).toEqual([])
  })

  it('another failure of the project lookup is not turned into a missing scan', async () => {
    const broken = new Error('lookup failed')
    await expect(scanLocation('4242', Promise.reject(broken))).rejects.toBe(broken)
  })

  it('a commit to prove that is unknown is no verdict, never a silent skip', async () => {
    const error = await failure(
      proveEvidence(client.transport, WHERE, config({ commit: undefined }), log())
    )
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toBe(
      'require-scan is commit, but the commit whose scan to prove is unknown'
    )
    expect(client.emulator.requests).toEqual([])
  })

  it('require-scan: none asks for no proof', () => {
    expect(requirementOf(config({ requireScan: 'none' }))).toBeUndefined()
    expect(requirementOf(config({ requireScan: 'ref' }))).toEqual({
      mode: 'ref',
      ref: 'refs/heads/main'
    })
    expect(requirementOf(config())).toEqual({
      mode: 'commit',
      ref: 'refs/heads/main',
      commit: MAIN_COMMIT
    })
  })
})
