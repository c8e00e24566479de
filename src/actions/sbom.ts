import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fetch } from 'undici'
import { dispatcherFor } from '../api/dispatcher.js'
import { createSbomExport, getSbomExport } from '../api/sbom.js'
import type { SbomComponentType } from '../domain.js'
import type { Transport } from '../api/transport.js'
import type { Project } from '../domain.js'
import type { SbomExportReport, SbomReport } from '../report/model.js'
import { errorText } from '../error-text.js'
import { quoted } from '../safe-core.js'

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
}

export interface SbomEnvironment {
  readonly sleep: (ms: number) => Promise<void>
  readonly now: () => number
  /** Masks a value in the log before it can be printed (signed download URLs). */
  readonly mask: (secret: string) => void
  readonly info: (message: string) => void
}

export interface SbomOutcome extends SbomReport {
  /** Set when any export failed or timed out: the step fails after the other actions ran. */
  readonly failure?: string
}

const POLL_FIRST_MS = 1000
const POLL_MAX_MS = 15_000
const DEPLOYMENT_CONCURRENCY = 4

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

/** GETs the signed URL with no Authorization header: the API token must never reach that host. */
export async function downloadSbom(url: string, path: string, timeoutMs: number): Promise<void> {
  const agent = dispatcherFor(new URL(url))
  const partial = `${path}.partial`
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': 'findings-gate' },
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: agent
    })
    if (!response.ok || !response.body) {
      throw new Error(`the signed SBOM download URL answered HTTP ${response.status}`)
    }
    await mkdir(dirname(path), { recursive: true })
    await pipeline(Readable.fromWeb(response.body), createWriteStream(partial))
    await rename(partial, path)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await agent.close()
  }
}

async function exportOne(
  transport: Transport,
  deploymentId: string,
  project: Project,
  settings: SbomSettings,
  file: string | undefined,
  env: SbomEnvironment
): Promise<SbomExportReport> {
  const taskToken = await createSbomExport(transport, deploymentId, {
    repositoryId: project.id,
    ref: settings.ref,
    format: settings.format,
    componentType: settings.componentType,
    supplier: settings.supplier
  })
  env.info(`SBOM export of ${quoted(project.name)} started (task ${quoted(taskToken)})`)
  if (!settings.wait) return { project: project.name, taskToken, status: 'started' }
  const deadline = env.now() + settings.waitTimeoutSeconds * 1000
  let delay = POLL_FIRST_MS
  for (;;) {
    const state = await getSbomExport(transport, deploymentId, taskToken)
    if (state.status === 'failed') {
      return {
        project: project.name,
        taskToken,
        status: 'failed',
        error: state.errorMessage ?? 'the export failed without a message'
      }
    }
    if (state.status === 'completed') {
      if (!state.downloadUrl)
        return {
          project: project.name,
          taskToken,
          status: 'error',
          error: 'the export completed without a download URL'
        }
      // Masking whatever the server sent would let it hide any word of the log.
      if (!isDownloadUrl(state.downloadUrl))
        return {
          project: project.name,
          taskToken,
          status: 'error',
          error: 'the export completed with a download URL that is not an http(s) URL'
        }
      env.mask(state.downloadUrl)
      if (file === undefined) return { project: project.name, taskToken, status: 'completed' }
      await downloadSbom(state.downloadUrl, file, settings.downloadTimeoutMs)
      return { project: project.name, taskToken, status: 'completed', file }
    }
    const remaining = deadline - env.now()
    if (remaining <= 0) {
      return {
        project: project.name,
        taskToken,
        status: 'timed_out',
        error: `still in progress after ${settings.waitTimeoutSeconds} s`
      }
    }
    await env.sleep(Math.min(delay, remaining))
    delay = Math.min(delay * 2, POLL_MAX_MS)
  }
}

/** Runs `task` over `items` with at most `limit` at once, keeping the order of results. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

function failureOf(exports: readonly SbomExportReport[]): string | undefined {
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
  env: SbomEnvironment
): Promise<SbomOutcome> {
  const fileFor = (project: Project): string | undefined => {
    if (settings.file === undefined) return undefined
    return settings.scope === 'deployment'
      ? join(settings.file, sbomFileName(project.name, settings.format))
      : settings.file
  }
  const exports = await mapLimited(projects, DEPLOYMENT_CONCURRENCY, async project => {
    try {
      return await exportOne(transport, deploymentId, project, settings, fileFor(project), env)
    } catch (error) {
      if (settings.scope === 'repository') throw error
      return {
        project: project.name,
        status: 'error' as const,
        error: errorText(error)
      }
    }
  })
  const failure = failureOf(exports)
  return failure ? { exports, failure } : { exports }
}

/** The `sbom-status` output: the worst state across exports. */
export function overallSbomStatus(exports: readonly SbomExportReport[]): string {
  const order = ['error', 'failed', 'timed_out', 'in_progress', 'started', 'completed'] as const
  for (const status of order) {
    if (exports.some(e => e.status === status))
      return status === 'error' ? 'failed' : status === 'started' ? 'in_progress' : status
  }
  return 'completed'
}
