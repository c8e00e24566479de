import { afterAll, beforeAll, beforeEach } from '@jest/globals'
import { existsSync } from 'node:fs'
import {
  buildState,
  headScan,
  sampleCommit,
  startEmulator,
  type Emulator,
  type EmulatorOptions
} from '../../emulator/server.js'
import {
  BUNDLE,
  runBundledAction,
  type ActionRun,
  type RunOptions
} from '../../scripts/run-action.js'
import { WEB_MAIN_BLOCKING } from './sample.js'
import { OPEN_START_AHEAD } from '../../src/api/findings.js'

/**
 * End-to-end suites run the committed bundle. Called at the top of each: without dist/index.js
 * the suite fails, never skips, so a green run always ran them.
 */
export function requireBundle(): void {
  if (!existsSync(BUNDLE)) {
    throw new Error(
      `${BUNDLE} is missing: run \`npm run package\` first (the end-to-end suites run the bundle)`
    )
  }
}

export async function withEmulator<T>(
  options: EmulatorOptions,
  body: (emulator: Emulator) => Promise<T>
): Promise<T> {
  const emulator = await startEmulator(options)
  try {
    return await body(emulator)
  } finally {
    await emulator.close()
  }
}

/**
 * One emulator for a describe block: started before its tests, closed after them, and with its
 * request log and faults cleared before each test.
 */
export function sharedEmulator(options: EmulatorOptions = {}): { current: () => Emulator } {
  let emulator: Emulator | undefined
  beforeAll(async () => {
    emulator = await startEmulator(options)
  })
  afterAll(async () => {
    await emulator?.close()
  })
  beforeEach(() => {
    emulator?.clearFaults()
    if (emulator) emulator.requests.length = 0
  })
  return {
    current: () => {
      if (!emulator) throw new Error('the shared emulator is not started: use it inside a test')
      return emulator
    }
  }
}

/** The inputs every run against the emulator needs: acme/web on main, default thresholds. */
export function baseInputs(emulator: Emulator): Record<string, string> {
  return {
    'api-token': emulator.token,
    'base-url': emulator.url,
    repository: 'acme/web',
    ref: 'refs/heads/main'
  }
}

/**
 * Runs the bundle. Unless the test names a commit, the run gates the commit whose completed scan
 * the emulator's sample data holds for the repository and ref (what the findings were found at).
 */
export function runAction(
  emulator: Emulator,
  inputs: Record<string, string> = {},
  options: Omit<RunOptions, 'inputs'> = {}
): Promise<ActionRun> {
  const merged = { ...baseInputs(emulator), ...inputs }
  // A blank ref is the event's to decide, and so is the commit then.
  if (merged.commit === undefined && merged.ref !== '') {
    merged.commit = sampleCommit(merged.repository, merged.ref)
  }
  return runBundledAction({ ...options, inputs: merged })
}

/** The scan outputs of a run on `ref` of a sample repository: the sample head scan of that ref. */
export function scanOutputs(
  ref = 'refs/heads/main',
  repository = 'acme/web'
): Record<string, string> {
  const scan = headScan(buildState({}), repository, ref)
  if (!scan) throw new Error(`the sample data has no scan of ${repository} ${ref}`)
  return { 'scan-id': String(scan.id), 'scan-commit': scan.commit }
}

/** The outputs of a default run on acme/web main: the sample data's verdict. */
export const NORMAL_OUTPUTS: Readonly<Record<string, string>> = {
  ...scanOutputs(),
  result: 'failed',
  'findings-count': '16',
  'blocking-count': '5',
  'sast-count': '10',
  'sca-count': '6',
  'secrets-count': '0',
  'blocking-ids': JSON.stringify(WEB_MAIN_BLOCKING),
  'deployment-slug': 'acme-corp',
  'deployment-id': '4242'
}

/** Thresholds under which the sample data passes: a run that must not fail on the gate itself. */
export const RELAXED = { 'fail-on-severity': 'critical', 'fail-on-policy-mode': 'none' } as const

export const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'

/**
 * The findings requests of a run on a small ref, per issue type: one per default status (open,
 * reviewing, fixing), and page 1 of the open list, asked for with its first (OPEN_START_AHEAD).
 */
export const FINDINGS_REQUESTS_PER_TYPE = 3 + OPEN_START_AHEAD

/** The findings requests the emulator received, in order. */
export function findingsRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(r => r.method === 'GET' && r.path === FINDINGS_PATH)
}

export const SCANS_PATH = '/api/v1/deployments/4242/scans/search'

function isScansSearch(request: Emulator['requests'][number]): boolean {
  return request.method === 'POST' && request.path === SCANS_PATH
}

function searchesRepository(request: Emulator['requests'][number]): boolean {
  const body = request.body
  return typeof body === 'object' && body !== null && 'repository_id' in body
}

/** The scans searches that prove the scan: of the project's repository, in order. */
export function proofScansRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(r => isScansSearch(r) && searchesRepository(r))
}

/** The search of the deployment's newest scans that sizes the findings requests early. */
export function earlyCountRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(r => isScansSearch(r) && !searchesRepository(r))
}

/** The `::error::` line(s) @actions/core printed, decoded. */
export function errorLines(run: ActionRun): string[] {
  return run.stdout
    .split('\n')
    .filter(line => line.startsWith('::error::'))
    .map(line =>
      line
        .slice('::error::'.length)
        .replace(/%0A/g, '\n')
        .replace(/%0D/g, '\r')
        .replace(/%25/g, '%')
    )
}

export function warningLines(run: ActionRun): string[] {
  return run.stdout
    .split('\n')
    .filter(line => line.startsWith('::warning::'))
    .map(line => line.slice('::warning::'.length).replace(/%0A/g, '\n').replace(/%25/g, '%'))
}

export type { ActionRun, Emulator }
