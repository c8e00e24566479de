/**
 * The deployment SBOM export against the emulator: every export started before any waits on
 * another, one poll loop that a rate limit slows down as a whole, failures kept per project.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.js'
import { exportSboms, type SbomSettings } from '../src/effects/sbom.js'
import { DEFAULT_LIMITS, type PipelineLimits } from '../src/effects/sbom-pipeline-settings.js'
import { listProjects } from '../src/api/projects.js'
import type { Project } from '../src/domain.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { Transport } from '../src/api/transport.js'
import { after } from '../src/time/sleep.js'

const EXPORT_PATH = '/api/v1/deployments/4242/sbom/export'

let emulator: Emulator | undefined
let transport: Transport | undefined
let dir: string | undefined

afterEach(async () => {
  await transport?.close()
  await emulator?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
  emulator = transport = dir = undefined
})

async function setUp(
  options: EmulatorOptions
): Promise<{ emulator: Emulator; transport: Transport }> {
  emulator = await startEmulator(options)
  transport = new Transport({
    baseUrl: emulator.url,
    token: emulator.token,
    timeoutMs: 10_000,
    retry: defaultRetryPolicy(3)
  })
  dir = await mkdtemp(join(tmpdir(), 'sbom-pipeline-'))
  return { emulator, transport }
}

function settings(out: string): SbomSettings {
  return {
    scope: 'deployment',
    format: 'cyclonedx',
    componentType: 'application',
    wait: true,
    waitTimeoutSeconds: 60,
    file: out,
    downloadTimeoutMs: 10_000,
    rateLimitRetries: 3
  }
}

/** Every project of the deployment; the list must not change while the test reads it. */
async function projectsOf(em: Emulator, tr: Transport): Promise<Project[]> {
  const warnings: string[] = []
  const projects = await listProjects(tr, em.state.deployment.slug, message =>
    warnings.push(message)
  )
  expect(warnings).toEqual([])
  return projects
}

async function exportAll(
  em: Emulator,
  tr: Transport,
  info: string[] = [],
  limits: PipelineLimits = DEFAULT_LIMITS
) {
  const projects = await projectsOf(em, tr)
  em.requests.length = 0
  const out = join(dir ?? tmpdir(), 'sboms')
  const outcome = await exportSboms(
    tr,
    em.state.deployment.id,
    projects,
    settings(out),
    {
      after,
      now: Date.now,
      mask: () => undefined,
      info: message => info.push(message)
    },
    limits
  )
  return { outcome, out, projects }
}

const at = (r: { receivedAt?: number }): number => r.receivedAt ?? Number.NaN

