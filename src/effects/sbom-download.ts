/**
 * Downloading an exported SBOM from its signed URL: never with the API token, through one
 * connection pool per storage origin, into a temporary file renamed into place once complete.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { request, type Dispatcher } from 'undici'
import { dispatcherFor } from '../api/dispatcher.js'
import { acceptEncoding, decodedBody, discard, headerValue } from '../api/response-body.js'
import { timeoutSignal } from '../time/timeout-signal.js'

/**
 * A signed URL as a server sends one: http(s), and nothing a URL parser would silently drop
 * (it removes tabs and line breaks, so `https://x/\n::error::` would parse).
 */
export function isDownloadUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw) || !URL.canParse(raw)) return false
  const { protocol } = new URL(raw)
  return protocol === 'https:' || protocol === 'http:'
}

/**
 * One connection pool per storage origin for a run's downloads: a thousand SBOMs then reuse a few
 * connections instead of opening (and handshaking) one each. Never the API's pool, which would
 * put the API token's connection and the storage host in one place.
 */
export class DownloadPools {
  private readonly pools = new Map<string, Dispatcher>()

  for(url: URL): Dispatcher {
    let pool = this.pools.get(url.origin)
    if (!pool) {
      pool = dispatcherFor(url)
      this.pools.set(url.origin, pool)
    }
    return pool
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()]
    this.pools.clear()
    await Promise.all(pools.map(pool => pool.close()))
  }
}

/** fetch's limit, which these downloads followed before: a signed URL may redirect to storage. */
const MAX_DOWNLOAD_REDIRECTS = 20

/**
 * GETs the signed URL with no Authorization header: the API token must never reach that host.
 * undici's `request`, not `fetch`: a thousand downloads through fetch's web streams allocate
 * enough to grow the heap by tens of MB; content codings are undone as fetch did.
 */
export async function downloadSbom(
  url: string,
  path: string,
  timeoutMs: number,
  pools?: DownloadPools
): Promise<void> {
  const target = new URL(url)
  const agent = pools?.for(target) ?? dispatcherFor(target)
  // Unique per download: two downloads never write into one temporary file.
  const partial = `${path}.${randomUUID()}.partial`
  const timeout = timeoutSignal(timeoutMs)
  try {
    const response = await request(target, {
      headers: {
        accept: 'application/json',
        'accept-encoding': acceptEncoding(target),
        'user-agent': 'findings-gate'
      },
      signal: timeout.signal,
      dispatcher: agent,
      maxRedirections: MAX_DOWNLOAD_REDIRECTS
    })
    const status = response.statusCode
    // 204 and 205 carry no body: no SBOM, not an empty one.
    if (status < 200 || status > 299 || status === 204 || status === 205) {
      discard(response.body)
      throw new Error(`the signed SBOM download URL answered HTTP ${status}`)
    }
    const contentEncoding = headerValue(response.headers, 'content-encoding')
    const body = decodedBody(status, contentEncoding, response.body)
    await mkdir(dirname(path), { recursive: true })
    await pipeline(body, createWriteStream(partial))
    await rename(partial, path)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    timeout.clear()
    if (!pools) await agent.close()
  }
}
