/**
 * The early findings count (src/evidence/early-count.ts) against the emulator over HTTP: the
 * search of the deployment's newest scans of the ref, matched to the project, and the rule that
 * it only ever helps: a miss or a failure leaves the proof's count.
 */
import { describe, expect, it } from '@jest/globals'
import { sampleCommit, scan } from '../emulator/server.js'
import { searchScans } from '../src/api/scans.js'
import type { Deployment, Project, ScanFindingsCounts } from '../src/domain.js'
import { earlyFindingsCounts, expectedFindings, firstCount } from '../src/evidence/early-count.js'
import type { ScanEvidence } from '../src/evidence/evidence.js'
import type { ScanRequirement } from '../src/evidence/scan-judge.js'
import type { Transport } from '../src/api/transport.js'
import { PROJECT } from './helpers/sample.js'
import { emulatorClient, emulatorTransport } from './helpers/client.js'

const REF = 'refs/heads/main'
const WEB_COMMIT = sampleCommit('acme/web', REF)
const DEPLOYMENT: Deployment = { id: '4242', slug: 'acme-corp', name: 'Acme Corp' }
const WEB: Project = { id: PROJECT.web, name: 'acme/web', tags: [] }
const SCANS = '/api/v1/deployments/4242/scans/search'

const client = emulatorClient({ retries: 0 })

/** The count the proof reads: the repository's own search, its newest completed scan of the ref. */
async function provenCounts(repositoryId: number): Promise<ScanFindingsCounts | undefined> {
  const scans = await searchScans(client.transport, DEPLOYMENT.id, {
    repositoryId: String(repositoryId),
    branch: REF
  })
  return scans.find(s => s.status === 'completed')?.findingsCounts
}

const never = new Promise<never>(() => undefined)

/** The early count of acme/web, the deployment and the project known. */
function earlyCountOfWeb(
  requirement: ScanRequirement = { mode: 'ref', ref: REF },
  options: { transport?: Transport; signal?: AbortSignal } = {}
): Promise<ScanFindingsCounts | undefined> {
  return earlyFindingsCounts(
    options.transport ?? client.transport,
    Promise.resolve(DEPLOYMENT),
    Promise.resolve(WEB),
    requirement,
    options.signal
  )
}