describe('deployment SBOM export pipeline', () => {
  it('starts all 40 exports before any of them is done: no project waits for another one', async () => {
    const { emulator: em, transport: tr } = await setUp({
      projects: 40,
      sbomExportMs: 2000,
      sbomPollsUntilDone: 0
    })
    const info: string[] = []
    const { outcome, out } = await exportAll(em, tr, info)

    expect(outcome.failure).toBeUndefined()
    expect(outcome.exports.map(e => e.status)).toEqual(Array(40).fill('completed'))
    expect((await readdir(out)).length).toBe(40)
    const posts = em.requests.filter(r => r.method === 'POST' && r.path === EXPORT_PATH)
    const polls = em.requests.filter(
      r => r.method === 'GET' && r.path.startsWith(`${EXPORT_PATH}/`)
    )
    expect(posts).toHaveLength(40)
    // Every export was started before the first one could have completed, and before any download.
    const lastPost = Math.max(...posts.map(at))
    expect(lastPost).toBeLessThan(Math.min(...posts.map(at)) + 2000)
    expect(lastPost).toBeLessThan(Math.min(...em.downloads.map(at)))
    // No poll before an export's duration had passed was wasted on 40 exports of equal length.
    expect(polls.length).toBeLessThanOrEqual(40 * 2)
    // Downloads overlap: they are not one lane after another, each after its own export.
    const downloads = em.downloads.map(at).sort((a, b) => a - b)
    expect(downloads).toHaveLength(40)
    expect((downloads[39] ?? 0) - (downloads[0] ?? 0)).toBeLessThan(2000)
    // Progress is counted, not told poll by poll: one closing line here (the run is < 10 s).
    expect(info).toEqual([
      expect.stringMatching(
        /^SBOM exports done after \d+ s: 40 project\(s\), 40 completed, 0 failed, \d+ poll\(s\)$/
      )
    ])
  })

  it('a 429 with Retry-After on one poll holds back every poll until it has passed', async () => {
    const { emulator: em, transport: tr } = await setUp({
      projects: 6,
      sbomExportMs: 0,
      sbomPollsUntilDone: 0
    })
    em.addFault({
      method: 'GET',
      path: /\/sbom\/export\/./,
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '2' },
      times: 1
    })
    const info: string[] = []
    const { outcome } = await exportAll(em, tr, info)

    expect(outcome.failure).toBeUndefined()
    expect(outcome.exports.every(e => e.status === 'completed')).toBe(true)
    const polls = em.requests.filter(
      r => r.method === 'GET' && r.path.startsWith(`${EXPORT_PATH}/`)
    )
    const limited = polls.find(r => r.status === 429)
    expect(limited).toBeDefined()
    const after = polls.filter(r => at(r) > at(limited ?? {}))
    // The rate-limited task and every other one: nothing polled until the 2 s had passed.
    expect(after.length).toBeGreaterThanOrEqual(1)
    for (const poll of after) expect(at(poll) - at(limited ?? {})).toBeGreaterThanOrEqual(1990)
    expect(polls).toHaveLength(7)
    expect(info).toContainEqual(
      'SBOM exports: the API answered HTTP 429; every start and poll waits 2.0 s'
    )
  })

  it('a 429 on a start is sent again after its Retry-After; nothing else is started meanwhile', async () => {
    const { emulator: em, transport: tr } = await setUp({
      projects: 5,
      sbomExportMs: 0,
      sbomPollsUntilDone: 0
    })
    em.addFault({
      method: 'POST',
      path: EXPORT_PATH,
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '1' },
      times: 1
    })
    // One start at a time, so every start after the 429 was sent after it was answered.
    const { outcome } = await exportAll(em, tr, [], { ...DEFAULT_LIMITS, startsInFlight: 1 })

    expect(outcome.failure).toBeUndefined()
    const posts = em.requests.filter(r => r.method === 'POST' && r.path === EXPORT_PATH)
    // 5 accepted + 1 answered 429, which proves the server did not start that export.
    expect(posts).toHaveLength(6)
    expect(em.state.sbomTasks.size).toBe(5)
    const limited = posts.findIndex(r => r.status === 429)
    const later = posts.slice(limited + 1)
    expect(later).toHaveLength(5 - limited)
    for (const post of later)
      expect(at(post) - at(posts[limited] ?? {})).toBeGreaterThanOrEqual(990)
  })

  it('one failed export among 30: the other 29 are downloaded and the failure is reported', async () => {
    const { emulator: em, transport: tr } = await setUp({
      projects: 30,
      sbomExportMs: 500,
      sbomPollsUntilDone: 0
    })
    const failing = em.state.projects[7]
    em.state.sbomFailRepositories.add(failing?.id ?? -1)
    const { outcome, out } = await exportAll(em, tr)

    expect(outcome.failure).toBe(
      `1 of 30 SBOM export(s) did not complete: ${failing?.name ?? '?'}: failed (Failed to export SBOM for ${failing?.name ?? '?'} at refs/heads/main: no completed full scan with dependency data was found)`
    )
    expect(outcome.exports.filter(e => e.status === 'completed')).toHaveLength(29)
    expect(outcome.exports[7]).toMatchObject({ project: failing?.name, status: 'failed' })
    expect((await readdir(out)).length).toBe(29)
    expect(em.downloads).toHaveLength(29)
  })

  it('a project listed twice is exported once: the second is an error, its file untouched', async () => {
    const { emulator: em, transport: tr } = await setUp({ projects: 3, sbomPollsUntilDone: 0 })
    const listed = await listProjects(tr, em.state.deployment.slug, () => undefined)
    const web = listed.find(p => p.name === 'acme/web')
    if (!web) throw new Error('the sample has no acme/web')
    const out = join(dir ?? tmpdir(), 'twice')
    em.requests.length = 0
    const outcome = await exportSboms(
      tr,
      em.state.deployment.id,
      [web, { ...web, name: 'acme/WEB' }],
      settings(out),
      { after, now: Date.now, mask: () => undefined, info: () => undefined }
    )

    const file = join(out, `${web.id}-acme__web.cdx.json`)
    const error = `not exported: its file ${join(out, `${web.id}-acme__WEB.cdx.json`)} is already the SBOM of acme/web (id ${web.id}) in this run, and a file is never overwritten`
    expect(outcome.exports).toEqual([
      { project: 'acme/web', taskToken: expect.any(String), status: 'completed', file },
      { project: 'acme/WEB', status: 'error', error }
    ])
    expect(outcome.failure).toBe(
      `1 of 2 SBOM export(s) did not complete: acme/WEB: error (${error})`
    )
    expect(await readdir(out)).toEqual([`${web.id}-acme__web.cdx.json`])
    expect(em.requests.filter(r => r.method === 'POST' && r.path === EXPORT_PATH)).toHaveLength(1)
  })

  it('logs progress counts every progressEveryMs, not a line per poll', async () => {
    const { emulator: em, transport: tr } = await setUp({
      projects: 12,
      sbomExportMs: 2500,
      sbomPollsUntilDone: 0
    })
    const projects = await projectsOf(em, tr)
    const info: string[] = []
    await exportSboms(
      tr,
      em.state.deployment.id,
      projects,
      settings(join(dir ?? tmpdir(), 'p')),
      { after, now: Date.now, mask: () => undefined, info: m => info.push(m) },
      { ...DEFAULT_LIMITS, progressEveryMs: 1000 }
    )
    const progress = info.filter(line => line.startsWith('SBOM exports after'))
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress.length).toBeLessThanOrEqual(6)
    expect(progress[0]).toMatch(
      /^SBOM exports after 1 s: 12 of 12 started, 0 completed, 0 failed, 12 waiting$/
    )
    expect(info.at(-1)).toMatch(
      /^SBOM exports done after \d+ s: 12 project\(s\), 12 completed, 0 failed, \d+ poll\(s\)$/
    )
  })
})
