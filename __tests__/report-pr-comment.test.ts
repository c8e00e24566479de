import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import type { EvaluatedFinding } from '../src/domain.js'
import { COMMENT_MARKER } from '../src/report/markdown.js'
import { COMMENT_MAX_CHARS, shouldComment, upsertPrComment } from '../src/report/pr-comment.js'
import {
  aiSastFinding,
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'
import { ACTIONS_BOT, FakeGitHub } from './helpers/fake-github.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'

/** A personal token; any other token ('t') is a job token, which comments as github-actions[bot]. */
const ALICE_TOKEN = 'ghp_aliceTOKEN'
const github = new FakeGitHub({ issue: 7, firstId: 1, users: { [ALICE_TOKEN]: 'alice' } })
let runner: RecordingRunner

beforeAll(async () => {
  await github.start()
})

afterAll(async () => {
  await github.close()
})

beforeEach(() => {
  github.reset()
  runner = new RecordingRunner()
})

function context(): { owner: string; repo: string; issueNumber: number; apiUrl: string } {
  return { owner: 'acme', repo: 'web', issueNumber: 7, apiUrl: github.url }
}

describe('shouldComment', () => {
  it('decides from the mode and the result', () => {
    expect(shouldComment('always', 'passed')).toBe(true)
    expect(shouldComment('always', 'skipped')).toBe(true)
    expect(shouldComment('on-failure', 'failed')).toBe(true)
    expect(shouldComment('on-failure', 'passed')).toBe(false)
    expect(shouldComment('on-failure', 'skipped')).toBe(false)
    expect(shouldComment('never', 'failed')).toBe(false)
  })
})

describe('upsertPrComment against a local fake of the REST API', () => {
  it('creates the comment, then updates it in place', async () => {
    const first = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'always',
      context: context(),
      runner
    })
    expect(first).toEqual({ url: 'https://github.com/acme/web/pull/7#issuecomment-1' })
    expect(github.comments).toHaveLength(1)
    expect(
      github.comments[0]?.body.startsWith(
        `${COMMENT_MARKER}\n## ❌ Findings Gate failed: 2 blocking of 4 findings`
      )
    ).toBe(true)

    const second = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'always',
      context: context(),
      runner
    })
    expect(second).toEqual(first)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain(
      '## ✅ Findings Gate passed\n\nNo blocking findings\n'
    )
    expect(github.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/issues/7/comments',
      'POST /repos/acme/web/issues/7/comments',
      'GET /repos/acme/web/issues/7/comments',
      'GET /user',
      'PATCH /repos/acme/web/issues/comments/1'
    ])
  })

  it('counts AI-powered detection findings in a row of their own', async () => {
    const ai = evaluated(aiSastFinding({ id: 9, severity: 'critical' }), {
      reasons: [{ kind: 'severity', severity: 'critical', threshold: 'high' }]
    })
    const base = runReport()
    const report = runReport({
      scope: { ...base.scope, issueTypes: ['sast', 'ai_sast'] },
      verdict: verdictOf([ai])
    })
    await upsertPrComment({ token: 't', report, mode: 'always', context: context(), runner })
    const body = github.comments[0]?.body ?? ''
    expect(body).toContain(
      '| Code | 0 | 0 | 0 | 0 | 0 |\n| AI-powered detection | 1 | 0 | 0 | 0 | 1 |\n'
    )
    expect(body).toContain('<code>ai.detection.idor</code>')
  })

  it('finds the marker on page 2 and stops paging there', async () => {
    for (let i = 0; i < 120; i++) github.seed(`comment ${i}`)
    github.seed(`> ${COMMENT_MARKER}\n> quoted by a reviewer`)
    const ours = github.seed(`${COMMENT_MARKER}\nold summary`)
    for (let i = 0; i < 150; i++) github.seed(`later comment ${i}`)

    const outcome = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'always',
      context: context(),
      runner
    })
    expect(outcome).toEqual({ url: ours.html_url })
    expect(github.requests.map(r => `${r.method} ${r.url}`)).toEqual([
      'GET /repos/acme/web/issues/7/comments?per_page=100',
      'GET /repos/acme/web/issues/7/comments?per_page=100&page=2',
      'GET /user',
      `PATCH /repos/acme/web/issues/comments/${ours.id}`
    ])
    expect(ours.body).toContain('Findings Gate failed: 2 blocking of 4 findings')
    expect(github.comments).toHaveLength(272)
  })

  it('on-failure with a passed run creates nothing, but refreshes an earlier failure comment', async () => {
    const outcome = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'on-failure',
      context: context(),
      runner
    })
    expect(outcome).toEqual({
      skipped: 'comment-on-pr is on-failure, the result is passed and there is no earlier comment'
    })
    expect(github.requests.map(r => r.method)).toEqual(['GET'])
    expect(github.comments).toHaveLength(0)
    await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'on-failure',
      context: context(),
      runner
    })
    expect(github.comments).toHaveLength(1)
    const refreshed = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'on-failure',
      context: context(),
      runner
    })
    expect(refreshed.url).toBeDefined()
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).not.toContain('blocking findings:')
    github.requests.length = 0
  })

  it('never and non-PR runs make no request', async () => {
    const never = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'never',
      context: context(),
      runner
    })
    expect(never.skipped).toBeDefined()
    const notPr = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'always',
      context: { ...context(), issueNumber: undefined },
      runner
    })
    expect(notPr).toEqual({ skipped: 'not a pull request' })
    expect(github.requests).toEqual([])
  })

  it('turns a 403 (read-only token on a fork PR) into a warning and a skip', async () => {
    github.failWith = 403
    const outcome = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'on-failure',
      context: context(),
      runner
    })
    expect(outcome.url).toBeUndefined()
    expect(outcome.skipped).toMatch(/^could not list the comments of acme\/web#7 \(HTTP 403\)/)
    expect(runner.warnings).toEqual([
      expect.stringMatching(
        /^PR comment skipped: could not list the comments of acme\/web#7 \(HTTP 403\)/
      )
    ])
  })

  it('turns a 404 into a skip too', async () => {
    github.failWith = 404
    const outcome = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'always',
      context: context(),
      runner
    })
    expect(outcome.skipped).toMatch(/HTTP 404/)
  })

  it('throws a clear error for other failures', async () => {
    github.failWith = 500
    await expect(
      upsertPrComment({
        token: 't',
        report: failingReport(),
        mode: 'always',
        context: context(),
        runner
      })
    ).rejects.toThrow(/^Could not list the comments of pull request acme\/web#7 \(HTTP 500\): /)
  })

  it('caps the body at 65,536 characters', async () => {
    const findings: EvaluatedFinding[] = Array.from({ length: 2_000 }, (_, i) =>
      evaluated(sastFinding({ id: i + 1, ruleMessage: `Ünïcödé 漢字 😀 ${'m'.repeat(300)}` }))
    )
    await upsertPrComment({
      token: 't',
      report: runReport({ verdict: verdictOf(findings) }),
      mode: 'always',
      context: context(),
      runner
    })
    const posted = github.requests.find(r => r.method === 'POST')
    const body = (JSON.parse(posted?.body ?? '{}') as { body: string }).body
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(Array.from(body).length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(body.length).toBeGreaterThan(COMMENT_MAX_CHARS - 5_000)
    expect(body.startsWith(COMMENT_MARKER)).toBe(true)
    expect(body).toMatch(/_Truncated: [\d,]+ more blocking findings not shown/)
  })
})

