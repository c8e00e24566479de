import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals'
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
  'new-count': '16',
  'blocking-count': '5',
  'sast-count': '10',
  'sca-count': '6',
  'secrets-count': '0',
  'ai-sast-count': '0',
  'blocking-ids': JSON.stringify(WEB_MAIN_BLOCKING),
  'deployment-slug': 'acme-corp',
  'deployment-id': '4242'
}

/** The inputs of a deployment SBOM export into `folder`, without the gate. */
export function deploymentExportInputs(folder: string): Record<string, string> {
  return { gate: 'false', 'sbom-export': 'true', 'sbom-scope': 'deployment', 'sbom-file': folder }
}

/** Thresholds under which the sample data passes: a run that must not fail on the gate itself. */
export const RELAXED = { 'fail-on-severity': 'critical', 'fail-on-policy-mode': 'none' } as const

export const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'

/**
 * Findings request chains of a run with the default issue types, statuses and thresholds: a list
 * per type and status (SAST, SCA, AI SAST × 3: the sample scans run every product), and beside
 * each SAST list its block-mode list (3).
 */
export const DEFAULT_CHAINS = 12

/** The chains of a run with fail-on-policy-mode: none: a list per type and status, no mode list. */
export const LIST_CHAINS = 9

/** Page 0 requests: one per findings chain of a run (per round, when the findings are fetched again). */
export function firstPageRequests(requests: Emulator['requests']): Emulator['requests'] {
  return requests.filter(r => r.query.page?.[0] === '0')
}

/**
 * Checks the findings requests of a run whose lists are shorter than a page: per chain its first
 * page and the page after it (asked for together: a list ends on an empty page), nothing more.
 * Returns the first pages, in order.
 */
export function expectShortListRequests(
  requests: Emulator['requests'],
  chains = DEFAULT_CHAINS
): Emulator['requests'] {
  const first = firstPageRequests(requests)
  const second = requests.filter(r => r.query.page?.[0] === '1')
  expect(first).toHaveLength(chains)
  expect(second.length).toBeLessThanOrEqual(chains)
  expect(first.length + second.length).toBe(requests.length)
  return first
}

/** Every findings request asked for `ref`, one first page per chain. */
export function expectFindingsRef(emulator: Emulator, ref: string, chains = DEFAULT_CHAINS): void {
  const requests = findingsRequests(emulator)
  expect(expectShortListRequests(requests, chains).map(r => r.query.ref)).toEqual(
    Array<string[]>(chains).fill([ref])
  )
  expect(requests.filter(r => r.query.ref?.[0] !== ref)).toEqual([])
}

/** The findings requests the emulator received, in order. */
export function findingsRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(r => r.method === 'GET' && r.path === FINDINGS_PATH)
}

export const SCANS_PATH = '/api/v1/deployments/4242/scans/search'

function isScansSearch(request: Emulator['requests'][number]): boolean {
  return request.method === 'POST' && request.path === SCANS_PATH
}

/** The scans searches that prove the scans (and prove them again after the findings), in order. */
export function proofScansRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(isScansSearch)
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

/**
 * The event of pull request 42 of acme/web with its base at `baseSha`: what a run needs to read a
 * file at the pull request's base.
 */
export function pullRequestEvent(baseSha: string): unknown {
  return {
    number: 42,
    pull_request: {
      number: 42,
      head: { sha: 'f'.repeat(40), repo: { full_name: 'acme/web' } },
      base: { sha: baseSha, repo: { full_name: 'acme/web' } }
    }
  }
}

/**
 * The event of a merge queue's candidate for pull request 42 of acme/web (GitHub's `merge_group`
 * payload), its base at `baseSha`; without `baseSha`, a payload that lacks `base_sha`.
 */
export function mergeGroupEvent(baseSha?: string): unknown {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: 'e'.repeat(40),
      head_ref: 'refs/heads/gh-readonly-queue/main/pr-42-' + 'e'.repeat(40),
      base_ref: 'refs/heads/main',
      ...(baseSha !== undefined && { base_sha: baseSha })
    },
    repository: { full_name: 'acme/web' }
  }
}

export type { ActionRun, Emulator }