describe('earlyFindingsCounts', () => {
  it("gives the project's scan's count from one search of the deployment's newest scans", async () => {
    const early = await earlyCountOfWeb({ mode: 'commit', ref: REF, commit: WEB_COMMIT })
    expect(early).toEqual(await provenCounts(PROJECT.web))
    expect(early?.sast).toBeGreaterThan(0)
    const searches = client.emulator.requests.filter(r => r.path === SCANS)
    expect(searches[0]?.body).toEqual({ deployment_id: '4242', branch: REF, limit: 100 })
  })

  it('asks before the project is known, and matches the answer to it once it is', async () => {
    let giveProject: (project: Project) => void = () => undefined
    const project = new Promise<Project>(resolve => (giveProject = resolve))
    const early = earlyFindingsCounts(client.transport, Promise.resolve(DEPLOYMENT), project, {
      mode: 'ref',
      ref: REF
    })
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(client.emulator.requests.map(r => r.path)).toEqual([SCANS])
    giveProject(WEB)
    expect(await early).toEqual(await provenCounts(PROJECT.web))
  })

  it("another repository's newer scan of the same commit and ref is not the project's", async () => {
    const apiCounts = await provenCounts(PROJECT.api)
    const webCounts = await provenCounts(PROJECT.web)
    expect(apiCounts).not.toEqual(webCounts)
    // A fork's scan carries the same commit, and is the newest of the deployment.
    const fork = scan({ repositoryId: PROJECT.api, branch: REF, commit: WEB_COMMIT }, new Date())
    fork.startedAt = new Date(Date.now() - 1000)
    client.emulator.state.scans.push(fork)
    try {
      const early = await earlyCountOfWeb({ mode: 'commit', ref: REF, commit: WEB_COMMIT })
      expect(early).toEqual(webCounts)
    } finally {
      client.emulator.state.scans = client.emulator.state.scans.filter(s => s !== fork)
    }
  })

  it('no completed scan of the commit among the newest: no count', async () => {
    const early = await earlyCountOfWeb({ mode: 'commit', ref: REF, commit: 'f'.repeat(40) })
    expect(early).toBeUndefined()
    expect(client.emulator.requests.filter(r => r.path === SCANS)).toHaveLength(1)
  })

  it.each([
    ['the search fails', { path: SCANS, kind: 'status' as const, status: 500 }],
    [
      'the search answers what is not a scans list',
      { path: SCANS, kind: 'json' as const, body: { scans: 'soon' } }
    ]
  ])('%s: no count, and nothing thrown', async (_, fault) => {
    client.emulator.addFault(fault)
    const early = await earlyCountOfWeb()
    expect(early).toBeUndefined()
  })

  it('the deployment or the project fails: no count, and no search without them', async () => {
    const failed = Promise.reject(new Error('no deployment'))
    expect(
      await earlyFindingsCounts(client.transport, failed, Promise.resolve(WEB), {
        mode: 'ref',
        ref: REF
      })
    ).toBeUndefined()
    expect(client.emulator.requests).toEqual([])
    const noProject = Promise.reject(new Error('no project'))
    expect(
      await earlyFindingsCounts(client.transport, Promise.resolve(DEPLOYMENT), noProject, {
        mode: 'ref',
        ref: REF
      })
    ).toBeUndefined()
  })

  it('cancelled: no search once the signal has fired, and a search in flight ends with no count', async () => {
    const done = AbortSignal.abort()
    const ref = { mode: 'ref', ref: REF } as const
    expect(await earlyCountOfWeb(ref, { signal: done })).toBeUndefined()
    expect(client.emulator.requests).toEqual([])
    client.emulator.addFault({ path: SCANS, kind: 'delay', ms: 10_000 })
    const moot = new AbortController()
    const early = earlyCountOfWeb(ref, { signal: moot.signal })
    setTimeout(() => moot.abort(), 50)
    expect(await early).toBeUndefined()
  })

  it('a rate limit is not waited out: one request, no count', async () => {
    const retrying = emulatorTransport(client.emulator, { retries: 3 })
    try {
      client.emulator.addFault({
        path: SCANS,
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: 'Too Many Requests' }
      })
      const early = await earlyCountOfWeb({ mode: 'ref', ref: REF }, { transport: retrying })
      expect(early).toBeUndefined()
      expect(client.emulator.requests.map(r => r.status)).toEqual([429])
    } finally {
      await retrying.close()
    }
  })
})

