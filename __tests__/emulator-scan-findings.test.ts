/**
 * Findings that belong to a scan: a ref's findings are those of its newest completed scan that ran
 * the product, so a finding naming its scan is listed (findings and secrets endpoints) only while
 * that scan is, on the server clock, the newest completed scan of its branch for the product.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { sastFinding, secretFinding } from '../emulator/data/factories.js'
import {
  findingsOfScan,
  startEmulator,
  type Emulator,
  type ScanRecord,
  type ScanSpec
} from '../emulator/server.js'
import { listedIds, listedSecretIds, scanById } from './helpers/emulator-http.js'
import { WEB_MAIN_OPEN_SAST } from './helpers/sample.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const MINUTE_MS = 60_000
const REPO = 'acme/api'
const BRANCH = 'refs/heads/release/7'
const ON_BRANCH = { repos: REPO, ref: BRANCH }

let emulator: Emulator
afterEach(() => emulator.close())

async function start(): Promise<Emulator> {
  emulator = await startEmulator({ now: NOW })
  return emulator
}

/** A scan of REPO's BRANCH that found `count` SAST, SCA and secrets findings each. */
function scanOf(count: number, spec: Partial<ScanSpec> = {}): ScanRecord {
  const many = <T>(make: (index: number) => T): T[] =>
    Array.from({ length: count }, (_, i) => make(i))
  return emulator.addScan({
    repository: REPO,
    branch: BRANCH,
    sast: many(i => ({ ruleName: `acme.rule-${i}` })),
    sca: many(i => ({ vulnerabilityIdentifier: `CVE-2026-${1000 + i}` })),
    secrets: many(i => ({ line: i + 1 })),
    ...spec
  })
}

/** What the lists show of BRANCH, per product, as sorted ids. */
async function listed(): Promise<{ sast: number[]; sca: number[]; secrets: number[] }> {
  const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b)
  const scanned = new Set(
    emulator.state.secrets.findings.filter(s => s.scanId !== undefined).map(s => s.id)
  )
  return {
    sast: sorted(await listedIds(emulator, ON_BRANCH)),
    sca: sorted(await listedIds(emulator, { ...ON_BRANCH, issue_type: 'sca' })),
    // The secrets list has no ref filter: the sample's acme/api secrets are left out here.
    secrets: sorted((await listedSecretIds(emulator, REPO)).filter(id => scanned.has(id)))
  }
}

/** The ids of a scan's findings, per product, sorted. */
function idsOf(record: ScanRecord): { sast: number[]; sca: number[]; secrets: number[] } {
  const { sast, sca, secrets } = findingsOfScan(emulator.state, record.id)
  const ids = (items: { id: number }[]): number[] => items.map(f => f.id).sort((a, b) => a - b)
  return { sast: ids(sast), sca: ids(sca), secrets: ids(secrets) }
}

const NONE = { sast: [], sca: [], secrets: [] }

