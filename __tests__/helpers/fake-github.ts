/**
 * A local stand-in for the part of GitHub's REST API the action uses, shared by the unit tests
 * and the end-to-end suites that run dist/index.js: list one pull request's comments (paginated
 * with a Link header, as octokit's paginate follows it), create one, update one, `GET /user`, and
 * read a file's contents at a commit or ref (the ignore file and the config file at a pull
 * request's base, a config file in another repository, private to one token when told so).
 *
 * Identities as GitHub has them: a token listed in `users` is a personal token of that login
 * (`GET /user` answers it, its comments are the user's); any other token is the job's
 * GITHUB_TOKEN, an installation token, which gets 403 on `GET /user` and comments as
 * `github-actions[bot]`.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse
} from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeComment {
  id: number
  body: string
  html_url: string
  user: { login: string; type: 'User' | 'Bot' }
}

/** Who comments with the job token (GITHUB_TOKEN). */
export const ACTIONS_BOT = 'github-actions[bot]'

export interface FakeRequest {
  readonly method: string
  /** The path without the query string. */
  readonly path: string
  /** The path with the query string, as sent: pagination shows here. */
  readonly url: string
  readonly authorization?: string
  /** Every header, so a test can prove that no other secret went to GitHub. */
  readonly headers: IncomingHttpHeaders
  /** The raw request body; '' for none. */
  readonly body: string
}

export interface FakeGitHubOptions {
  /** The pull request whose comments this fake holds; any other issue is a 404. */
  readonly repo?: string
  readonly issue?: number
  /** The first comment id; real ids are large, so the end-to-end default looks like one. */
  readonly firstId?: number
  /** Personal tokens and their logins; every other token is a job token. */
  readonly users?: Readonly<Record<string, string>>
}

/** The messages GitHub sends with these statuses; the code under test quotes the status only. */
const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  403: 'Resource not accessible by integration',
  404: 'Not Found'
}

const DOCS_URL = 'https://docs.github.com/rest'

export class FakeGitHub {
  readonly comments: FakeComment[] = []
  readonly requests: FakeRequest[] = []
  /**
   * File contents by repository and commit (`owner/name@ref`), then by path: what
   * `GET /repos/{owner}/{name}/contents/{path}?ref=` reads.
   */
  readonly files = new Map<string, Map<string, string>>()
  /** Repositories only one token can see (any other gets 404, as GitHub hides private ones). */
  readonly privateRepos = new Map<string, string>()
  /** When set, every request gets this status, e.g. 403 as for a fork PR's read-only token. */
  failWith: number | undefined
  url = ''
  private readonly repo: string
  private readonly issue: number
  private readonly firstId: number
  private readonly users: Readonly<Record<string, string>>
  private nextId: number
  private readonly server: Server

