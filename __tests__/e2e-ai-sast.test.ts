/**
 * AI-powered detection findings end to end, with the bundled action: `ai_sast` is a type of its
 * own (`issue-types`, in the default), read from the findings endpoint's third `issue_type`,
 * judged like Code findings by severity (the API gives them no mode), and reported with their own
 * count (`ai-sast-count`, the summary row, the JSON report, SARIF). In the default a scan that did
 * not run the product is a warning naming it; named, it must be proven.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { ScanRecord } from '../emulator/server.js'
import {
  requireBundle,
  errorLines,
  FINDINGS_PATH,
  runAction,
  warningLines,
  withEmulator,
  type Emulator
} from './helpers/e2e.js'

requireBundle()

const IDOR = 'ai.detection.idor'
/** What the AI finding's ids start from (factory ids of the emulator's AI findings). */
const AI_ID = 8_990_001

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2e-ai-sast-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A completed scan of acme/web main, newer than the sample's, that found one high AI finding. */
function scanWithAiFinding(emulator: Emulator, enabledProducts?: string[]): ScanRecord {
  return emulator.addScan({
    repository: 'acme/web',
    branch: 'refs/heads/main',
    ...(enabledProducts ? { enabledProducts } : {}),
    aiSast: [{ id: AI_ID, severity: 'high', ruleName: IDOR }]
  })
}

function aiRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(
    r => r.path === FINDINGS_PATH && r.query.issue_type?.[0] === 'ai_sast'
  )
}

