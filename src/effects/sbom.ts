import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { request, type Dispatcher } from 'undici'
import { dispatcherFor } from '../api/dispatcher.js'
import { acceptEncoding, decodedBody, discard, headerValue } from '../api/response-body.js'
import { createSbomExport, getSbomExport } from '../api/sbom.js'
import type { Transport } from '../api/transport.js'
import { timeoutSignal } from '../time/timeout-signal.js'
import type { Project, SbomComponentType, SbomExportOutcome } from '../domain.js'
import { quoted } from '../text/log-text.js'
import { runExportPipeline, type PipelineLimits, type SbomOperations } from './sbom-pipeline.js'

export interface SbomSettings {
  readonly scope: 'repository' | 'deployment'
  readonly format: 'json' | 'cyclonedx'
  readonly componentType: SbomComponentType
  readonly supplier?: { readonly name?: string; readonly url?: string; readonly email?: string }
  readonly ref?: string
  readonly wait: boolean
  readonly waitTimeoutSeconds: number
  /** A file (repository scope) or a directory (deployment scope). */
  readonly file?: string
  readonly downloadTimeoutMs: number
  /** A start answered 429/503 is sent again this many times, after the Retry-After. */
  readonly rateLimitRetries: number
}

export interface SbomEnvironment {
  /** Calls `fire` after `ms`; the function returned cancels it. */
  readonly after: (ms: number, fire: () => void) => () => void
  readonly now: () => number
  /** Masks a value in the log before it can be printed (signed download URLs). */
  readonly mask: (secret: string) => void
  readonly info: (message: string) => void
}

/** The exports one run made; `failure` when any failed or timed out. */
export interface SbomExportRun {
  readonly exports: readonly SbomExportOutcome[]
  /** Set when any export failed or timed out: the step fails after the other actions ran. */
  readonly failure?: string
}

/** `acme/web` → `acme__web.cdx.json`: one flat folder, no name can climb out of it. */
export function sbomFileName(project: string, format: SbomSettings['format']): string {
  const safe = project
    .replace(/\//g, '__')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
  return `${safe}${format === 'cyclonedx' ? '.cdx.json' : '.json'}`
}

/**
 * A signed URL as a server sends one: http(s), and nothing a URL parser would silently drop
 * (it removes tabs and line breaks, so `https://x/\n::error::` would parse).
 */
function isDownloadUrl(raw: string): boolean {
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
  const partial = `${path}.partial`
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

function failureOf(exports: readonly SbomExportOutcome[]): string | undefined {
  const bad = exports.filter(
    e => e.status === 'failed' || e.status === 'timed_out' || e.status === 'error'
  )
  if (bad.length === 0) return undefined
  const shown = bad
    .slice(0, 3)
    .map(
      e => `${quoted(e.project)}: ${e.status.replace('_', ' ')} (${quoted(e.error ?? 'no detail')})`
    )
  const more = bad.length > 3 ? `, and ${bad.length - 3} more` : ''
  return `${bad.length} of ${exports.length} SBOM export(s) did not complete: ${shown.join('; ')}${more}`
}

/**
 * SBOM exports for one project or every project. With deployment scope a failure of one project
 * is recorded and the others go on; the outcome's `failure` makes the step fail at the end.
 */
export async function exportSboms(
  transport: Transport,
  deploymentId: string,
  projects: readonly Project[],
  settings: SbomSettings,
  env: SbomEnvironment,
  limits?: PipelineLimits
): Promise<SbomExportRun> {
  const deployment = settings.scope === 'deployment'
  const fileFor = (project: Project): string | undefined => {
    if (settings.file === undefined) return undefined
    return deployment
      ? join(settings.file, sbomFileName(project.name, settings.format))
      : settings.file
  }
  const ops: SbomOperations = {
    start: project =>
      createSbomExport(
        transport,
        deploymentId,
        {
          repositoryId: project.id,
          ref: settings.ref,
          format: settings.format,
          componentType: settings.componentType,
          supplier: settings.supplier
        },
        'caller'
      ),
    poll: taskToken => getSbomExport(transport, deploymentId, taskToken, 'caller'),
    acceptUrl: url => {
      // Masking whatever the server sent would let it hide any word of the log.
      if (!isDownloadUrl(url))
        return 'the export completed with a download URL that is not an http(s) URL'
      env.mask(url)
      return undefined
    },
    download: (url, file) => downloadSbom(url, file, settings.downloadTimeoutMs, pools)
  }
  const pools = new DownloadPools()
  const exports = await runExportPipeline(
    projects,
    ops,
    {
      wait: settings.wait,
      waitTimeoutSeconds: settings.waitTimeoutSeconds,
      fileFor,
      startRetries: settings.rateLimitRetries,
      failFast: !deployment,
      progress: deployment
    },
    { now: env.now, after: env.after, info: env.info },
    limits
  ).finally(() => pools.close())
  const failure = failureOf(exports)
  return failure ? { exports, failure } : { exports }
}