  constructor({
    repo = 'acme/web',
    issue = 42,
    firstId = 9001,
    users = {}
  }: FakeGitHubOptions = {}) {
    this.users = users
    this.repo = repo
    this.issue = issue
    this.firstId = firstId
    this.nextId = firstId
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  /** Listens on a free loopback port; returns this, so `await new FakeGitHub().start()` works. */
  async start(): Promise<this> {
    await new Promise<void>(resolve => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  /** Also drops keep-alive connections, which would otherwise hold close() (and jest) open. */
  async close(): Promise<void> {
    const closed = new Promise<void>(resolve => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    await closed
  }

  /** Back to an empty thread, for the next test. */
  reset(): void {
    this.comments.length = 0
    this.requests.length = 0
    this.files.clear()
    this.privateRepos.clear()
    this.failWith = undefined
    this.nextId = this.firstId
  }

  /** Adds a comment as if `author` had posted it earlier (by default, with a job token). */
  seed(body: string, author: string = ACTIONS_BOT): FakeComment {
    const id = this.nextId++
    const comment: FakeComment = {
      id,
      body,
      html_url: `https://github.com/${this.repo}/pull/${this.issue}#issuecomment-${id}`,
      user: { login: author, type: author.endsWith('[bot]') ? 'Bot' : 'User' }
    }
    this.comments.push(comment)
    return comment
  }

  /** Stores `text` as the file at `path` in commit (or branch) `ref` of `repo`. */
  setFile(ref: string, path: string, text: string, repo: string = this.repo): void {
    const key = `${repo}@${ref}`
    const tree = this.files.get(key) ?? new Map<string, string>()
    tree.set(path, text)
    this.files.set(key, tree)
  }

  /**
   * The contents endpoint: the raw text with the raw media type, else GitHub's JSON with base64
   * content. A missing ref or path is a 404, as on GitHub.
   */
  private contents(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    repo: string,
    path: string,
    token: string
  ): void {
    const ref = url.searchParams.get('ref') ?? 'HEAD'
    const owner = this.privateRepos.get(repo)
    const visible = owner === undefined || owner === token
    const text = visible ? this.files.get(`${repo}@${ref}`)?.get(path) : undefined
    if (text === undefined) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ message: 'Not Found', status: '404' }))
      return
    }
    if ((req.headers.accept ?? '').includes('application/vnd.github.raw')) {
      res.writeHead(200, { 'content-type': 'application/vnd.github.raw; charset=utf-8' })
      res.end(text)
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(
      JSON.stringify({
        type: 'file',
        path,
        encoding: 'base64',
        content: Buffer.from(text, 'utf8').toString('base64')
      })
    )
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', this.url)
    const method = req.method ?? 'GET'
    const { authorization } = req.headers
    this.requests.push({
      method,
      path: url.pathname,
      url: url.pathname + url.search,
      ...(authorization !== undefined && { authorization }),
      headers: req.headers,
      body
    })

    const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(payload))
    }
    if (this.failWith !== undefined) {
      const message = ERROR_MESSAGES[this.failWith] ?? 'Server Error'
      return send(this.failWith, { message, documentation_url: DOCS_URL })
    }

    const token = /^(?:token|bearer) (.+)$/i.exec(authorization ?? '')?.[1] ?? ''
    const login = this.users[token]
    if (url.pathname === '/user' && method === 'GET') {
      if (login === undefined)
        return send(403, { message: ERROR_MESSAGES[403], documentation_url: DOCS_URL })
      return send(200, { login, type: 'User' })
    }

    const contents = /^\/repos\/([^/]+\/[^/]+)\/contents\/(.+)$/.exec(url.pathname)
    if (method === 'GET' && contents) {
      const [, repo = '', rest = ''] = contents
      const path = rest.split('/').map(decodeURIComponent).join('/')
      return this.contents(req, res, url, repo, path, token)
    }
    const prefix = `/repos/${this.repo}/issues/`
    const rest = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : ''
    const thread = rest === `${this.issue}/comments`
    const update = /^comments\/(\d+)$/.exec(rest)
    if (thread && method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? '30')
      const page = Number(url.searchParams.get('page') ?? '1')
      const last = Math.max(1, Math.ceil(this.comments.length / perPage))
      const pageUrl = (n: number): string =>
        `${this.url}${url.pathname}?per_page=${perPage}&page=${n}`
      const link = `<${pageUrl(page + 1)}>; rel="next", <${pageUrl(last)}>; rel="last"`
      send(
        200,
        this.comments.slice((page - 1) * perPage, page * perPage),
        page < last ? { link } : {}
      )
    } else if (thread && method === 'POST') {
      send(201, this.seed((JSON.parse(body) as { body: string }).body, login ?? ACTIONS_BOT))
    } else if (update && method === 'PATCH') {
      const comment = this.comments.find(c => c.id === Number(update[1]))
      if (!comment) return send(404, { message: 'Not Found' })
      comment.body = (JSON.parse(body) as { body: string }).body
      send(200, comment)
    } else {
      send(404, { message: 'Not Found' })
    }
  }
}
