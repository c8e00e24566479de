/**
 * Policy modes end to end, with the bundled action: a SAST finding's mode comes from the findings
 * endpoint itself, the list of each mode at or above fail-on-policy-mode read beside the full
 * list (`policies=rule-board-block`, …). The deprecated v1 policies endpoints are never asked, so
 * a deployment where they are retired (404) or gone (410) gets the same verdict. A mode list that
 * cannot be read is no verdict; a finding in no mode list is reported below the threshold.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  requireBundle,
  errorLines,
  FINDINGS_PATH,
  NORMAL_OUTPUTS,
  RELAXED,
  runAction,
  sharedEmulator,
  warningLines,
  withEmulator,
  type Emulator
} from './helpers/e2e.js'
import { commandLines } from './helpers/e2e-inspect.js'
import { WEB_SAST, WEB_SCA } from './helpers/sample.js'

requireBundle()

const MD5_RULE = 'python.lang.security.audit.md5-used-as-password.md5-used-as-password'
const STATUSES = ['fixing', 'open', 'reviewing']

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-policy-modes-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

interface ReportedFinding {
  readonly id: number
  readonly mode: string | null
  readonly blocking: boolean
  readonly reasons: readonly { readonly kind: string }[]
}

/** Runs the action with a JSON report; returns the run and each finding's mode and verdict. */
async function runWithReport(emulator: Emulator, inputs: Record<string, string>) {
  const reportFile = join(dir, `report-${Date.now()}-${Math.random()}.json`)
  const run = await runAction(emulator, { ...inputs, 'report-file': reportFile })
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as {
    findings: ReportedFinding[]
    warnings: string[]
  }
  const byId = new Map(report.findings.map(finding => [finding.id, finding]))
  const of = (id: number): [string | null, boolean, string[]] => {
    const finding = byId.get(id)
    if (finding === undefined) throw new Error(`finding ${id} is not in the report`)
    return [finding.mode, finding.blocking, finding.reasons.map(reason => reason.kind)]
  }
  return { run, report, of }
}

/** The mode lists a run read: each as its filter and status, once per list. */
function modeLists(emulator: Emulator): string[] {
  const lists = emulator.requests
    .filter(r => r.path === FINDINGS_PATH && r.query.policies !== undefined)
    .map(r => `${(r.query.policies ?? []).join('+')} ${r.query.status?.[0] ?? ''}`)
  return [...new Set(lists)].sort()
}

/** Every block-mode list (or those of one status) answers HTTP 500, retries included. */
function failBlockLists(emulator: Emulator, status?: string): void {
  emulator.addFault({
    method: 'GET',
    path: FINDINGS_PATH,
    query: { policies: 'rule-board-block', ...(status === undefined ? {} : { status }) },
    kind: 'status',
    status: 500,
    times: Infinity
  })
}

function policyRequests(emulator: Emulator): string[] {
  return emulator.requests.filter(r => r.path.includes('/policies')).map(r => r.path)
}

