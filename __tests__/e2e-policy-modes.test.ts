/**
 * Policy-mode evidence end to end, with the bundled action: the policy-mode gate judges only with
 * the modes it could read. A policy lookup that fails (404 included) is no verdict, a deployment-id
 * that is not the slug's fails before anything is judged, and findings whose rule the policy does
 * not list are counted and warned about, never silently passed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator } from '../emulator/server.js'
import {
  requireBundle,
  errorLines,
  RELAXED,
  runAction,
  warningLines,
  type Emulator
} from './helpers/e2e.js'
import { commandLines } from './helpers/e2e-inspect.js'
import { WEB_SAST, WEB_SCA } from './helpers/sample.js'

requireBundle()

const POLICIES = '/api/v1/deployments/4242/policies'
const RULES_11 = `${POLICIES}/11`
const MD5_RULE = 'python.lang.security.audit.md5-used-as-password.md5-used-as-password'

describe('e2e policy modes: no verdict without the modes', () => {
  let emulator: Emulator
  let dir: string
  beforeAll(async () => {
    emulator = await startEmulator()
    dir = await mkdtemp(join(tmpdir(), 'e2e-policy-modes-'))
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.clearFaults()
  })

  function policyRequests(): string[] {
    return emulator.requests.filter(r => r.path.startsWith(POLICIES)).map(r => r.path)
  }

  it('a 404 on GET /policies/{id} gives result=skipped, exit 1 and one error naming the policy', async () => {
    emulator.addFault({ method: 'GET', path: RULES_11, kind: 'status', status: 404, times: 5 })
    const run = await runAction(emulator)

    expect(run.exitCode).toBe(1)
    expect(run.outputs.result).toBe('skipped')
    expect(run.outputs['blocking-count']).toBeUndefined()
    expect(commandLines(run).filter(line => line.startsWith('::error'))).toHaveLength(1)
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^No verdict: the rule modes of policy 11 \\(Default Policy\\) could not be read, so fail-on-policy-mode cannot be judged: GET ${RULES_11} failed with HTTP 404 Not Found: .*Hint: policy 11 is not in deployment 4242: check that deployment-id is the id of deployment-slug \\(or leave deployment-id empty\\), or the deprecated v1 policies endpoints no longer serve it\\. Set fail-on-policy-mode: none to gate without policy modes$`
        )
      )
    ])
    expect(run.summary).not.toContain('Gate passed')
  })

  it('with on-api-error: warn the same 404 is a warning, result=skipped and exit 0', async () => {
    emulator.addFault({ method: 'GET', path: RULES_11, kind: 'status', status: 404, times: 5 })
    const run = await runAction(emulator, { 'on-api-error': 'warn' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('skipped')
    expect(errorLines(run)).toEqual([])
    expect(warningLines(run)).toEqual([
      expect.stringMatching(
        /^No verdict \(on-api-error: warn, the step passes\): the rule modes of policy 11 \(Default Policy\) could not be read/
      )
    ])
  })

  it('with fail-on-policy-mode: none the same 404 is harmless: no policy is looked up', async () => {
    emulator.addFault({ method: 'GET', path: RULES_11, kind: 'status', status: 404, times: 5 })
    const run = await runAction(emulator, RELAXED)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('passed')
    expect(run.outputs['findings-count']).toBe('16')
    expect(errorLines(run)).toEqual([])
    expect(warningLines(run)).toEqual([])
    expect(policyRequests()).toEqual([])
  })

  it('a deployment-id that is not the slug’s fails before judging, naming both and the right id', async () => {
    const run = await runAction(emulator, {
      'deployment-slug': 'acme-corp',
      'deployment-id': '4243'
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)).toEqual([
      'No verdict: deployment-id "4243" does not match deployment-slug "acme-corp": the api-token sees acme-corp with id 4242; set deployment-id to 4242 or leave it empty'
    ])
    expect(policyRequests()).toEqual([])
  })
})

describe('e2e policy modes: rules their policy does not list', () => {
  let emulator: Emulator
  let dir: string
  beforeAll(async () => {
    emulator = await startEmulator()
    dir = await mkdtemp(join(tmpdir(), 'e2e-policy-modes-unknown-'))
    // The md5 rule (finding WEB_SAST.md5, blocking only by its BLOCK mode) is no longer in policy 11.
    const policy = emulator.state.policies.find(p => p.id === '11')
    if (!policy) throw new Error('the sample data has no policy 11')
    policy.rules = policy.rules.filter(rule => rule.path !== MD5_RULE)
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('counts the finding of unknown mode in the summary and the JSON report, and warns once', async () => {
    const reportFile = join(dir, 'report.json')
    const run = await runAction(emulator, { 'report-file': reportFile })

    // Still judged, and WEB_SAST.md5 no longer blocks: its mode is unknown.
    expect(run.exitCode).toBe(1)
    expect(run.outputs.result).toBe('failed')
    expect(run.outputs['blocking-ids']).toBe(
      `[${WEB_SAST.sqli},${WEB_SAST.subprocess},${WEB_SAST.certValidation},${WEB_SCA.lodash}]`
    )
    expect(warningLines(run)).toEqual([
      '1 SAST finding(s) have rules their policy does not list; their mode is unknown and does not block by mode'
    ])
    expect(run.summary).toContain(
      '**1** SAST finding of unknown policy mode (does not block by mode)'
    )
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as {
      counts: { unknownMode: number }
      warnings: string[]
    }
    expect(report.counts.unknownMode).toBe(1)
    expect(report.warnings).toEqual([
      '1 SAST finding(s) have rules their policy does not list; their mode is unknown and does not block by mode'
    ])
  })
})
