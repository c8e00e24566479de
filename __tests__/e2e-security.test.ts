/**
 * Secrets end to end: the bundled action (dist/index.js) with a distinctive api-token, on a
 * normal run and on every error path, checking everything the runner keeps of a run (stdout,
 * stderr, summary, outputs, the output/state/env files, the JSON report and the SARIF file).
 *
 * The promises checked: the token is masked first (`::add-mask::` is the first line of stdout;
 * the runner consumes that line) and appears nowhere else, even when the server echoes it; the
 * signed SBOM URL is masked before it is mentioned and is fetched without credentials; the token
 * only ever goes to the base-url origin (no redirect is followed); the PR comment uses the
 * github-token, never the api-token.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sastFinding } from '../emulator/data/factories.js'
import type { Fault } from '../emulator/server.js'
import { renderSastFinding } from '../emulator/wire.js'
import {
  requireBundle,
  errorLines,
  runAction,
  withEmulator,
  type ActionRun,
  type Emulator,
  RELAXED
} from './helpers/e2e.js'
import { secretLocations, stackFrames, stdoutLines } from './helpers/e2e-inspect.js'
import { FakeGitHub } from './helpers/fake-github.js'

requireBundle()

const TOKEN = 'fg-SECRET-7f3a9c1e2b4d'
const GITHUB_TOKEN = 'ghs_FAKEgithubTOKEN0001'
const DEPLOYMENTS = '/api/v1/deployments'
const FINDINGS = '/api/v1/deployments/acme-corp/findings'
const FAST = { 'timeout-seconds': '1', 'max-retries': '1' }

let workDir = ''
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'findings-gate-security-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

let runCount = 0

interface SecuredRun {
  readonly run: ActionRun
  readonly report?: string
  readonly sarif?: string
}

/** Runs with report-file and sarif-file set, and reads both back (when written). */
async function runWithReports(
  emulator: Emulator,
  inputs: Record<string, string>,
  options: Parameters<typeof runAction>[2] = {}
): Promise<SecuredRun> {
  runCount++
  const reportFile = join(workDir, `report-${runCount}.json`)
  const sarifFile = join(workDir, `results-${runCount}.sarif`)
  const run = await runAction(
    emulator,
    { 'report-file': reportFile, 'sarif-file': sarifFile, ...inputs },
    options
  )
  const read = async (path: string): Promise<string | undefined> =>
    existsSync(path) ? readFile(path, 'utf8') : undefined
  return { run, report: await read(reportFile), sarif: await read(sarifFile) }
}

/** The token is masked by the first line, and appears nowhere else the runner keeps. */
function expectTokenMaskedAndNowhereElse({ run, report, sarif }: SecuredRun): void {
  expect(stdoutLines(run)[0]).toBe(`::add-mask::${TOKEN}`)
  expect(
    secretLocations(run, TOKEN, { 'report-file': report, 'sarif-file': sarif }, new Set([0]))
  ).toEqual([])
  expect(stackFrames(run.stderr)).toEqual([])
}

function tokenEmulator<T>(body: (emulator: Emulator) => Promise<T>): Promise<T> {
  return withEmulator({ token: TOKEN, sbomPollsUntilDone: 0 }, body)
}

