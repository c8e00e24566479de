/**
 * Secrets findings end to end (bundled action against the emulator): which validation states
 * block, severity and policy-mode thresholds on secrets, the client-side ref scope (the endpoint
 * has no ref filter), a deployment without the Secrets product, tickets, bad input, and the
 * promise that no part of a secret ever reaches an output.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PR_REF, sampleCommit, secretFinding } from '../emulator/server.js'
import type { JsonObject } from '../emulator/wire.js'
import { renderSecret } from '../emulator/api/secrets.js'
import {
  requireBundle,
  errorLines,
  runAction,
  warningLines,
  withEmulator,
  type Emulator
} from './helpers/e2e.js'
import { annotations, secretLocations } from './helpers/e2e-inspect.js'
import { FakeGitHub } from './helpers/fake-github.js'
import { SECRET } from './helpers/sample.js'

requireBundle()

const SECRETS_PATH = '/api/v1/deployments/4242/secrets'
/** Only secrets decide: the SAST/SCA thresholds are off, so each case isolates one criterion. */
const SECRETS_ONLY = {
  'issue-types': 'secrets',
  'fail-on-severity': 'none',
  'fail-on-policy-mode': 'none'
}

let workDir = ''
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'findings-gate-secrets-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

function secretsRequests(emulator: Emulator): Emulator['requests'] {
  return emulator.requests.filter(r => r.path === SECRETS_PATH)
}

function blockingIds(outputs: Readonly<Record<string, string>>): number[] {
  return JSON.parse(outputs['blocking-ids'] ?? 'null') as number[]
}

/** acme/api main: a live OpenAI key, a revoked AWS key, an unverifiable GitHub token, a Stripe key. */
const API = { repository: 'acme/api', ref: 'refs/heads/main' }
const OPENAI = SECRET.apiOpenAi
const AWS = SECRET.apiAws
const GITHUB = SECRET.apiGitHub
const STRIPE = SECRET.apiStripe

describe('which secrets block', () => {
  it('default: the confirmed-valid secret blocks, whatever its severity and mode', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        ...API,
        'fail-on-severity': 'none',
        'fail-on-policy-mode': 'none'
      })

      expect(run.exitCode).toBe(1)
      expect(blockingIds(run.outputs)).toEqual([OPENAI])
      expect(run.outputs['secrets-count']).toBe('4')
      expect(errorLines(run).at(-1)).toBe(
        '1 blocking finding: medium secrets.OpenAI at src/ai/client.ts:18'
      )
      expect(run.summary).toContain('### Secrets (4)')
      expect(run.summary).toContain(
        '| medium | <code>OpenAI</code> | [src/ai/client.ts\\:18](https://github.com/acme/api/blob/'
      )
      expect(run.summary).toContain('| confirmed valid | blocks\\: secret confirmed valid |')
      expect(run.summary).toContain('| secret confirmed valid (confirmed valid, mode monitor) |')
      expect(run.summary).toContain(' · confirmed-valid secrets block')
      // One request chain, keyed by deployment id, for the one status the secrets API knows.
      expect(secretsRequests(emulator).map(r => r.query)).toEqual([
        { limit: ['500'], repo: ['acme/api'], status: ['FINDING_STATUS_OPEN'] }
      ])
    })
  })

  it.each([
    ['valid', [OPENAI]],
    ['valid-or-unverified', [OPENAI, STRIPE, GITHUB]],
    ['any', [AWS, OPENAI, STRIPE, GITHUB]],
    ['none', []]
  ] as const)('fail-on-secrets %s blocks %j', async (threshold, blocking) => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        ...API,
        ...SECRETS_ONLY,
        'fail-on-secrets': threshold
      })

      expect(blockingIds(run.outputs)).toEqual(blocking)
      expect(run.outputs.result).toBe(blocking.length > 0 ? 'failed' : 'passed')
      expect(run.outputs['secrets-count']).toBe('4')
    })
  })

  it('severity and policy-mode thresholds apply to secrets as to SAST', async () => {
    await withEmulator({}, async emulator => {
      const off = { ...API, ...SECRETS_ONLY, 'fail-on-secrets': 'none' }
      const bySeverity = await runAction(emulator, { ...off, 'fail-on-severity': 'medium' })
      const byMode = await runAction(emulator, { ...off, 'fail-on-policy-mode': 'comment' })

      // OpenAI and Stripe are medium; GitHub is low, in comment mode.
      expect(blockingIds(bySeverity.outputs)).toEqual([OPENAI, STRIPE])
      expect(bySeverity.summary).toContain('blocks\\: severity medium ≥ medium')
      expect(blockingIds(byMode.outputs)).toEqual([GITHUB])
      expect(byMode.summary).toContain('blocks\\: policy mode comment ≥ comment')
    })
  })

  it('a secret confirmed invalid never blocks by severity or mode (critical, block mode)', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        ...API,
        'issue-types': 'secrets',
        'fail-on-severity': 'low',
        'fail-on-policy-mode': 'monitor'
      })

      expect(blockingIds(run.outputs)).toEqual([OPENAI, STRIPE, GITHUB])
      expect(run.summary).toContain('| critical | <code>AWS</code> |')
      expect(run.summary).toContain('| confirmed invalid | does not block |')
    })
  })

  it('acme/web has no open secret on main: its verdict and counts are those of SAST and SCA', async () => {
    await withEmulator({}, async emulator => {
      const all = await runAction(emulator)
      const withoutSecrets = await runAction(emulator, { 'issue-types': 'sast,sca' })

      expect(all.outputs).toEqual({
        ...withoutSecrets.outputs,
        'secrets-count': '0',
        'ai-sast-count': '0'
      })
      expect(warningLines(all)).toEqual([])
    })
  })
})

