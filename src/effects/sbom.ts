import { createSbomExport, getSbomExport } from '../api/sbom.js'
import type { Transport } from '../api/transport.js'
import type { Project, SbomComponentType, SbomExportOutcome } from '../domain.js'
import { quoted } from '../text/log-text.js'
import { DownloadPools, downloadSbom, isDownloadUrl } from './sbom-download.js'
import { deploymentTargets } from './sbom-files.js'
import { runExportPipeline } from './sbom-pipeline.js'
import type { PipelineLimits, SbomOperations } from './sbom-pipeline-settings.js'

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

interface FilePlan {
  /** The projects to export, in the order given. */
  readonly exported: readonly Project[]
  readonly fileFor: (project: Project) => string | undefined
  /** By index among the projects given: the outcome of each project that is not exported. */
  readonly refused: ReadonlyMap<number, SbomExportOutcome>
}

/**
 * Where each SBOM goes. A project whose file another project of the run already claims is not
 * exported at all: an error of its own, rather than one SBOM silently replacing the other.
 */
function planFiles(projects: readonly Project[], settings: SbomSettings): FilePlan {
  const folder = settings.file
  if (folder === undefined || settings.scope === 'repository')
    return { exported: projects, fileFor: () => folder, refused: new Map() }
  const files = new Map<Project, string>()
  const refused = new Map<number, SbomExportOutcome>()
  deploymentTargets(folder, projects, settings.format).forEach(({ file, takenBy }, index) => {
    const project = projects[index]
    if (project === undefined) return
    if (takenBy === undefined) files.set(project, file)
    else
      refused.set(index, {
        project: project.name,
        status: 'error',
        error: `not exported: its file ${file} is already the SBOM of ${takenBy.name} (id ${takenBy.id}) in this run, and a file is never overwritten`
      })
  })
  return {
    exported: projects.filter((_, index) => !refused.has(index)),
    fileFor: project => files.get(project),
    refused
  }
}

/** The outcomes of every project given, in order: the refused ones among the exported ones. */
function inOrder(count: number, plan: FilePlan, exported: readonly SbomExportOutcome[]) {
  const outcomes: SbomExportOutcome[] = []
  let next = 0
  for (let index = 0; index < count; index++) {
    const outcome = plan.refused.get(index) ?? exported[next++]
    if (outcome !== undefined) outcomes.push(outcome)
  }
  return outcomes
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
  const plan = planFiles(projects, settings)
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
  const exported = await runExportPipeline(
    plan.exported,
    ops,
    {
      wait: settings.wait,
      waitTimeoutSeconds: settings.waitTimeoutSeconds,
      fileFor: plan.fileFor,
      startRetries: settings.rateLimitRetries,
      failFast: !deployment,
      progress: deployment
    },
    { now: env.now, after: env.after, info: env.info },
    limits
  ).finally(() => pools.close())
  const exports = inOrder(projects.length, plan, exported)
  const failure = failureOf(exports)
  return failure ? { exports, failure } : { exports }
}
