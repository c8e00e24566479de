import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest
} from '@jest/globals'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { EvaluatedFinding } from '../src/domain.js'
import { COMMENT_MARKER } from '../src/report/markdown.js'
import { COMMENT_MAX_CHARS, shouldComment, upsertPrComment } from '../src/report/pr-comment.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

interface FakeComment {
  id: number
  body: string
  html_url: string
}

/**
 * A local stand-in for GitHub's issue-comments REST API: list (paginated with a Link header),
 * create, update, and switches to answer every request with an error status.
 */
class FakeGitHub {
  readonly comments: FakeComment[] = []
  readonly requests: { method: string; path: string; body?: string }[] = []
  failWith: number | undefined
  private nextId = 1
  private server: Server | undefined
  url = ''

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>(resolve => this.server?.listen(0, '127.0.0.1', resolve))
    const { port } = this.server.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}`
  }

  async stop(): Promise<void> {
    await new Promise<void>(resolve => this.server?.close(() => resolve()))
  }

  reset(): void {
    this.comments.length = 0
    this.requests.length = 0
    this.failWith = undefined
  }

  seed(body: string): FakeComment {
    const id = this.nextId++
    const comment = { id, body, html_url: `https://github.com/acme/web/pull/7#issuecomment-${id}` }
    this.comments.push(comment)
    return comment
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    const method = req.method ?? 'GET'
    this.requests.push({
      method,
      path: url.pathname + url.search,
      ...(raw !== '' && { body: raw })
    })

    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    if (this.failWith !== undefined) {
      send(this.failWith, {
        message: this.failWith === 403 ? 'Resource not accessible by integration' : 'Server Error',
        documentation_url: 'https://docs.github.com/rest'
      })
      return
    }

    const list = /^\/repos\/acme\/web\/issues\/7\/comments$/.exec(url.pathname)
    const update = /^\/repos\/acme\/web\/issues\/comments\/(\d+)$/.exec(url.pathname)
    if (list && method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? '30')
      const page = Number(url.searchParams.get('page') ?? '1')
      const slice = this.comments.slice((page - 1) * perPage, page * perPage)
      const last = Math.max(1, Math.ceil(this.comments.length / perPage))
      const pageUrl = (n: number): string =>
        `${this.url}${url.pathname}?per_page=${perPage}&page=${n}`
      const headers: Record<string, string> =
        page < last
          ? { link: `<${pageUrl(page + 1)}>; rel="next", <${pageUrl(last)}>; rel="last"` }
          : {}
      send(200, slice, headers)
    } else if (list && method === 'POST') {
      const { body } = JSON.parse(raw) as { body: string }
      send(201, this.seed(body))
    } else if (update && method === 'PATCH') {
      const comment = this.comments.find(c => c.id === Number(update[1]))
      if (!comment) {
        send(404, { message: 'Not Found' })
        return
      }
      comment.body = (JSON.parse(raw) as { body: string }).body
      send(200, comment)
    } else {
      send(404, { message: 'Not Found' })
    }
  }
}

const github = new FakeGitHub()
let stdout: string[]

beforeAll(async () => {
  await github.start()
})

afterAll(async () => {
  await github.stop()
})

beforeEach(() => {
  github.reset()
  stdout = []
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array): boolean => {
    stdout.push(String(chunk))
    return true
  })
})

afterEach(() => {
  jest.restoreAllMocks()
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
      context: context()
    })
    expect(first).toEqual({ url: 'https://github.com/acme/web/pull/7#issuecomment-1' })
    expect(github.comments).toHaveLength(1)
    expect(
      github.comments[0]?.body.startsWith(
        `${COMMENT_MARKER}\n## ❌ Findings Gate: 2 blocking findings`
      )
    ).toBe(true)

    const second = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'always',
      context: context()
    })
    expect(second).toEqual(first)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain('## ✅ Findings Gate: No blocking findings')
    expect(github.requests.map(r => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH'])
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
      context: context()
    })
    expect(outcome).toEqual({ url: ours.html_url })
    expect(github.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/issues/7/comments?per_page=100',
      'GET /repos/acme/web/issues/7/comments?per_page=100&page=2',
      `PATCH /repos/acme/web/issues/comments/${ours.id}`
    ])
    expect(ours.body).toContain('2 blocking findings')
    expect(github.comments).toHaveLength(272)
  })

  it('on-failure with a passed run creates nothing, but refreshes an earlier failure comment', async () => {
    const outcome = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'on-failure',
      context: context()
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
      context: context()
    })
    expect(github.comments).toHaveLength(1)
    const refreshed = await upsertPrComment({
      token: 't',
      report: runReport(),
      mode: 'on-failure',
      context: context()
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
      context: context()
    })
    expect(never.skipped).toBeDefined()
    const notPr = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'always',
      context: { ...context(), issueNumber: undefined }
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
      context: context()
    })
    expect(outcome.url).toBeUndefined()
    expect(outcome.skipped).toMatch(/^could not list the comments of acme\/web#7 \(HTTP 403\)/)
    expect(stdout.join('')).toMatch(
      /^::warning::PR comment skipped: could not list the comments of acme\/web#7 \(HTTP 403\)/m
    )
  })

  it('turns a 404 into a skip too', async () => {
    github.failWith = 404
    const outcome = await upsertPrComment({
      token: 't',
      report: failingReport(),
      mode: 'always',
      context: context()
    })
    expect(outcome.skipped).toMatch(/HTTP 404/)
  })

  it('throws a clear error for other failures', async () => {
    github.failWith = 500
    await expect(
      upsertPrComment({ token: 't', report: failingReport(), mode: 'always', context: context() })
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
      context: context()
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