describe('the ref scope of secrets (the endpoint has no ref filter)', () => {
  it('keeps the branch in either spelling, leaves other refs out without a warning', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.secrets.findings.push(
        secretFinding({ id: 9_300_001, ref: 'main', type: 'GitLab' }),
        secretFinding({ id: 9_300_002, ref: 'refs/heads/dev', type: 'Heroku' })
      )
      const run = await runAction(emulator, { ...SECRETS_ONLY, 'fail-on-secrets': 'any' })

      // The dev and spike branches' keys are of other refs.
      expect(blockingIds(run.outputs)).toEqual([9_300_001])
      expect(run.outputs['secrets-count']).toBe('1')
      expect(warningLines(run)).toEqual([])
    })
  })

  it('secrets of other refs only: none in scope, so a live one elsewhere does not block', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.secrets.findings = [secretFinding({ ref: 'refs/heads/dev' })]
      const run = await runAction(emulator, SECRETS_ONLY)

      expect(run.exitCode).toBe(0)
      expect(run.outputs['secrets-count']).toBe('0')
      expect(secretsRequests(emulator)).toHaveLength(1)
    })
  })

  it('a secret of another repository (a server ignoring repo) is dropped with a warning', async () => {
    await withEmulator({}, async emulator => {
      const own = secretFinding({ id: 9_300_003 })
      const other = secretFinding({ id: 9_300_004, repository: 'acme/web-legacy' })
      emulator.addFault({
        path: SECRETS_PATH,
        kind: 'json',
        body: { findings: [renderSecret(own), renderSecret(other)] }
      })
      const run = await runAction(emulator, SECRETS_ONLY)

      expect(blockingIds(run.outputs)).toEqual([9_300_003])
      expect(warningLines(run)).toEqual([
        'Dropped 1 finding(s) the server returned out of scope: 1 of another repository (acme/web-legacy)'
      ])
    })
  })
})