describe('e2e policy modes: from the findings endpoint', () => {
  const shared = sharedEmulator()

  it('block: a block-mode finding blocks by mode alone and is reported as block; a comment-mode one does not', async () => {
    const emulator = shared.current()
    const { run, of } = await runWithReport(emulator, { 'fail-on-severity': 'none' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-ids']).toBe(`[${WEB_SAST.sqli},${WEB_SAST.md5}]`)
    expect(of(WEB_SAST.md5)).toEqual(['block', true, ['policy-mode']])
    expect(of(WEB_SAST.csrf)).toEqual(['below-block', false, []])
    expect(of(WEB_SAST.subprocess)).toEqual(['below-block', false, []])
    expect(run.summary).toMatch(/\| below block \| \[src\/app\/api\/webhooks\.py/)
    expect(modeLists(emulator)).toEqual(STATUSES.map(status => `rule-board-block ${status}`))
    expect(policyRequests(emulator)).toEqual([])
    expect(warningLines(run)).toEqual([])
  })

  it('comment: the comment-mode finding blocks too, reported as comment', async () => {
    const emulator = shared.current()
    const { run, of } = await runWithReport(emulator, {
      'fail-on-severity': 'none',
      'fail-on-policy-mode': 'comment'
    })

    expect(run.exitCode).toBe(1)
    expect(of(WEB_SAST.csrf)).toEqual(['comment', true, ['policy-mode']])
    expect(of(WEB_SAST.md5)).toEqual(['block', true, ['policy-mode']])
    expect(of(WEB_SAST.subprocess)).toEqual(['below-comment', false, []])
    expect(modeLists(emulator)).toEqual([
      ...STATUSES.map(status => `rule-board-block ${status}`),
      ...STATUSES.map(status => `rule-board-pr-comments ${status}`)
    ])
  })

  it('monitor: every listed mode blocks; a disabled rule is below monitor', async () => {
    const emulator = shared.current()
    const { of } = await runWithReport(emulator, {
      'fail-on-severity': 'none',
      'fail-on-policy-mode': 'monitor'
    })

    expect(of(WEB_SAST.subprocess)).toEqual(['monitor', true, ['policy-mode']])
    expect(of(WEB_SAST.documentMethod)).toEqual(['below-monitor', false, []])
    expect(modeLists(emulator)).toHaveLength(9)
  })

  it.each(['not-found', 'gone'] as const)(
    'with the v1 policies endpoints retired (%s), the verdict is the normal one',
    async policiesV1 => {
      const emulator = shared.current()
      emulator.state.policiesV1 = policiesV1
      try {
        const run = await runAction(emulator)

        expect(run.exitCode).toBe(1)
        expect(run.outputs).toEqual(NORMAL_OUTPUTS)
        expect(errorLines(run)).toEqual([expect.stringMatching(/^5 blocking findings: high /)])
        expect(warningLines(run)).toEqual([])
        expect(policyRequests(emulator)).toEqual([])
      } finally {
        emulator.state.policiesV1 = 'served'
      }
    }
  )

  it('a mode list that fails after its retries is no verdict naming it: result=skipped, exit 1', async () => {
    const emulator = shared.current()
    failBlockLists(emulator, 'open')
    const run = await runAction(emulator, { 'max-retries': '1' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs.result).toBe('skipped')
    expect(run.outputs['blocking-count']).toBeUndefined()
    expect(commandLines(run).filter(line => line.startsWith('::error'))).toHaveLength(1)
    expect(errorLines(run)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^No verdict: the block-mode list of open Code findings could not be read, so fail-on-policy-mode cannot be judged: GET ${FINDINGS_PATH} failed with HTTP 500 .*\\(2 attempts\\).*\\. Set fail-on-policy-mode: none to gate without policy modes$`
        )
      )
    ])
    expect(run.summary).not.toContain('Gate passed')
  })

  it('with on-api-error: warn the same failure is a warning, result=skipped and exit 0', async () => {
    const emulator = shared.current()
    failBlockLists(emulator)
    const run = await runAction(emulator, { 'max-retries': '0', 'on-api-error': 'warn' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('skipped')
    expect(errorLines(run)).toEqual([])
    expect(warningLines(run)).toEqual([
      expect.stringMatching(
        /^No verdict \(on-api-error: warn, the step passes\): the block-mode list of open Code findings could not be read/
      )
    ])
  })

  it('with fail-on-policy-mode: none no mode list is read, and a failing one is harmless', async () => {
    const emulator = shared.current()
    failBlockLists(emulator)
    const run = await runAction(emulator, RELAXED)

    expect(run.exitCode).toBe(0)
    expect(run.outputs.result).toBe('passed')
    expect(run.outputs['findings-count']).toBe('16')
    expect(modeLists(emulator)).toEqual([])
    expect(policyRequests(emulator)).toEqual([])
  })

  it('a deployment-id that is not the slug’s fails before judging, naming both and the right id', async () => {
    const emulator = shared.current()
    const run = await runAction(emulator, {
      'deployment-slug': 'acme-corp',
      'deployment-id': '4243'
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)).toEqual([
      'No verdict: deployment-id "4243" does not match deployment-slug "acme-corp": the api-token sees acme-corp with id 4242; set deployment-id to 4242 or leave it empty'
    ])
    expect(modeLists(emulator)).toEqual([])
  })
})

describe('e2e policy modes: a long mode list', () => {
  it('asks for its list’s planned pages at once, and reads it to its end', async () => {
    await withEmulator({ latencyMs: 200 }, async emulator => {
      // 4,000 open findings of a block-mode rule: two pages and the empty one that ends the list.
      const scan = emulator.addScan({
        repository: 'acme/web',
        branch: 'refs/heads/main',
        sast: Array.from({ length: 4000 }, (_, i) => ({
          ruleName: MD5_RULE,
          severity: 'low' as const,
          location: { filePath: `src/m${i}.py`, line: 1, column: 1, endLine: 1, endColumn: 9 }
        }))
      })
      const run = await runAction(emulator, {
        commit: scan.commit,
        'issue-types': 'sast',
        status: 'open',
        'fail-on-severity': 'none'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-count']).toBe('4002')
      const pages = emulator.requests.filter(r => r.query.policies?.[0] === 'rule-board-block')
      expect(pages.map(r => Number(r.query.page?.[0])).sort()).toEqual([0, 1, 2])
      // Asked together (the count's plan): every page was asked for before any was answered,
      // not one after another a round trip apart.
      const lastAsked = Math.max(...pages.map(r => r.receivedAt ?? Infinity))
      const firstAnswered = Math.min(...pages.map(r => r.answeredAt ?? -Infinity))
      expect(lastAsked).toBeLessThan(firstAnswered)
    })
  })
})

describe('e2e policy modes: a rule its policy no longer lists', () => {
  const shared = sharedEmulator()

  it('is in no mode list: reported below block, blocking by nothing but its severity', async () => {
    const emulator = shared.current()
    // The md5 rule (WEB_SAST.md5, blocking only by its BLOCK mode) is no longer in policy 11.
    const policy = emulator.state.policies.find(p => p.id === '11')
    if (!policy) throw new Error('the sample data has no policy 11')
    policy.rules = policy.rules.filter(rule => rule.path !== MD5_RULE)
    const { run, report, of } = await runWithReport(emulator, {})

    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-ids']).toBe(
      `[${WEB_SAST.sqli},${WEB_SAST.subprocess},${WEB_SAST.certValidation},${WEB_SCA.lodash}]`
    )
    expect(of(WEB_SAST.md5)).toEqual(['below-block', false, []])
    expect(report.warnings).toEqual([])
  })
})