describe('expectedFindings', () => {
  const config = (overrides: Record<string, unknown> = {}) => ({
    requireScan: 'commit' as const,
    commit: WEB_COMMIT,
    ref: REF,
    repository: 'acme/web',
    scanWaitTimeoutSeconds: 0,
    deploymentSlug: undefined,
    deploymentId: undefined,
    since: undefined,
    ...overrides
  })
  /** The expected findings of acme/web, its project known. */
  const expectedOfWeb = (
    deployment: Promise<Deployment>,
    overrides: Record<string, unknown>,
    proof: Promise<ScanEvidence | undefined>
  ) =>
    expectedFindings(client.transport, deployment, Promise.resolve(WEB), config(overrides), proof)
  const proofWith = (counts: ScanFindingsCounts) =>
    Promise.resolve({ scan: { findingsCounts: counts } } as unknown as ScanEvidence)

  it('the deployment discovered: the early count, while the proof is still out', async () => {
    const expected = expectedOfWeb(Promise.resolve(DEPLOYMENT), {}, never)
    expect(await expected.counts).toEqual(await provenCounts(PROJECT.web))
    // the search is a request no list needs: the findings speculate one page less
    expect(expected.extraRequests).toBe(1)
  })

  it('the slug and the id set: the search goes out at once, under the set id, before the deployment is checked', async () => {
    const expected = expectedOfWeb(
      never,
      { deploymentSlug: 'acme-corp', deploymentId: '4242' },
      never
    )
    expect(await expected.counts).toEqual(await provenCounts(PROJECT.web))
    expect(client.emulator.requests.map(r => r.path)).toEqual([SCANS, SCANS])
    expect(expected.extraRequests).toBe(1)
  })

  it('the id set alone: the search waits for the deployment check (the project waits for it too)', async () => {
    let giveDeployment: (deployment: Deployment) => void = () => undefined
    const deployment = new Promise<Deployment>(resolve => (giveDeployment = resolve))
    const expected = expectedOfWeb(deployment, { deploymentId: '4242' }, never)
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(client.emulator.requests).toEqual([])
    giveDeployment(DEPLOYMENT)
    expect(await expected.counts).toEqual(await provenCounts(PROJECT.web))
  })

  it('a set id the token cannot read: no count from the search, the proof’s count instead', async () => {
    const expected = expectedOfWeb(
      never,
      { deploymentSlug: 'acme-corp', deploymentId: '999' },
      // the proof settles after the search has failed, not before (which would cancel it)
      new Promise(resolve => setTimeout(resolve, 300)).then(() => proofWith({ sast: 4 }))
    )
    expect(await expected.counts).toEqual({ sast: 4 })
    const searches = client.emulator.requests.filter(r => r.path.endsWith('/scans/search'))
    expect(searches.map(r => [r.path, r.status])).toEqual([
      ['/api/v1/deployments/999/scans/search', 404]
    ])
  })

  it('the early search misses: the proof’s count', async () => {
    const expected = expectedOfWeb(
      Promise.resolve(DEPLOYMENT),
      { commit: 'e'.repeat(40) },
      proofWith({ sast: 7 })
    )
    expect(await expected.counts).toEqual({ sast: 7 })
    expect(expected.extraRequests).toBe(1)
  })

  it.each([
    ['the slug alone is set (the proof is as early)', { deploymentSlug: 'acme-corp' }],
    ['since is set (no count is used)', { since: 1_700_000_000 }],
    ['no scan is required', { requireScan: 'none' }]
  ])('%s: no early search', async (_, overrides) => {
    const expected = expectedOfWeb(Promise.resolve(DEPLOYMENT), overrides, proofWith({ sca: 3 }))
    expect(await expected.counts).toEqual({ sca: 3 })
    expect(client.emulator.requests).toEqual([])
    expect(expected.extraRequests).toBe(0)
  })

  it('a failed proof and a failed search: no count, never a rejection', async () => {
    client.emulator.addFault({ path: SCANS, kind: 'status', status: 500 })
    const expected = expectedOfWeb(
      Promise.resolve(DEPLOYMENT),
      {},
      Promise.reject(new Error('unproven'))
    )
    await expect(expected.counts).resolves.toBeUndefined()
  })
})

describe('firstCount', () => {
  const later = <T>(value: T, ms: number): Promise<T> =>
    new Promise(resolve => setTimeout(() => resolve(value), ms))

  it('the first count given, not the first promise settled', async () => {
    expect(
      await firstCount([later(undefined, 1), later({ sast: 2 }, 20), later({ sast: 9 }, 40)])
    ).toEqual({ sast: 2 })
  })

  it('none given: undefined once all settled; rejections are no count', async () => {
    expect(await firstCount([later(undefined, 5), Promise.reject(new Error('x'))])).toBeUndefined()
    expect(await firstCount([])).toBeUndefined()
  })

  it('a count does not wait for the rest', async () => {
    expect(await firstCount([never, later({ sca: 1 }, 5)])).toEqual({ sca: 1 })
  })
})
