/**
 * The scans search over real HTTP: pages followed by cursor, both wire shapes, the server's clock
 * from its Date header, what each scan ran and found (findings_counts in every spelling seen), and
 * how the proven scan's count sizes the findings requests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { sampleCommit } from '../emulator/data/sample-scans.js'
import { scan } from '../emulator/data/factories.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { searchScans } from '../src/api/scans.js'
import type { Transport } from '../src/api/transport.js'
import { fetchFindings, type DataLocation } from '../src/collect/gate-data.js'
import type { ScanFindingsCounts } from '../src/domain.js'
import { PROJECT } from './helpers/sample.js'
import { emulatorTransport, quiesce } from './helpers/client.js'

const REPOSITORY = 'acme/counted'
const REF = 'refs/heads/main'
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'
const SCANS_PATH = '/api/v1/deployments/4242/scans/search'
const WHERE: DataLocation = { deploymentSlug: 'acme-corp', deploymentId: '4242' }

let emulator: Emulator
let transport: Transport

beforeAll(async () => {
  // 7,000 open SAST findings: pages 0 and 1 of 3,000 are full, page 2 holds the last 1,000.
  emulator = await startEmulator({ bulk: { repository: REPOSITORY, ref: REF, sast: 7000, sca: 0 } })
  transport = emulatorTransport(emulator, { timeoutMs: 20_000 })
})

afterAll(async () => {
  await transport.close()
  await emulator.close()
})

beforeEach(async () => {
  await quiesce(emulator)
  emulator.clearFaults()
  emulator.setShape('documented')
  emulator.requests.length = 0
})

/** A search answer of one completed scan with these findings_counts. */
function scanWith(findingsCounts: unknown): unknown {
  return {
    scans: [
      {
        id: '1',
        repository_id: '7',
        branch: REF,
        commit: 'a'.repeat(40),
        status: 'SCAN_STATUS_COMPLETED',
        findings_counts: findingsCounts
      }
    ]
  }
}

/**
 * 1,200 completed scans of `repositoryId` on main, one a minute back from now, their commits
 * numbered from 0 and padded with `pad`; removed again when `use` has run.
 */
async function withManyScans(
  repositoryId: number,
  pad: string,
  use: () => Promise<void>
): Promise<void> {
  const now = Date.now()
  const added = Array.from({ length: 1200 }, (_, i) =>
    scan({
      repositoryId,
      branch: REF,
      commit: i.toString(16).padStart(40, pad),
      startedAt: new Date(now - (i + 1) * 60_000)
    })
  )
  emulator.state.scans.push(...added)
  try {
    await use()
  } finally {
    emulator.state.scans = emulator.state.scans.filter(s => !added.includes(s))
  }
}

function repositoryId(): string {
  const project = emulator.state.projects.find(p => p.name === REPOSITORY)
  if (!project) throw new Error(`no project ${REPOSITORY}`)
  return String(project.id)
}

describe('searchScans', () => {
  it('follows the cursor through every page of 500, newest first', async () => {
    await withManyScans(2001, '0', async () => {
      const { scans } = await searchScans(transport, '4242', { repositoryId: '2001' })
      const generated = scans.filter(s => s.commit.startsWith('0000'))
      expect(generated).toHaveLength(1200)
      expect(generated[0]?.commit).toBe('0'.repeat(40))
      expect(generated.every(s => s.status === 'completed' && s.fullScan === true)).toBe(true)
      expect(
        emulator.requests.map(r => (r.body as { cursor?: string }).cursor !== undefined)
      ).toEqual([false, true, true])
      expect(emulator.requests[0]?.body).toEqual({
        deployment_id: '4242',
        repository_id: 2001,
        limit: 500
      })
    })
  })

  it('reads at most maxPages pages: the evidence is among the newest scans', async () => {
    await withManyScans(2002, '1', async () => {
      const { scans } = await searchScans(transport, '4242', { repositoryId: '2002' }, 1)
      expect(scans).toHaveLength(500)
      expect(emulator.requests).toHaveLength(1)
    })
  })

  it('sends the branch asked for, and reads the statuses and timestamps of both wire shapes', async () => {
    for (const shape of ['documented', 'live'] as const) {
      emulator.setShape(shape)
      const { scans } = await searchScans(transport, '4242', {
        repositoryId: String(PROJECT.web),
        branch: 'refs/heads/release'
      })
      expect(scans.map(s => [s.status, s.statusText])).toEqual([
        ['cancelled', 'SCAN_STATUS_CANCELLED']
      ])
      expect(typeof scans[0]?.startedAt).toBe('number')
    }
    expect(emulator.requests.map(r => (r.body as { branch?: string }).branch)).toEqual([
      'refs/heads/release',
      'refs/heads/release'
    ])
  })

  it("gives the server's clock from the Date header of its answer", async () => {
    const before = Date.now()
    const seen = await searchScans(transport, '4242', { repositoryId: repositoryId(), branch: REF })
    const after = Date.now()
    expect(seen.serverTime).toBeDefined()
    // The Date header has whole seconds.
    expect((seen.serverTime ?? 0) % 1000).toBe(0)
    expect(seen.serverTime).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(seen.serverTime).toBeLessThanOrEqual(after)
  })

  it('a Date header that is no date: no server time, the scans still read', async () => {
    emulator.addFault({
      kind: 'json',
      path: SCANS_PATH,
      headers: { date: 'yesterday' },
      body: scanWith({ code: '1' })
    })
    const seen = await searchScans(transport, '4242', { repositoryId: '7' })
    expect(seen.scans.map(s => s.id)).toEqual(['1'])
    expect(seen.serverTime).toBeUndefined()
  })

  it('reads what each scan ran', async () => {
    const head = emulator.state.scans.find(s => s.commit === sampleCommit(REPOSITORY, REF))
    if (!head) throw new Error('no head scan')
    const saved = head.enabledProducts
    head.enabledProducts = ['PRODUCT_SCA']
    try {
      const { scans } = await searchScans(transport, '4242', {
        repositoryId: repositoryId(),
        branch: REF
      })
      expect(scans.find(s => s.id === String(head.id))?.enabledProducts).toEqual(['PRODUCT_SCA'])
    } finally {
      head.enabledProducts = saved
    }
  })
})

