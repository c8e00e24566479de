/**
 * End to end: the gate judges only findings it can tie to a completed scan (require-scan), and
 * every case where it cannot is the one "no verdict" path: result skipped, one error line, exit 1.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { headScan, PR_REF, sampleCommit, type Fault, type ScanRecord } from '../emulator/server.js'
import {
  requireBundle,
  errorLines,
  expectShortListRequests,
  LIST_CHAINS,
  findingsRequests,
  proofScansRequests,
  RELAXED,
  runAction,
  SCANS_PATH,
  sharedEmulator,
  warningLines,
  withEmulator,
  type ActionRun,
  type Emulator
} from './helpers/e2e.js'
import { PROJECT } from './helpers/sample.js'

requireBundle()

const MAIN_COMMIT = sampleCommit('acme/web', 'refs/heads/main')

/** The scans search (beta) not offered to this token or deployment: every search a 404. */
const SCANS_NOT_AVAILABLE: Fault = {
  path: SCANS_PATH,
  kind: 'status',
  status: 404,
  times: Infinity,
  body: { error: 'Not Found' }
}

/** The findings requests that arrived after `request`. */
function findingsAfter(
  emulator: Emulator,
  request: Emulator['requests'][number] | undefined
): Emulator['requests'] {
  const index = request === undefined ? -1 : emulator.requests.indexOf(request)
  return findingsRequests(emulator).filter(r => emulator.requests.indexOf(r) > index)
}

function sampleScan(emulator: Emulator, match: (scan: ScanRecord) => boolean): ScanRecord {
  const found = emulator.state.scans.find(match)
  if (!found) throw new Error('the sample data lacks the scan this test needs')
  return found
}

/** The one "no verdict" path: exit 1, result skipped, one error line, nothing judged. */
function expectNoVerdict(run: ActionRun, emulator: Emulator): string {
  expect(run.exitCode).toBe(1)
  expect(run.outputs.result).toBe('skipped')
  // The findings are read only once the scans are proven: none was asked for, none judged.
  expect(run.outputs['findings-count']).toBeUndefined()
  expect(run.outputs['blocking-ids']).toBeUndefined()
  expect(findingsRequests(emulator)).toEqual([])
  const errors = errorLines(run)
  expect(errors).toHaveLength(1)
  expect(errors[0]?.startsWith('No verdict: ')).toBe(true)
  expect(run.summary.split('\n')[0]).toBe('## ⚠️ Findings Gate: no verdict')
  return errors[0] ?? ''
}