describe('findings of a scan', () => {
  it('lists a running scan’s findings only once it completes, on its repository and branch', async () => {
    await start()
    const record = scanOf(2, { runningForMs: 60_000 })
    expect(idsOf(record).sast).toHaveLength(2)
    expect(await listed()).toEqual(NONE)
    // The server's clock passes the scan's end (as a wait of a minute would).
    record.runningUntil = emulator.serverNow().getTime() - 1
    expect(await listed()).toEqual(idsOf(record))
    const [first] = findingsOfScan(emulator.state, record.id).sast
    expect(first).toMatchObject({
      repository: { name: REPO },
      ref: BRANCH,
      scanId: record.id,
      firstSeenScanId: record.id,
      relevantSince: record.startedAt,
      lineOfCodeUrl: `https://github.com/acme/api/blob/${record.commit}/src/app/views.py#L10`
    })
    expect(findingsOfScan(emulator.state, record.id).secrets[0]?.commit).toBe(record.commit)
  })

  it('lists them when the server clock reaches the end of runningForMs', async () => {
    await start()
    const record = scanOf(1, { runningForMs: 2000 })
    expect(await listed()).toEqual(NONE)
    const end = record.runningUntil ?? 0
    await new Promise(resolve => setTimeout(resolve, end - emulator.serverNow().getTime() + 50))
    expect(await listed()).toEqual(idsOf(record))
  })

  it('replaces an older scan’s findings when a newer scan completes between two pages', async () => {
    await start()
    const old = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      startedAt: new Date(emulator.serverNow().getTime() - 30 * MINUTE_MS),
      sast: Array.from({ length: 150 }, (_, i) => ({ ruleName: `acme.old-${i}` }))
    })
    const newer = emulator.addScan({
      repository: REPO,
      branch: BRANCH,
      runningForMs: 60_000,
      sast: Array.from({ length: 130 }, (_, i) => ({ ruleName: `acme.new-${i}` }))
    })
    const page = (n: number): Promise<number[]> =>
      listedIds(emulator, { ...ON_BRANCH, page_size: '100', page: String(n) })
    const oldIds = new Set(idsOf(old).sast)
    const newIds = new Set(idsOf(newer).sast)
    const first = await page(0)
    expect(first).toHaveLength(100)
    expect(first.every(id => oldIds.has(id))).toBe(true)
    newer.runningUntil = emulator.serverNow().getTime() - 1
    const second = await page(1)
    expect(second).toHaveLength(30)
    expect(second.every(id => newIds.has(id))).toBe(true)
    expect([...(await page(0)), ...second].sort((a, b) => a - b)).toEqual(idsOf(newer).sast)
  })

  it('takes each product from the newest completed scan that ran it', async () => {
    await start()
    const at = (minutesAgo: number): Date =>
      new Date(emulator.serverNow().getTime() - minutesAgo * MINUTE_MS)
    const everything = scanOf(2, { startedAt: at(60) })
    const commit = 'c0ffee'.padEnd(40, '0')
    const sca = scanOf(3, {
      startedAt: at(20),
      commit,
      enabledProducts: ['sca'],
      sast: [],
      secrets: []
    })
    // Only the products a scan ran replace the older scan's: SAST and secrets stay the old ones.
    expect(await listed()).toEqual({ ...idsOf(everything), sca: idsOf(sca).sca })
    const sastAndSecrets = scanOf(4, {
      startedAt: at(10),
      commit,
      enabledProducts: ['sast', 'secrets'],
      sca: []
    })
    expect(await listed()).toEqual({ ...idsOf(sastAndSecrets), sca: idsOf(sca).sca })
    expect(sastAndSecrets.commit).toBe(sca.commit)
  })

  it('lists AI SAST findings of the newest completed scan that ran ai_sast, counted nowhere', async () => {
    await start()
    const at = (minutesAgo: number): Date =>
      new Date(emulator.serverNow().getTime() - minutesAgo * MINUTE_MS)
    const aiOf = async (): Promise<number[]> =>
      listedIds(emulator, { ...ON_BRANCH, issue_type: 'ai_sast' })
    const first = scanOf(0, {
      startedAt: at(60),
      enabledProducts: ['sast', 'sca', 'secrets', 'ai_sast'],
      aiSast: [{ severity: 'high' }]
    })
    const firstIds = findingsOfScan(emulator.state, first.id).aiSast.map(f => f.id)
    expect(firstIds).toHaveLength(1)
    expect(await aiOf()).toEqual(firstIds)
    // A newer scan that did not run it leaves them listed; one that ran it (any spelling) replaces them.
    scanOf(1, { startedAt: at(30), enabledProducts: ['sast', 'sca'] })
    expect(await aiOf()).toEqual(firstIds)
    const second = scanOf(0, {
      startedAt: at(10),
      enabledProducts: ['PRODUCT_AI_SAST'],
      aiSast: [{ severity: 'low' }, { severity: 'medium' }]
    })
    const secondIds = findingsOfScan(emulator.state, second.id).aiSast.map(f => f.id)
    expect([...(await aiOf())].sort((a, b) => a - b)).toEqual(secondIds)
    // findings_counts has no AI count: the scan that found two counts none of them.
    expect((await scanById(emulator, second))?.findings_counts).toEqual({ total: '0' })
  })

  it('reads enabled_products in the OpenAPI’s and the UI’s spellings', async () => {
    await start()
    const old = scanOf(1, { startedAt: new Date(emulator.serverNow().getTime() - 60 * MINUTE_MS) })
    const spelled = scanOf(1, { enabledProducts: ['PRODUCT_SAST', 'Supply_Chain', 'SECRETS'] })
    expect(await listed()).toEqual(idsOf(spelled))
    const code = scanOf(1, { enabledProducts: ['code'] })
    expect(await listed()).toEqual({ ...idsOf(spelled), sast: idsOf(code).sast })
    expect(idsOf(old).sast).toHaveLength(1)
  })

  it('keeps the findings of the last completed scan while a newer one fails, is cancelled or runs', async () => {
    await start()
    const done = scanOf(2, { startedAt: new Date(emulator.serverNow().getTime() - 60 * MINUTE_MS) })
    scanOf(1, { status: 'SCAN_STATUS_ERROR' })
    scanOf(1, { status: 'SCAN_STATUS_CANCELLED' })
    scanOf(1, { status: 'SCAN_STATUS_RUNNING' })
    scanOf(1, { runningForMs: 60_000 })
    expect(await listed()).toEqual(idsOf(done))
  })

  it('judges newest by completion: a scan that started earlier but completed later wins', async () => {
    await start()
    const now = emulator.serverNow().getTime()
    const late = scanOf(1, {
      startedAt: new Date(now - 30 * MINUTE_MS),
      completedAt: new Date(now - MINUTE_MS)
    })
    scanOf(1, {
      startedAt: new Date(now - 20 * MINUTE_MS),
      completedAt: new Date(now - 10 * MINUTE_MS)
    })
    expect(await listed()).toEqual(idsOf(late))
  })

  it('keeps findings that name no scan listed, and never lists one naming an unknown scan', async () => {
    await start()
    const web = { repos: 'acme/web', ref: 'refs/heads/main', status: 'open' }
    const sample = await listedIds(emulator, web)
    expect([...sample].sort((a, b) => a - b)).toEqual([...WEB_MAIN_OPEN_SAST].sort((a, b) => a - b))
    const record = emulator.addScan({
      repository: 'acme/web',
      branch: 'refs/heads/main',
      sast: [{ ruleName: 'acme.new' }]
    })
    const orphan = sastFinding({ scanId: 123, relevantSince: NOW })
    emulator.state.sastFindings.push(orphan)
    emulator.state.secrets.findings.push(secretFinding({ repository: REPO, scanId: 123 }))
    const after = await listedIds(emulator, web)
    expect([...after].sort((a, b) => a - b)).toEqual(
      [...sample, ...idsOf(record).sast].sort((a, b) => a - b)
    )
    expect(await listedIds(emulator, { repos: 'acme/web' })).not.toContain(orphan.id)
    expect(await listed()).toEqual(NONE)
  })

  it('refuses a scan of a repository the emulator does not serve, or with both end times', async () => {
    await start()
    expect(() => emulator.addScan({ repository: 'acme/nope', branch: BRANCH })).toThrow(
      "addScan: repository 'acme/nope' is not a project of the emulator"
    )
    expect(() =>
      emulator.addScan({ repository: REPO, branch: BRANCH, runningForMs: 1, completedAt: NOW })
    ).toThrow('addScan: give completedAt or runningForMs, not both')
    expect(() => emulator.addScan({ repository: REPO, branch: BRANCH, runningForMs: -1 })).toThrow(
      'addScan: runningForMs must be >= 0, got -1'
    )
    expect(emulator.state.scans.filter(s => s.branch === BRANCH)).toEqual([])
  })

  it('numbers test-made scans from 890000 and renders them in the scans search', async () => {
    await start()
    const record = scanOf(1, { commit: 'ab'.repeat(20), isFullScan: false })
    expect(record.id).toBeGreaterThanOrEqual(890_000)
    expect(await scanById(emulator, record)).toMatchObject({
      id: String(record.id),
      repository_id: String(record.repositoryId),
      branch: BRANCH,
      commit: 'ab'.repeat(20),
      status: 'SCAN_STATUS_COMPLETED',
      is_full_scan: false,
      exit_code: '1',
      enabled_products: ['sast', 'sca', 'secrets', 'ai_sast']
    })
    const clean = emulator.addScan({ repository: REPO, branch: BRANCH })
    expect(clean.id).toBe(record.id + 1)
    expect((await scanById(emulator, clean))?.exit_code).toBe('0')
  })
})