describe('a repository without the Secrets product (403)', () => {
  it('secrets only from the default: a warning naming the product, the other types judged', async () => {
    await withEmulator({}, async emulator => {
      const where = { repository: 'acme/payments', ref: 'refs/heads/trunk' }
      const withoutSecrets = await runAction(emulator, { ...where, 'issue-types': 'sast,sca' })
      const run = await runAction(emulator, where)

      expect(secretsRequests(emulator).map(r => r.status)).toEqual([403])
      expect(warningLines(run)).toEqual([
        'Secrets were not judged: the secrets endpoint answered HTTP 403 for acme/payments, so the Secrets product seems not enabled for it; the other types were judged. Set issue-types without secrets (e.g. sast,sca,ai_sast) to leave secrets out, or name secrets to make this an error'
      ])
      expect(run.exitCode).toBe(withoutSecrets.exitCode)
      expect(run.outputs).toEqual({
        ...withoutSecrets.outputs,
        'secrets-count': '0',
        'ai-sast-count': '0'
      })
      expect(Number(run.outputs['findings-count'])).toBeGreaterThan(0)
    })
  })

  it('secrets named by the user: no verdict, like any API error', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        repository: 'acme/payments',
        ref: 'refs/heads/trunk',
        'issue-types': 'sast,sca,secrets'
      })

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      const errors = errorLines(run)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(
        /^No verdict: GET \/api\/v1\/deployments\/4242\/secrets failed with HTTP 403 Forbidden: Secrets is not enabled for repository 'acme\/payments' \(1 attempt\)\. Hint: the deployment or this repository may not have the Secrets product/
      )
    })
  })
})

describe('the proven scan did not run Secrets', () => {
  function withoutSecretsScan(emulator: Emulator): number {
    const head = emulator.state.scans.find(
      s => s.commit === sampleCommit('acme/api', 'refs/heads/main')
    )
    if (!head) throw new Error('no sample scan of acme/api main')
    head.enabledProducts = ['sast', 'sca']
    return head.id
  }

  it('secrets only from the default: a warning, and the live secret of an older scan is not judged', async () => {
    await withEmulator({}, async emulator => {
      const scanId = withoutSecretsScan(emulator)
      const run = await runAction(emulator, {
        ...API,
        'fail-on-severity': 'none',
        'fail-on-policy-mode': 'none'
      })

      // The findings are read once the scans are proven: the secrets are not even asked for.
      expect(secretsRequests(emulator)).toEqual([])
      expect(run.outputs['secrets-count']).toBe('0')
      expect(warningLines(run)).toEqual([
        `Secrets findings were not judged: scan ${scanId} of commit 59763d3 (products: sast, sca) did not run Secrets, and no other completed scan of commit 59763d3 did; the other types were judged`,
        `AI-powered detection findings were not judged: scan ${scanId} of commit 59763d3 (products: sast, sca) did not run AI-powered detection, and no other completed scan of commit 59763d3 did; the other types were judged`
      ])
      expect(run.summary).toContain(
        '; **not judged:** Secrets, AI-powered detection — no completed scan of this commit ran them.'
      )
    })
  })

  it('secrets named by the user: no verdict (the scan cannot vouch for them)', async () => {
    await withEmulator({}, async emulator => {
      const scanId = withoutSecretsScan(emulator)
      const run = await runAction(emulator, { ...API, 'issue-types': 'secrets' })

      expect(run.exitCode).toBe(1)
      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)).toEqual([
        `No verdict: scan ${scanId} of commit 59763d3 (products: sast, sca) did not run Secrets, and no other completed scan of commit 59763d3 did, so the Secrets findings listed for the ref are not its; run Secrets on it, or leave secrets out of issue-types`
      ])
      expect(run.outputs['secrets-count']).toBeUndefined()
    })
  })
})