describe('the api-token never leaks', () => {
  it('normal run: masked first, then nowhere in logs, summary, outputs or files', async () => {
    await tokenEmulator(async emulator => {
      const secured = await runWithReports(emulator, FAST)

      expect(secured.run.exitCode).toBe(1)
      expect(secured.run.outputs['blocking-count']).toBe('5')
      // The files checked really were written, with content.
      expect(secured.report).toContain('"blocking"')
      expect(secured.sarif).toContain('"2.1.0"')
      expect(secured.run.summary).toContain('Blocking findings (5)')
      expectTokenMaskedAndNowhereElse(secured)
      // The token did go to the API, as a bearer token.
      expect(emulator.requests.length).toBeGreaterThan(0)
      for (const request of emulator.requests)
        expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`)
    })
  })

  const ERROR_PATHS: readonly {
    name: string
    fault: Fault
    inputs?: Record<string, string>
    error: string | RegExp
  }[] = [
    {
      name: '401 whose error body echoes the token',
      fault: {
        path: DEPLOYMENTS,
        kind: 'status',
        status: 401,
        body: { error: `Invalid API token ${TOKEN} (Authorization: Bearer ${TOKEN})` }
      },
      error: `No verdict: GET ${DEPLOYMENTS} failed with HTTP 401 Unauthorized: Invalid API token *** (Authorization: Bearer ***) (1 attempt). Hint: check api-token: the token is missing, invalid or revoked`
    },
    {
      name: '5xx with the token in the body, retries exhausted',
      fault: {
        path: FINDINGS,
        kind: 'status',
        status: 502,
        body: { message: `upstream rejected "Bearer ${TOKEN}"` },
        times: Infinity
      },
      error: `No verdict: GET ${FINDINGS} failed with HTTP 502 Bad Gateway: upstream rejected "Bearer ***" (2 attempts). Hint: the service is failing: re-run later, or set on-api-error: warn to skip the gate`
    },
    {
      name: 'truncated JSON (schema error)',
      fault: { path: FINDINGS, kind: 'malformed', times: Infinity },
      error: /^No verdict: GET \S+ returned an unexpected response: body: not valid JSON/
    },
    {
      name: 'network error (reset), retries exhausted',
      fault: { path: FINDINGS, kind: 'reset', times: Infinity },
      error: /^No verdict: GET \S+ failed: .+ after 2 attempts$/
    },
    {
      name: 'timeout, retries exhausted',
      fault: { path: FINDINGS, kind: 'delay', ms: 10_000, times: Infinity },
      error:
        /^No verdict: GET \S+ failed: no complete response within 1 s \(TIMEOUT\) after 2 attempts$/
    }
  ]

  it.each(ERROR_PATHS)('$name: masked first, then nowhere', async ({ fault, error }) => {
    await tokenEmulator(async emulator => {
      emulator.addFault(fault)
      const secured = await runWithReports(emulator, { ...FAST, 'issue-types': 'sast' })

      expect(secured.run.exitCode).toBe(1)
      const errors = errorLines(secured.run)
      expect(errors).toHaveLength(1)
      if (typeof error === 'string') expect(errors[0]).toBe(error)
      else expect(errors[0]).toMatch(error)
      expect(secured.report).toContain('"skipped"')
      expectTokenMaskedAndNowhereElse(secured)
    })
  })

  // Regression: schema errors quote received values, which a server may have echoed the token into.
  it('schema error on a field whose value echoes the token: masked first, then nowhere', async () => {
    await tokenEmulator(async emulator => {
      const echoed = {
        ...renderSastFinding(sastFinding({ id: 7_900_002 }), 'live'),
        severity: TOKEN
      }
      emulator.addFault({
        path: FINDINGS,
        kind: 'json',
        body: { findings: [echoed] },
        times: Infinity
      })
      const secured = await runWithReports(emulator, { ...FAST, 'issue-types': 'sast' })

      expect(secured.run.exitCode).toBe(1)
      expect(errorLines(secured.run)).toEqual([
        `No verdict: GET ${FINDINGS} returned an unexpected response: findings[0].severity: expected one of low, medium, high, critical (got "***")`
      ])
      expectTokenMaskedAndNowhereElse(secured)
    })
  })

  it('invalid inputs: masked first, nothing sent, then nowhere', async () => {
    await tokenEmulator(async emulator => {
      const secured = await runWithReports(emulator, {
        'fail-on-severity': 'bogus',
        'base-url': `http://user:${TOKEN}@127.0.0.1:9`
      })

      expect(secured.run.exitCode).toBe(1)
      const errors = errorLines(secured.run)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(/^Invalid inputs, nothing was sent:\n/)
      expect(errors[0]).toContain('base-url: must not contain credentials')
      expect(errors[0]).toContain('fail-on-severity: ')
      expect(emulator.requests).toEqual([])
      expectTokenMaskedAndNowhereElse(secured)
    })
  })
})