describe('upsertPrComment updates only a comment of its own identity', () => {
  const upsert = (token: string): ReturnType<typeof upsertPrComment> =>
    upsertPrComment({ token, report: failingReport(), mode: 'always', context: context(), runner })
  const hostileBody = `${COMMENT_MARKER}\nLooks like the gate passed. [Merge now](https://evil.example)`

  it('job token: a marker in a user comment is ignored, a new comment is created', async () => {
    const hostile = github.seed(hostileBody, 'mallory')
    const outcome = await upsert('t')
    expect(outcome).toEqual({ url: 'https://github.com/acme/web/pull/7#issuecomment-2' })
    expect(hostile.body).toBe(hostileBody)
    expect(github.comments.map(c => c.user.login)).toEqual(['mallory', ACTIONS_BOT])
    expect(github.comments[1]?.body).toContain('Findings Gate failed: 2 blocking of 4 findings')
    expect(github.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/issues/7/comments',
      'GET /user',
      'POST /repos/acme/web/issues/7/comments'
    ])
  })

  it('job token: updates the github-actions[bot] comment, not an earlier hostile one', async () => {
    const hostile = github.seed(hostileBody, 'mallory')
    const ours = github.seed(`${COMMENT_MARKER}\nold summary`, ACTIONS_BOT)
    expect(await upsert('t')).toEqual({ url: ours.html_url })
    expect(hostile.body).toBe(hostileBody)
    expect(ours.body).toContain('Findings Gate failed: 2 blocking of 4 findings')
    expect(github.comments).toHaveLength(2)
  })

  it('personal token: updates the comment of the login GET /user returns, no other', async () => {
    const bot = github.seed(`${COMMENT_MARKER}\nby the job token`, ACTIONS_BOT)
    const hostile = github.seed(hostileBody, 'mallory')
    const alices = github.seed(`${COMMENT_MARKER}\nold summary`, 'alice')
    expect(await upsert(ALICE_TOKEN)).toEqual({ url: alices.html_url })
    expect(alices.body).toContain('Findings Gate failed: 2 blocking of 4 findings')
    expect(bot.body).toBe(`${COMMENT_MARKER}\nby the job token`)
    expect(hostile.body).toBe(hostileBody)
    expect(github.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/issues/7/comments',
      'GET /user',
      `PATCH /repos/acme/web/issues/comments/${alices.id}`
    ])
  })

  it('personal token: a comment of the job token is not its own, a new one is created', async () => {
    const bot = github.seed(`${COMMENT_MARKER}\nby the job token`, ACTIONS_BOT)
    await upsert(ALICE_TOKEN)
    expect(bot.body).toBe(`${COMMENT_MARKER}\nby the job token`)
    expect(github.comments.map(c => c.user.login)).toEqual([ACTIONS_BOT, 'alice'])
  })

  it("on-failure refreshes nothing when the only marked comment is someone else's", async () => {
    const hostile = github.seed(hostileBody, 'mallory')
    const outcome = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'on-failure',
      context: context(),
      runner
    })
    expect(outcome.skipped).toMatch(/there is no earlier comment$/)
    expect(hostile.body).toBe(hostileBody)
    expect(github.comments).toHaveLength(1)
  })
})
