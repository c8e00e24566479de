/**
 * The orchestration (src/main.ts) in process: `run()` with a recording runner against the
 * emulator, so every stage is real but what the run says is read from the runner, not stdout.
 * The concurrent-failure cases run each pair of failures in both orders (one answers at once, the
 * other after a Retry-After second) and expect the same message: which error is reported must
 * not depend on which request failed first.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmulator, type Emulator, type Fault } from '../emulator/server.js'
import { MAX_CONNECTIONS } from '../src/api/dispatcher.js'
import { run } from '../src/main.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { baseInputs, NORMAL_OUTPUTS, RELAXED } from './helpers/e2e.js'
import { until } from './helpers/wait.js'
import { sampleCommit } from '../emulator/server.js'

const FINDINGS = '/api/v1/deployments/acme-corp/findings'
const SCANS = '/api/v1/deployments/4242/scans/search'
/** The block-mode list of the SAST findings, read beside the full lists. */
const BLOCK_LIST = { policies: 'rule-board-block' }
const DEPENDENCIES = '/api/v1/deployments/4242/dependencies'
const TAGS = /^\/api\/v1\/deployments\/acme-corp\/projects\/acme(\/|%2F)web\/tags$/
const SBOM_EXPORT = '/api/v1/deployments/4242/sbom/export'

/**
 * Jest gives each test file its own copy of `process`, which never hears Node's events; a
 * function made in the host realm (as Jest's `setTimeout` is) reaches the real one.
 */
const hostProcess = (setTimeout.constructor as (body: string) => () => NodeJS.Process)(
  'return process'
)()

let emulator: Emulator
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason)
}

beforeAll(async () => {
  emulator = await startEmulator()
  hostProcess.on('unhandledRejection', onUnhandled)
})
afterAll(async () => {
  hostProcess.off('unhandledRejection', onUnhandled)
  await emulator.close()
})
beforeEach(() => {
  emulator.clearFaults()
  emulator.requests.length = 0
  unhandled.length = 0
})
afterEach(async () => {
  // A rejection nobody handled is reported once the microtasks run out: give it a turn.
  await new Promise(resolve => setTimeout(resolve, 20))
  expect(unhandled).toEqual([])
})

/** Runs the action on acme/web main (the commit of its sample scan) with these inputs on top. */
async function runGate(inputs: Record<string, string> = {}): Promise<RecordingRunner> {
  const runner = new RecordingRunner({
    inputs: {
      ...baseInputs(emulator),
      commit: sampleCommit('acme/web', 'refs/heads/main'),
      ...inputs
    }
  })
  await run({ now: new Date(), env: {}, eventName: 'push' }, runner)
  return runner
}

/** A failure of every request to `path`: at once, or after the one retry waited a second. */
function failing(path: Fault['path'], speed: 'fast' | 'slow', query?: Fault['query']): Fault {
  return {
    path,
    ...(query ? { query } : {}),
    kind: 'status',
    status: 503,
    headers: { 'retry-after': speed === 'fast' ? '0' : '1' },
    body: { error: 'overloaded' },
    times: Infinity
  }
}

/** The step's error lines when `first` fails before `second`, and when it fails after it. */
async function bothOrders(
  first: (speed: 'fast' | 'slow') => Fault,
  second: (speed: 'fast' | 'slow') => Fault,
  inputs: Record<string, string> = {}
): Promise<[string[], string[]]> {
  const once = async (a: 'fast' | 'slow', b: 'fast' | 'slow'): Promise<string[]> => {
    emulator.clearFaults()
    emulator.addFault(first(a))
    emulator.addFault(second(b))
    return (await runGate({ 'max-retries': '1', ...inputs })).failures
  }
  return [await once('fast', 'slow'), await once('slow', 'fast')]
}