describe('e2e AI SAST: judged and reported like Code findings, with their own count', () => {
  it.each(['documented', 'live'] as const)(
    'a high AI finding blocks by severity (%s shape) and is counted on its own everywhere',
    async shape => {
      await withEmulator({ shape }, async emulator => {
        const scan = scanWithAiFinding(emulator, [
          'PRODUCT_SAST',
          'sca',
          'secrets',
          'PRODUCT_AI_SAST'
        ])
        const reportFile = join(dir, `report-${shape}.json`)
        const sarifFile = join(dir, `out-${shape}.sarif`)
        const run = await runAction(emulator, {
          commit: scan.commit,
          'report-file': reportFile,
          'sarif-file': sarifFile
        })

        expect(run.exitCode).toBe(1)
        expect(run.outputs).toMatchObject({
          result: 'failed',
          'findings-count': '17',
          'sast-count': '10',
          'ai-sast-count': '1',
          'scan-id': String(scan.id)
        })
        expect(JSON.parse(run.outputs['blocking-ids'] ?? '[]')).toContain(AI_ID)
        expect(errorLines(run)).toEqual([expect.stringMatching(/^6 blocking findings: high /)])
        expect(warningLines(run)).toEqual([])
        // The summary: the row of its own, the type in the scope, the scan that vouches for it.
        expect(run.summary).toContain('| AI-powered detection | 0 | 1 | 0 | 0 | 1 |')
        expect(run.summary).toContain(
          `**Judged:** Code, Supply Chain, Secrets, AI-powered detection in scan ${scan.id} of commit`
        )
        expect(run.summary).toMatch(
          /\| high \| <code>ai\.detection\.idor<\/code>[^\n]*\| severity high ≥ high \|\n/
        )
        // JSON report and SARIF.
        const report = JSON.parse(await readFile(reportFile, 'utf8')) as {
          counts: Record<string, unknown>
          findings: { id: number; type: string; mode: unknown; blocking: boolean }[]
        }
        expect(report.counts.ai_sast).toEqual({ low: 0, medium: 0, high: 1, critical: 0 })
        expect(report.findings.find(f => f.id === AI_ID)).toMatchObject({
          type: 'ai_sast',
          mode: null,
          blocking: true
        })
        const sarif = JSON.parse(await readFile(sarifFile, 'utf8')) as {
          runs: { results: { ruleId: string; level: string; properties: { type: string } }[] }[]
        }
        expect(sarif.runs[0]?.results.find(r => r.ruleId === IDOR)).toMatchObject({
          level: 'error',
          properties: { type: 'ai_sast' }
        })
        // One list per status, planned without a count (findings_counts has none), no mode list.
        const requests = aiRequests(emulator)
        expect(new Set(requests.map(r => r.query.status?.[0]))).toEqual(
          new Set(['open', 'reviewing', 'fixing'])
        )
        expect(requests.filter(r => r.query.policies !== undefined)).toEqual([])
      })
    }
  )

  it('ai_sast alone judges only the AI findings, with policy modes on: no mode list is read', async () => {
    await withEmulator({}, async emulator => {
      const scan = scanWithAiFinding(emulator)
      const run = await runAction(emulator, {
        commit: scan.commit,
        'issue-types': 'ai-sast',
        'fail-on-policy-mode': 'comment'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({
        'findings-count': '1',
        'ai-sast-count': '1',
        'sast-count': '0',
        'blocking-ids': `[${AI_ID}]`
      })
      expect(
        emulator.requests.filter(r => r.path === FINDINGS_PATH).map(r => r.query.issue_type?.[0])
      ).toEqual(expect.arrayContaining(['ai_sast']))
      expect(
        emulator.requests.filter(
          r => r.path === FINDINGS_PATH && r.query.issue_type?.[0] !== 'ai_sast'
        )
      ).toEqual([])
    })
  })
})

describe('e2e AI SAST: tickets', () => {
  it('are not asked for AI findings, which the tickets API does not take: skipped with a warning', async () => {
    await withEmulator({}, async emulator => {
      const scan = scanWithAiFinding(emulator)
      const run = await runAction(emulator, { commit: scan.commit, 'create-tickets': 'true' })

      const tickets = emulator.requests.filter(r => r.path.endsWith('/tickets'))
      const types = tickets.map(r => (r.body as { issue_type: string }).issue_type)
      expect(types.sort()).toEqual(['sast', 'sca'])
      expect(warningLines(run)).toEqual([
        `Tickets for AI-powered detection finding ${AI_ID} skipped: the tickets API takes Code, Supply Chain and Secrets findings only (issue_type sast, sca, secrets)`
      ])
      // The other blocking findings got theirs; the gate is unaffected.
      expect(run.outputs['tickets-created']).toBe('5')
      expect(run.outputs['ai-sast-count']).toBe('1')
      expect(run.exitCode).toBe(1)
    })
  })
})

describe('e2e AI SAST: a product the deployment may not have', () => {
  /** An older scan found an AI finding; the gated commit's scan did not run AI-powered detection. */
  function withoutAiOnHead(emulator: Emulator): ScanRecord {
    const older = scanWithAiFinding(emulator)
    older.startedAt = new Date(older.startedAt.getTime() - 30 * 60_000)
    older.completedAt = new Date((older.completedAt ?? older.startedAt).getTime() - 30 * 60_000)
    return emulator.addScan({
      repository: 'acme/web',
      branch: 'refs/heads/main',
      enabledProducts: ['sast', 'sca', 'secrets']
    })
  }

  it('from the default: a warning naming it, the heading says so, its findings are not judged', async () => {
    await withEmulator({}, async emulator => {
      const head = withoutAiOnHead(emulator)
      const run = await runAction(emulator, { commit: head.commit })

      expect(run.exitCode).toBe(1)
      expect(run.outputs['findings-count']).toBe('16')
      expect(run.outputs).not.toHaveProperty('ai-sast-count')
      expect(JSON.parse(run.outputs['blocking-ids'] ?? '[]')).not.toContain(AI_ID)
      expect(warningLines(run)).toEqual([
        `AI-powered detection findings were not judged: scan ${head.id} of commit ${head.commit.slice(0, 7)} (products: sast, sca, secrets) did not run AI-powered detection, and no other completed scan of commit ${head.commit.slice(0, 7)} did; the other types were judged`
      ])
      expect(run.summary.split('\n')[2]).toMatch(
        /^\*\*Judged:\*\* Code, Supply Chain, Secrets in scan .*; \*\*not judged:\*\* AI-powered detection — no completed scan of this commit ran it\.$/
      )
      expect(run.summary).not.toContain('| AI-powered detection |')
      expect(aiRequests(emulator)).toEqual([])
    })
  })

  it('named in issue-types: no verdict naming the product, result=skipped', async () => {
    await withEmulator({}, async emulator => {
      const head = withoutAiOnHead(emulator)
      const run = await runAction(emulator, { commit: head.commit, 'issue-types': 'sast,ai_sast' })

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)).toEqual([
        expect.stringMatching(
          /^No verdict: scan \d+ of commit [0-9a-f]{7} \(products: sast, sca, secrets\) did not run AI-powered detection, and no other completed scan of commit [0-9a-f]{7} did, so the AI-powered detection findings listed for the ref are not its; run AI-powered detection on it, or leave ai_sast out of issue-types$/
        )
      ])
      expect(aiRequests(emulator)).toEqual([])
    })
  })

  it('a bad issue-types value is refused before any request, naming the input and the values', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, { 'issue-types': 'sast, ai, ai_dast' })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual({})
      expect(errorLines(run)).toEqual([
        'Invalid inputs, nothing was sent:\n' +
          'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "ai")\n' +
          'issue-types: each entry must be one of sast, sca, secrets, ai_sast (got "ai_dast")'
      ])
      expect(emulator.requests).toEqual([])
    })
  })
})