describe('findings_counts', () => {
  it('the emulator counts what a completed scan found, as int64 strings', async () => {
    const { scans } = await searchScans(transport, '4242', {
      repositoryId: repositoryId(),
      branch: REF
    })
    const head = scans.find(s => s.commit === sampleCommit(REPOSITORY, REF))
    expect(head?.findingsCounts).toEqual({ sast: 7000, sca: 0, secrets: 0 })
    const wire = await (
      await fetch(`${emulator.url}${SCANS_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deployment_id: '4242', repository_id: Number(repositoryId()) })
      })
    ).json()
    expect((wire as { scans: { findings_counts: unknown }[] }).scans[0]?.findings_counts).toEqual({
      code: '7000',
      supply_chain: '0',
      secrets: '0',
      total: '7000'
    })
  })

  it('a scan still running has no count', async () => {
    const head = emulator.state.scans.find(s => s.commit === sampleCommit(REPOSITORY, REF))
    if (!head) throw new Error('no head scan')
    head.runningUntil = Date.now() + 3_600_000
    try {
      const { scans } = await searchScans(transport, '4242', {
        repositoryId: repositoryId(),
        branch: REF
      })
      const running = scans.find(s => s.id === String(head.id))
      expect(running?.status).toBe('running')
      expect(running?.findingsCounts).toBeUndefined()
    } finally {
      delete head.runningUntil
    }
  })

  it.each([
    [
      'int64 strings',
      { code: '12', supply_chain: '3', secrets: '0', total: '15' },
      { sast: 12, sca: 3, secrets: 0 }
    ],
    ['numbers', { code: 12, supply_chain: 3 }, { sast: 12, sca: 3 }],
    ['one product only', { secrets: '2' }, { secrets: 2 }],
    ['absent', undefined, undefined],
    ['null', null, undefined],
    ['an empty object', {}, undefined],
    ['not a number', { code: 'many', supply_chain: '3' }, { sca: 3 }],
    ['a negative number', { code: -1 }, undefined],
    ['not an object', 'twelve', undefined]
  ] as const)('as %s: read when it can be, and the scan still read', async (_, wire, counts) => {
    emulator.addFault({ kind: 'json', path: SCANS_PATH, body: scanWith(wire) })
    const {
      scans: [found]
    } = await searchScans(transport, '4242', { repositoryId: '7' })
    expect(found?.commit).toBe('a'.repeat(40))
    expect(found?.findingsCounts).toEqual(counts)
  })
})

describe('the count sizes the findings requests', () => {
  /** `status:page` of each findings request, sorted. */
  const lists = (): string[] =>
    emulator.requests
      .filter(r => r.path === FINDINGS_PATH)
      .map(r => `${r.query.status?.[0]}:${r.query.page?.[0]}`)
      .sort()

  /** The SAST findings of the repository, open and reviewing (or only open, with `since`). */
  async function fetchWith(counts?: ScanFindingsCounts, since?: number): Promise<number> {
    const found = await fetchFindings(
      transport,
      WHERE,
      {
        issueTypes: ['sast'],
        typesFromDefault: false,
        repository: REPOSITORY,
        ref: REF,
        status: since === undefined ? ['open', 'reviewing'] : ['open'],
        since
      },
      { warn: () => undefined, ...(counts ? { counts } : {}) }
    )
    await quiesce(emulator)
    return found.findings.length
  }

  it('with the scan count: the open list asks its pages at once, none past the empty one', async () => {
    // Page 1 answers late: page 2 and 3 go out before it is back, on the count alone.
    emulator.addFault({ kind: 'delay', ms: 500, path: FINDINGS_PATH, query: { page: '1' } })
    expect(await fetchWith({ sast: 7000 })).toBe(7000)
    // The count is per type, not per status: the reviewing list asks its first page; empty, it ends.
    expect(lists()).toEqual(['open:0', 'open:1', 'open:2', 'open:3', 'reviewing:0'])
    const at = (page: string): number =>
      emulator.requests.find(r => r.query.status?.[0] === 'open' && r.query.page?.[0] === page)
        ?.receivedAt ?? Number.NaN
    expect(at('3')).toBeLessThan(at('1') + 500)
  })

  it('without it: the first page and the next, then the window', async () => {
    expect(await fetchWith()).toBe(7000)
    // Pages 0 and 1 come back full, so pages 2 to 5 go out together; page 3 is the empty one.
    const open = lists().filter(list => list.startsWith('open:'))
    expect(open).toEqual(['open:0', 'open:1', 'open:2', 'open:3', 'open:4', 'open:5'])
  })

  it('with since, the count (which includes older findings) is not used', async () => {
    // A count far beyond the list: used, it would ask for twenty-one pages.
    expect(await fetchWith({ sast: 60_000 }, 0)).toBe(7000)
    expect(lists()).toEqual(['open:0', 'open:1', 'open:2', 'open:3', 'open:4', 'open:5'])
  })
})