describe('e2e evidence: require-scan commit (the default)', () => {
  const shared = sharedEmulator()
  let emulator: Emulator
  beforeEach(() => {
    emulator = shared.current()
  })

  it('judges the findings of the completed scan of the commit, and says which scan', async () => {
    const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
    const run = await runAction(emulator, { commit: MAIN_COMMIT, ...RELAXED })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      result: 'passed',
      'findings-count': '16',
      'new-count': '16',
      'scan-id': String(head?.id),
      'scan-commit': MAIN_COMMIT
    })
    const body = proofScansRequests(emulator)[0]?.body
    expect(body).toEqual({
      deployment_id: '4242',
      repository_id: PROJECT.web,
      branch: 'refs/heads/main',
      limit: 500
    })
    expect(run.summary.split('\n')[0]).toBe(
      '## ✅ Findings Gate passed: 16 findings, none blocking'
    )
    expect(run.summary).toContain(
      `**Judged:** Code, Supply Chain, Secrets, AI-powered detection in scan ${head?.id} of commit <code>${MAIN_COMMIT.slice(0, 12)}</code> on <code>refs/heads/main</code> (full scan, completed `
    )
  })

  it('a ref that was never scanned gives no verdict (it used to pass with 0 findings), listing the branches the scans record', async () => {
    const run = await runAction(emulator, {
      ref: 'refs/heads/never-scanned',
      commit: MAIN_COMMIT,
      'scan-wait-timeout-seconds': '0'
    })
    const message = expectNoVerdict(run, emulator)
    expect(message).toMatch(
      /^No verdict: no completed scan of commit ea86292 on refs\/heads\/never-scanned of acme\/web ran Code; the repository has no scan of refs\/heads\/never-scanned or never-scanned; its recent scans record "refs\/pull\/42\/merge", "refs\/heads\/main", .*"experiment".*\. Check that a scan runs on this event and that this job waits for it \(needs: on the scan job\); for managed scans raise scan-wait-timeout-seconds; or set require-scan: ref or none$/
    )
    // Both spellings, then every branch for the message.
    expect(proofScansRequests(emulator).map(r => (r.body as { branch?: string }).branch)).toEqual([
      'refs/heads/never-scanned',
      'never-scanned',
      undefined
    ])
  })

  it('a push whose scan is not recorded: no verdict naming the newest scan of the ref, its commit and age', async () => {
    const run = await runAction(emulator, {
      commit: 'f'.repeat(40),
      'scan-wait-timeout-seconds': '0'
    })
    const message = expectNoVerdict(run, emulator)
    expect(message).toContain(
      'no completed scan of commit fffffff on refs/heads/main of acme/web ran Code;'
    )
    expect(message).toMatch(
      /the newest scan of refs\/heads\/main is scan \d+ of commit [0-9a-f]{7} \(SCAN_STATUS_[A-Z]+, (completed|started) \d+ (min|h) ago, products: [a-z_, ]+\)/
    )
  })

  it('a failed scan of the commit: no verdict naming the scan id, the commit and the status', async () => {
    const failed = sampleScan(emulator, scan => scan.status === 'SCAN_STATUS_ERROR')
    const run = await runAction(emulator, { commit: failed.commit })
    const message = expectNoVerdict(run, emulator)
    expect(message).toBe(
      `No verdict: scan ${failed.id} of commit ${failed.commit.slice(0, 7)} on refs/heads/main ended SCAN_STATUS_ERROR, so there are no Code findings of this commit to judge; re-run the scan (or set on-missing-scan: warn)`
    )
  })

  it('an older commit whose findings were replaced by a newer scan: no verdict, superseded', async () => {
    const older = sampleScan(
      emulator,
      scan =>
        scan.repositoryId === PROJECT.web &&
        scan.branch === 'refs/heads/main' &&
        scan.commit !== MAIN_COMMIT &&
        scan.status === 'SCAN_STATUS_COMPLETED'
    )
    const run = await runAction(emulator, { commit: older.commit })
    const message = expectNoVerdict(run, emulator)
    expect(message).toMatch(
      new RegExp(
        `^No verdict: the Code findings of refs/heads/main are now those of scan \\d+ of commit ${MAIN_COMMIT.slice(0, 7)} \\(completed \\d+ h ago\\), which completed after scan ${older.id} of the gated commit ${older.commit.slice(0, 7)}: a newer push superseded this run`
      )
    )
  })

  it('on-missing-scan: warn turns a missing scan into a warning: exit 0, result skipped', async () => {
    const run = await runAction(emulator, {
      commit: 'f'.repeat(40),
      'scan-wait-timeout-seconds': '0',
      'on-missing-scan': 'warn'
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('skipped')
    expect(errorLines(run)).toEqual([])
    const warnings = warningLines(run)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^No verdict \(on-missing-scan: warn, the step passes\): no completed scan of commit fffffff/
    )
  })

  it.each([
    ['on-api-error: warn', { 'on-api-error': 'warn' }],
    ['warn-only (it only softens a failed verdict)', { 'warn-only': 'true' }]
  ])('%s does not soften a missing scan', async (_name, softener) => {
    const run = await runAction(emulator, {
      commit: 'f'.repeat(40),
      'scan-wait-timeout-seconds': '0',
      ...softener
    })
    expectNoVerdict(run, emulator)
  })

  it('the scans API answering 404: no verdict, with a hint naming require-scan: none', async () => {
    emulator.addFault(SCANS_NOT_AVAILABLE)
    const run = await runAction(emulator)
    const message = expectNoVerdict(run, emulator)
    expect(message).toBe(
      `No verdict: POST ${SCANS_PATH} failed with HTTP 404 Not Found: Not Found (1 attempt). Hint: the scans search (beta) is not available to this token or deployment; set require-scan: none to gate without proving the scan`
    )
  })

  it('no verdict without the proof: no findings request goes out at all', async () => {
    emulator.addFault(SCANS_NOT_AVAILABLE)
    const run = await runAction(emulator)
    expectNoVerdict(run, emulator)
    expect(findingsRequests(emulator)).toEqual([])
  })

  it('a scans answer without the scans list is a schema error, not "no scan"', async () => {
    emulator.addFault({
      path: SCANS_PATH,
      kind: 'json',
      times: Infinity,
      body: { error: 'upstream overloaded' }
    })
    const run = await runAction(emulator)
    const message = expectNoVerdict(run, emulator)
    expect(message).toMatch(/^No verdict: POST \S+ returned an unexpected response: scans: /)
  })

  it('on pull_request, the default commit is the head sha the scanner records, not GITHUB_SHA', async () => {
    const head = sampleCommit('acme/web', PR_REF)
    const run = await runAction(
      emulator,
      { ref: '', ...RELAXED, 'fail-on-malicious': 'false' },
      {
        eventName: 'pull_request',
        event: {
          number: 42,
          pull_request: {
            number: 42,
            head: { sha: head, repo: { full_name: 'acme/web' } },
            base: { sha: MAIN_COMMIT, repo: { full_name: 'acme/web' } }
          }
        },
        env: { GITHUB_REF: PR_REF, GITHUB_SHA: 'c'.repeat(40) }
      }
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['scan-commit']).toBe(head)
    expect((proofScansRequests(emulator)[0]?.body as { branch: string }).branch).toBe(PR_REF)
  })

  it('writes the scan into the JSON report and the SARIF run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'e2e-evidence-'))
    try {
      const run = await runAction(emulator, {
        ...RELAXED,
        'report-file': join(dir, 'report.json'),
        'sarif-file': join(dir, 'out.sarif')
      })
      expect(run.exitCode).toBe(0)
      const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
      const scan = {
        id: String(head?.id),
        commit: MAIN_COMMIT,
        branch: 'refs/heads/main',
        status: 'SCAN_STATUS_COMPLETED',
        types: ['sast', 'sca', 'secrets', 'ai_sast'],
        fullScan: true
      }
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
        evidence: unknown
      }
      expect(report.evidence).toMatchObject({
        required: 'commit',
        requestedRef: 'refs/heads/main',
        branch: 'refs/heads/main',
        notJudged: [],
        scans: [scan]
      })
      const sarif = JSON.parse(await readFile(join(dir, 'out.sarif'), 'utf8')) as {
        runs: { properties?: { scanEvidence?: unknown } }[]
      }
      expect(sarif.runs[0]?.properties?.scanEvidence).toMatchObject({
        required: 'commit',
        scans: [scan]
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('e2e evidence: waiting, spellings and the other modes', () => {
  it('waits for a running scan of the commit, logging each wait, then judges it', async () => {
    await withEmulator({ scanRunningMs: 1500 }, async emulator => {
      const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
      const run = await runAction(emulator, { 'scan-wait-timeout-seconds': '60' })

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('failed')
      expect(run.outputs['scan-id']).toBe(String(head?.id))
      expect(run.stdout).toContain(
        `Waiting for the scan of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main: scan ${head?.id} is SCAN_STATUS_RUNNING; next look in 2 s (0 s of 60 s waited)`
      )
      // The findings were read once, after the look that saw the scan completed (the last
      // search is the one that proves it again after the findings).
      const scans = proofScansRequests(emulator)
      expect(scans.length).toBeGreaterThanOrEqual(3)
      expect(findingsAfter(emulator, scans.at(-2))).toEqual(findingsRequests(emulator))
      expectShortListRequests(findingsRequests(emulator))
      expect(run.summary).toMatch(/Waited \d+ s for the scans\./)
    })
  })

  it('scan-wait-timeout-seconds: 0 looks once: a running scan gives no verdict naming it', async () => {
    await withEmulator({ scanRunningMs: 60_000 }, async emulator => {
      const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
      const run = await runAction(emulator, { 'scan-wait-timeout-seconds': '0' })
      const message = expectNoVerdict(run, emulator)
      expect(message).toContain(`; scan ${head?.id} of it is still SCAN_STATUS_RUNNING;`)
      expect(proofScansRequests(emulator)).toHaveLength(1)
    })
  })

  it('scans that record the bare branch name: the findings of that spelling are judged, and the summary says so', async () => {
    await withEmulator({}, async emulator => {
      const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
      if (head) head.branch = 'main'
      for (const finding of [...emulator.state.sastFindings, ...emulator.state.scaFindings]) {
        if (finding.repository.name === 'acme/web' && finding.ref === 'refs/heads/main') {
          finding.ref = 'main'
        }
      }
      const run = await runAction(emulator, RELAXED)

      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ result: 'passed', 'findings-count': '16' })
      // The findings were asked for under the spelling the scans record, only.
      const requests = findingsRequests(emulator)
      expectShortListRequests(requests, LIST_CHAINS)
      expect(requests.every(r => r.query.ref?.[0] === 'main')).toBe(true)
      expect(run.stdout).toContain(
        'No scan records refs/heads/main, but the repository\'s scans record "main"'
      )
      expect(run.summary).toContain(
        "No scan records <code>refs/heads/main</code>; the repository's scans record <code>main</code>"
      )
    })
  })

  it('require-scan: ref judges the newest completed scan of the ref, whatever the commit', async () => {
    await withEmulator({}, async emulator => {
      const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
      const run = await runAction(emulator, {
        ...RELAXED,
        'require-scan': 'ref',
        commit: 'f'.repeat(40)
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ 'scan-id': String(head?.id), 'scan-commit': MAIN_COMMIT })
      expect(run.summary).toContain(
        "Each type's newest completed scan of the ref (`require-scan: ref`)."
      )
      // Its age is shown: the sample head scan completed two hours before the run.
      expect(run.summary).toMatch(
        / \(full scan, completed \d{4}-\d\d-\d\d \d\d\\:\d\d UTC, 2 h before this run\)\. /
      )
      expect(run.stdout).toContain(
        `Judging the Code, Supply Chain, Secrets, AI-powered detection findings of scan ${head?.id} of commit ${MAIN_COMMIT.slice(0, 7)} on refs/heads/main (SCAN_STATUS_COMPLETED, completed 2 h ago)`
      )
    })
  })

  it("require-scan: ref on GitHub never judges a bare-named scan: a fork's branch main records that", async () => {
    await withEmulator({}, async emulator => {
      const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
      // pull_request_target records a fork's head branch named main as the bare `main`; this one
      // completed after the push's scan and found nothing.
      const fork = emulator.addScan({ repository: 'acme/web', branch: 'main', sast: [] })
      const run = await runAction(emulator, { 'require-scan': 'ref', commit: 'f'.repeat(40) })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ result: 'failed', 'scan-id': String(head?.id) })
      expect(run.outputs['scan-id']).not.toBe(String(fork.id))
      expect(findingsRequests(emulator).every(r => r.query.ref?.[0] === 'refs/heads/main')).toBe(
        true
      )
      const searched = proofScansRequests(emulator).map(r => (r.body as { branch?: string }).branch)
      expect(searched).not.toContain('main')
    })
  })

  it('require-scan: ref on a ref without a completed scan gives no verdict', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, { 'require-scan': 'ref', ref: 'refs/heads/release' })
      const message = expectNoVerdict(run, emulator)
      expect(message).toMatch(
        /^No verdict: no completed scan of refs\/heads\/release of acme\/web that ran Code in the past 30 days; the newest scan of refs\/heads\/release is scan \d+ of commit [0-9a-f]{7} \(SCAN_STATUS_CANCELLED, completed 5 h ago, products: sast, sca, secrets, ai_sast\); check that a scan runs for this ref, or set require-scan: none$/
      )
    })
  })

  it('require-scan: none sends no scans request and says freshness was not checked', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, { ...RELAXED, 'require-scan': 'none', commit: '' })
      expect(run.exitCode).toBe(0)
      expect(run.outputs['scan-id']).toBeUndefined()
      expect(proofScansRequests(emulator)).toEqual([])
      expect(run.summary).toContain(
        "**Judged:** Code, Supply Chain, Secrets, AI-powered detection: the ref's findings as the platform holds them, whatever commit they were found at; no scan was checked (`require-scan: none`)."
      )
    })
  })

  it('require-scan: none on a repository the deployment does not have gives no verdict, naming it', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        'require-scan': 'none',
        repository: 'acme/wbe',
        commit: ''
      })
      const message = expectNoVerdict(run, emulator)
      expect(message).toBe(
        'No verdict: repository "acme/wbe" is not a project of deployment acme-corp: check the repository input (the name as the platform shows it) and that the repository has been scanned'
      )
      expect(run.outputs['findings-count']).toBeUndefined()
    })
  })
})

describe('e2e evidence: the findings are read after the proof, and the proof checked after them', () => {
  it('one sequence: search, findings, search again; every findings request after the first answer', async () => {
    await withEmulator({ latencyMs: 100 }, async emulator => {
      const run = await runAction(emulator, RELAXED)
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ result: 'passed', 'findings-count': '16' })
      const [proof, again] = proofScansRequests(emulator)
      const order = (r: Emulator['requests'][number] | undefined): number =>
        r === undefined ? -1 : emulator.requests.indexOf(r)
      const findings = findingsRequests(emulator).map(order)
      expect(order(proof)).toBeGreaterThan(0)
      expect(Math.min(...findings)).toBeGreaterThan(order(proof))
      expect(order(again)).toBeGreaterThan(Math.max(...findings))
      expectShortListRequests(findingsRequests(emulator), LIST_CHAINS)
    })
  })
})