describe('tickets for secrets', () => {
  it('issue_type secrets for the blocking secret, and nothing new on a re-run', async () => {
    await withEmulator({}, async emulator => {
      const inputs = { ...API, ...SECRETS_ONLY, 'create-tickets': 'true' }
      const first = await runAction(emulator, inputs)
      const second = await runAction(emulator, inputs)

      const posts = emulator.requests.filter(
        r => r.method === 'POST' && r.path.endsWith('/tickets')
      )
      expect(posts.map(r => r.body)).toEqual([
        { issue_type: 'secrets', issue_ids: [String(OPENAI)], group_issues: true, limit: 20 }
      ])
      expect(first.outputs['tickets-created']).toBe('1')
      expect(emulator.state.tickets.map(t => [t.issueType, t.issueIds])).toEqual([
        ['secrets', [OPENAI]]
      ])
      expect(second.outputs['tickets-created']).toBe('0')
      expect(second.summary).toContain('1 finding already had a ticket.')
    })
  })
})

describe('bad input', () => {
  it('an unknown fail-on-secrets names the allowed values; nothing is sent', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, { 'fail-on-secrets': 'live' })

      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        'Invalid inputs, nothing was sent:\nfail-on-secrets: must be one of valid, valid-or-unverified, any, none (got "live")'
      ])
      expect(emulator.requests).toEqual([])
    })
  })
})

const PLANTED = 'sk-live-PLANTED-4f9c2e7a1b3d5f60'

/** Every unknown field a future answer might carry the secret in, nested ones too. */
function plantedFields(): JsonObject {
  return {
    value: PLANTED,
    secret: PLANTED,
    match: PLANTED,
    snippet: `api_key = "${PLANTED}"`,
    line_of_code: `OPENAI_KEY=${PLANTED}`,
    rawSecret: PLANTED,
    historicalInfo: { gitCommit: 'abc', firstSeen: { rawSecret: PLANTED } },
    autotriage: { reason: `the key ${PLANTED} looks live`, matches: [{ text: PLANTED }] }
  }
}

describe('a secret is never printed', () => {
  it('planted in unknown fields, it reaches no log, summary, annotation, SARIF, report, comment or output', async () => {
    const github = await new FakeGitHub().start()
    try {
      await withEmulator({}, async emulator => {
        emulator.state.secrets.findings.push(
          secretFinding({ id: 9_400_001, ref: PR_REF, extra: plantedFields() })
        )
        const reportFile = join(workDir, 'planted-report.json')
        const sarifFile = join(workDir, 'planted.sarif')
        const run = await runAction(
          emulator,
          {
            ref: PR_REF,
            'report-file': reportFile,
            'sarif-file': sarifFile,
            'comment-on-pr': 'always',
            'github-token': 'ghs_FAKEgithubTOKEN0002',
            'create-tickets': 'true'
          },
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
        const report = existsSync(reportFile) ? await readFile(reportFile, 'utf8') : undefined
        const sarif = existsSync(sarifFile) ? await readFile(sarifFile, 'utf8') : undefined

        // The planted finding was judged and reported: the check below looked at real output.
        expect(run.exitCode).toBe(1)
        expect(blockingIds(run.outputs)).toContain(9_400_001)
        expect(report).toContain('"secretType": "OpenAI"')
        expect(sarif).toContain('secrets.OpenAI')
        expect(annotations(run).some(a => a.message.includes('OpenAI secret'))).toBe(true)
        expect(github.comments).toHaveLength(1)
        expect(
          secretLocations(run, PLANTED, {
            'report-file': report,
            'sarif-file': sarif,
            'pr-comment': github.requests.map(r => r.body).join('\n'),
            'ticket requests': JSON.stringify(emulator.requests.map(r => r.body))
          })
        ).toEqual([])
      })
    } finally {
      await github.close()
    }
  })

  it('nor in the error of an answer that fails validation', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.secrets.findings.push(
        secretFinding({
          extra: { ...plantedFields(), severity: PLANTED, validationState: PLANTED }
        })
      )
      const run = await runAction(emulator, { 'issue-types': 'secrets' })

      expect(run.outputs.result).toBe('skipped')
      expect(errorLines(run)[0]).toMatch(
        /^No verdict: GET \/api\/v1\/deployments\/4242\/secrets returned an unexpected response: findings\[\d\]\.severity/
      )
      expect(secretLocations(run, PLANTED)).toEqual([])
    })
  })
})