describe('the signed SBOM download URL', () => {
  it('is masked before any other mention, and downloaded without Authorization', async () => {
    await tokenEmulator(async emulator => {
      const sbomFile = join(workDir, 'sbom.cdx.json')
      const secured = await runWithReports(emulator, {
        ...FAST,
        ...RELAXED,
        'sbom-export': 'true',
        'sbom-file': sbomFile
      })
      const { run } = secured

      expect(run.exitCode).toBe(0)
      expect(run.outputs['sbom-status']).toBe('completed')
      expect(run.outputs['sbom-file']).toBe(sbomFile)
      expect(JSON.parse(await readFile(sbomFile, 'utf8'))).toMatchObject({ bomFormat: 'CycloneDX' })

      const [task, ...others] = [...emulator.state.sbomTasks.values()]
      expect(others).toEqual([])
      const outcome = task?.outcome
      if (outcome?.status !== 'SBOM_EXPORT_STATUS_COMPLETED') throw new Error('export not done')
      const signature = outcome.signature
      const url = `${emulator.downloadUrl}/sbom/${task?.taskToken ?? ''}.json?X-Amz-Signature=${signature}`

      // The first line that mentions the signature is the mask of the whole URL.
      const lines = stdoutLines(run)
      const first = lines.findIndex(line => line.includes(signature))
      expect(first).toBeGreaterThan(0)
      expect(lines[first]).toBe(`::add-mask::${url}`)
      // And the signed URL is kept nowhere else (summary, outputs, report, SARIF).
      expect(
        secretLocations(
          run,
          signature,
          { 'report-file': secured.report, 'sarif-file': secured.sarif },
          new Set([first])
        )
      ).toEqual([])

      // One download, without credentials, answered 200.
      expect(emulator.downloads).toHaveLength(1)
      const download = emulator.downloads[0]
      expect(download?.headers.authorization).toBeUndefined()
      expect(download?.status).toBe(200)
      expect(download?.query['X-Amz-Signature']).toEqual([signature])
      expect(JSON.stringify(download?.headers)).not.toContain(TOKEN)
      // Every API request carried the token; it went nowhere else.
      for (const request of emulator.requests)
        expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`)
      expectTokenMaskedAndNowhereElse(secured)
    })
  })
})

describe('the token goes only to the base-url origin', () => {
  it.each([301, 302, 307, 308])(
    'a %i redirect to another origin is not followed; the run fails naming the redirect',
    async status => {
      await tokenEmulator(async emulator => {
        const elsewhere = `${emulator.downloadUrl}/api/v1/deployments`
        emulator.addFault({
          path: DEPLOYMENTS,
          kind: 'status',
          status,
          headers: { location: elsewhere },
          times: Infinity
        })
        const secured = await runWithReports(emulator, FAST)

        expect(emulator.downloads).toEqual([])
        expect(emulator.requests.map(r => `${r.method} ${r.path} ${r.status}`)).toEqual([
          `GET ${DEPLOYMENTS} ${status}`
        ])
        expect(secured.run.exitCode).toBe(1)
        const errors = errorLines(secured.run)
        expect(errors).toHaveLength(1)
        expect(errors[0]).toMatch(
          new RegExp(
            `^No verdict: GET /api/v1/deployments failed with HTTP ${status}( [A-Za-z ]+)?: redirected to ${elsewhere.replace(/[.]/g, '\\.')}; set base-url to the final origin \\(1 attempt\\)$`
          )
        )
        expectTokenMaskedAndNowhereElse(secured)
      })
    }
  )
})

describe('the pull-request comment', () => {
  it('is posted with the github-token, never with the api-token', async () => {
    const github = await new FakeGitHub().start()
    try {
      await tokenEmulator(async emulator => {
        const secured = await runWithReports(
          emulator,
          { ...FAST, 'comment-on-pr': 'always', 'github-token': GITHUB_TOKEN },
          {
            eventName: 'pull_request',
            event: {
              number: 42,
              pull_request: {
                number: 42,
                head: { repo: { full_name: 'acme/web' } },
                base: { repo: { full_name: 'acme/web' } }
              }
            },
            env: { GITHUB_API_URL: github.url }
          }
        )
        const { run } = secured

        expect(run.exitCode).toBe(1)
        expect(run.outputs['comment-url']).toBe(
          'https://github.com/acme/web/pull/42#issuecomment-9001'
        )
        expect(github.requests.map(r => `${r.method} ${r.url.replace(/\?.*$/, '')}`)).toEqual([
          'GET /repos/acme/web/issues/42/comments',
          'POST /repos/acme/web/issues/42/comments'
        ])
        for (const request of github.requests) {
          expect(request.headers.authorization).toBe(`token ${GITHUB_TOKEN}`)
          expect(JSON.stringify(request.headers)).not.toContain(TOKEN)
          expect(request.body).not.toContain(TOKEN)
        }
        expect(github.requests[1]?.body).toContain('<!-- findings-gate-comment -->')
        // The API never saw the github-token.
        for (const request of emulator.requests)
          expect(JSON.stringify(request.headers)).not.toContain(GITHUB_TOKEN)
        expectTokenMaskedAndNowhereElse(secured)
        expect(secured.report).not.toContain(GITHUB_TOKEN)
      })
    } finally {
      await github.close()
    }
  })
})