describe('run()', () => {
  it('passes: the verdict headline, the outputs, no error line', async () => {
    const runner = await runGate(RELAXED)
    expect(runner.failures).toEqual([])
    expect(runner.outputs.result).toBe('passed')
    expect(runner.infos.at(-1)).toMatch(/^Gate passed/)
    expect(runner.secrets).toEqual([emulator.token])
    expect(runner.summary).toMatch(/^## ✅ Findings Gate passed: /)
  })

  it('a report file that cannot be written fails the passing step, naming the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fg-main-report-'))
    try {
      await writeFile(join(dir, 'a-file'), '')
      const reportFile = join(dir, 'a-file', 'sub', 'report.json')
      const runner = new RecordingRunner({
        inputs: {
          ...baseInputs(emulator),
          commit: sampleCommit('acme/web', 'refs/heads/main'),
          ...RELAXED,
          'report-file': reportFile
        }
      })
      const result = await run({ now: new Date(), env: {}, eventName: 'push' }, runner)
      expect(result.end).toBe('error')
      expect(runner.outputs.result).toBe('passed')
      expect(runner.failures).toEqual([
        expect.stringMatching(
          new RegExp(`^Could not write the JSON report to ${reportFile}: (Error: )?ENOTDIR`)
        )
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('fails: one error line naming the blocking findings, the default outputs', async () => {
    const runner = await runGate()
    expect(runner.outputs).toEqual(NORMAL_OUTPUTS)
    expect(runner.failures).toHaveLength(1)
    expect(runner.failures[0]).toMatch(/^5 blocking findings: high /)
  })

  it('gives no verdict when the scan cannot be proven', async () => {
    const runner = await runGate({ ref: 'refs/heads/no-such-branch', 'require-scan': 'ref' })
    expect(runner.outputs.result).toBe('skipped')
    expect(runner.failures).toHaveLength(1)
    expect(runner.failures[0]).toMatch(/^No verdict: /)
  })

  it('stops at an input error before any request', async () => {
    const runner = await runGate({ 'fail-on-severity': 'severe' })
    expect(runner.failures).toEqual([
      expect.stringMatching(/^Invalid inputs, nothing was sent:\nfail-on-severity: /)
    ])
    expect(runner.outputs).toEqual({})
    expect(emulator.requests).toEqual([])
  })
})

describe('run() and its connections', () => {
  async function connectionsOf(inputs: Record<string, string>): Promise<number> {
    const before = emulator.connections
    await runGate(inputs)
    // Each one the run opened is closed by its end, used or not.
    await until(() => emulator.connections.open <= before.open)
    expect(emulator.connections.open).toBe(before.open)
    return emulator.connections.opened - before.opened
  }

  it('a run that reads findings opens its connections at its start, and never more than 16', async () => {
    const opened = await connectionsOf(RELAXED)
    // Opened at its start, ahead of the findings pages: every request took one of them.
    expect(opened).toBe(MAX_CONNECTIONS)
    expect(emulator.requests.length).toBeGreaterThan(10)
  })

  it('a run that reads no findings opens none ahead', async () => {
    const opened = await connectionsOf({ gate: 'false' })
    expect(opened).toBeGreaterThan(0)
    expect(opened).toBeLessThan(MAX_CONNECTIONS)
  })

  it('an input error opens no connection, and nothing was sent', async () => {
    const before = emulator.connections
    const runner = await runGate({ 'fail-on-severity': 'severe' })
    expect(runner.failures).toEqual([
      expect.stringMatching(/^Invalid inputs, nothing was sent:\nfail-on-severity: /)
    ])
    expect(emulator.requests).toEqual([])
    expect(emulator.connections.opened).toBe(before.opened)
  })
})

describe('run() with deployment-slug given', () => {
  const DEPLOYMENTS = '/api/v1/deployments'
  const PROJECT_BY_NAME = '/api/v1/deployments/acme-corp/projects/acme/web'

  /** The run, and the first request to `path` with the run's other requests as they stood. */
  async function whenRequested(
    path: string,
    inputs: Record<string, string>
  ): Promise<{ runner: RecordingRunner; seenWith: typeof emulator.requests }> {
    const running = runGate(inputs)
    let seenWith: typeof emulator.requests = []
    const watch = setInterval(() => {
      if (seenWith.length === 0 && emulator.requests.some(r => r.path === path)) {
        seenWith = emulator.requests.map(r => ({ ...r }))
      }
    }, 5)
    try {
      return { runner: await running, seenWith }
    } finally {
      clearInterval(watch)
    }
  }

  it('looks the project up while the deployment is still being checked', async () => {
    emulator.addFault({ path: DEPLOYMENTS, kind: 'delay', ms: 1000 })
    const { runner, seenWith } = await whenRequested(PROJECT_BY_NAME, {
      'deployment-slug': 'acme-corp'
    })
    expect(seenWith.find(r => r.path === DEPLOYMENTS)?.status).toBe(0)
    expect(runner.outputs).toEqual(NORMAL_OUTPUTS)
    expect(runner.failures[0]).toMatch(/^5 blocking findings: high /)
  })

  it('waits for the deployment without a slug: the project needs the one found', async () => {
    emulator.addFault({ path: DEPLOYMENTS, kind: 'delay', ms: 300 })
    const { runner, seenWith } = await whenRequested(PROJECT_BY_NAME, {})
    expect(seenWith.find(r => r.path === DEPLOYMENTS)?.status).toBe(200)
    expect(runner.outputs).toEqual(NORMAL_OUTPUTS)
  })

  it.each([
    ['neither input', {}],
    ['only deployment-id', { 'deployment-id': '4242' }]
  ])(
    'a deployment found through the token (%s): the log names the inputs that save the round trip',
    async (_, inputs) => {
      const runner = await runGate({ ...RELAXED, ...inputs })
      const notes = runner.infos.filter(line => line.startsWith('Deployment '))
      expect(notes).toEqual([
        'Deployment acme-corp (id 4242) found through the api-token; with deployment-slug: acme-corp set, the project is looked up while the deployment is checked, a round trip sooner'
      ])
      expect(runner.outputs.result).toBe('passed')
    }
  )

  it.each([
    ['a slug given', { ...RELAXED, 'deployment-slug': 'acme-corp' }, 'passed'],
    ['no findings fetched (gate: false)', { gate: 'false' }, 'skipped']
  ])('%s: no note on finding the deployment', async (_, inputs, result) => {
    const runner = await runGate(inputs)
    expect(runner.infos.filter(line => line.startsWith('Deployment '))).toEqual([])
    expect(runner.outputs.result).toBe(result)
  })

  it('a slug spelled in other case: the project is looked up again, and the findings read, under the real slug', async () => {
    const runner = await runGate({ 'deployment-slug': 'ACME-Corp' })
    const slugsOf = (endpoint: RegExp): string[] => [
      ...new Set(
        emulator.requests.filter(r => endpoint.test(r.path)).map(r => r.path.split('/')[4])
      )
    ]
    // The emulator, like the service may, knows the slug only as spelled: the early try fails.
    // The findings go out after the proof, when the deployment's own slug is known.
    expect(slugsOf(/\/projects\/acme\/web$/)).toEqual(['ACME-Corp', 'acme-corp'])
    expect(slugsOf(/\/findings$/)).toEqual(['acme-corp'])
    expect(runner.outputs).toEqual(NORMAL_OUTPUTS)
    expect(runner.failures[0]).toMatch(/^5 blocking findings: high /)
  })

  it('a repository neither the by-name route nor the list holds: no verdict, never passed', async () => {
    const runner = await runGate({ 'deployment-slug': 'acme-corp', repository: 'acme/nope' })
    expect(runner.outputs.result).toBe('skipped')
    expect(runner.failures).toEqual([
      expect.stringContaining('No verdict: repository "acme/nope" is not a project of deployment')
    ])
    const lookups = emulator.requests
      .filter(r => r.path.startsWith('/api/v1/deployments/acme-corp/projects'))
      .map(r => `${r.path} ${r.status}`)
    expect(lookups[0]).toBe('/api/v1/deployments/acme-corp/projects/acme/nope 404')
    expect(lookups).toContain('/api/v1/deployments/acme-corp/projects 200')
  })

  it('a wrong slug is reported as the deployment, whichever answers first', async () => {
    const failures = []
    for (const delayed of [DEPLOYMENTS, /^\/api\/v1\/deployments\/acme-corps\/projects/]) {
      emulator.clearFaults()
      emulator.addFault({ path: delayed, kind: 'delay', ms: 300 })
      const runner = await runGate({ 'deployment-slug': 'acme-corps' })
      expect(runner.outputs.result).toBe('skipped')
      failures.push(runner.failures)
    }
    expect(failures[0]).toEqual(failures[1])
    expect(failures[0]).toEqual([
      expect.stringContaining(
        'deployment-slug "acme-corps" does not match a deployment this api-token can access (acme-corp (id 4242))'
      )
    ])
  })
})

describe('run() when several stages fail at once', () => {
  it('a mode list fails while the full lists arrive: no verdict on the policy modes', async () => {
    emulator.addFault(failing(FINDINGS, 'fast', BLOCK_LIST))
    const runner = await runGate({ 'max-retries': '1' })
    expect(runner.outputs.result).toBe('skipped')
    expect(runner.failures).toEqual([
      expect.stringMatching(
        /^No verdict: the block-mode list of open Code findings could not be read, so fail-on-policy-mode cannot be judged: GET \S+ failed with HTTP 503/
      )
    ])
  })

  interface Pair {
    readonly what: string
    readonly first: Fault['path']
    readonly firstQuery?: Fault['query']
    readonly second: Fault['path']
    readonly secondQuery?: Fault['query']
    readonly inputs?: Record<string, string>
    readonly reported: RegExp
  }
  const pairs: Pair[] = [
    {
      what: 'the scan proof and the findings fail: the proof is reported (no findings asked)',
      first: FINDINGS,
      second: SCANS,
      reported: new RegExp(`^No verdict: POST ${SCANS} failed with HTTP 503`)
    },
    {
      what: 'a mode list and a full list fail: the full list is reported',
      first: FINDINGS,
      firstQuery: BLOCK_LIST,
      second: FINDINGS,
      secondQuery: { issue_type: 'sca' },
      reported: new RegExp(`^No verdict: GET ${FINDINGS} failed with HTTP 503`)
    },
    {
      what: 'the findings and the license lookup fail: the findings are reported',
      first: FINDINGS,
      second: DEPENDENCIES,
      inputs: { 'deny-licenses': 'GPL-3.0' },
      reported: new RegExp(`^No verdict: GET ${FINDINGS} failed with HTTP 503`)
    },
    {
      what: 'project tags and the SBOM export fail: both are reported, tags first',
      first: TAGS,
      second: SBOM_EXPORT,
      inputs: { ...RELAXED, 'project-tags': 'ci-gated', 'sbom-export': 'true' },
      reported: /^Project tags were not added: .*\nSBOM export failed: /s
    }
  ]

  it.each(pairs)('$what, whichever failed first', async pair => {
    const [one, other] = await bothOrders(
      speed => failing(pair.first, speed, pair.firstQuery),
      speed => failing(pair.second, speed, pair.secondQuery),
      pair.inputs
    )
    expect(one).toEqual(other)
    expect(one).toEqual([expect.stringMatching(pair.reported)])
  })
})
