import { listProjects } from '../api/projects.js'
import type { Transport } from '../api/transport.js'
import { exportSboms } from './sbom.js'
import { inShard } from './sbom-shard.js'
import type { SbomShard } from '../inputs/sbom-shard.js'
import { addProjectTags } from './tags.js'
import { openTickets } from './tickets.js'
import type { EffectOutcomes, Deployment, Project, Verdict } from '../domain.js'
import type { Config } from '../inputs/index.js'
import type { Runner } from '../runner/runner.js'
import { errorText } from '../text/error-text.js'
import { after } from '../time/sleep.js'

export interface EffectsOutcome {
  readonly outcomes: EffectOutcomes
  /** Why the step must fail although the gate may have passed (tags not kept, SBOM not done). */
  readonly failure?: string
}

export interface EffectsInput {
  readonly config: Config
  readonly transport: Transport
  readonly deployment: Deployment
  readonly project: Promise<Project> | undefined
  /** Evaluated findings, when tickets need them (computed even with gate: false). */
  readonly verdict: Verdict | undefined
  readonly warn: (message: string) => void
  readonly runner: Runner
}

/** With sbom-shard, only this job's share of the deployment. */
function shardProjects(
  projects: readonly Project[],
  shard: SbomShard | undefined,
  runner: Runner
): readonly Project[] {
  if (shard === undefined) return projects
  const mine = projects.filter(p => inShard(p.name, shard))
  runner.info(
    `sbom-shard ${shard.index}/${shard.count}: ${mine.length} of ${projects.length} project(s) fall in this shard`
  )
  return mine
}

/** Tickets, tags and SBOM exports: independent of each other, so they run concurrently. */
export async function runEffects(input: EffectsInput): Promise<EffectsOutcome> {
  const { config, transport, deployment, project, verdict, warn, runner } = input
  // One slot per action, joined in this order: not in the order they happened to fail.
  let tagsFailure: string | undefined
  let sbomFailure: string | undefined
  if (config.createTickets && !verdict)
    warn('No tickets were created: the findings could not be fetched')

  const tickets =
    config.createTickets && verdict
      ? openTickets(transport, deployment.slug, verdict.findings, config, warn)
      : undefined

  const tags =
    config.projectTags.length > 0 && project
      ? project
          .then(p => addProjectTags(transport, deployment.slug, p, config.projectTags))
          .catch((error: unknown) => {
            tagsFailure = `Project tags were not added: ${errorText(error)}`
            return undefined
          })
      : undefined

  const sbom = config.sbomExport
    ? (async () => {
        const projects =
          config.sbomScope === 'deployment'
            ? shardProjects(
                await listProjects(transport, deployment.slug, warn),
                config.sbomShard,
                runner
              )
            : [await (project as Promise<Project>)]
        return exportSboms(
          transport,
          deployment.id,
          projects,
          {
            scope: config.sbomScope,
            format: config.sbomFormat,
            componentType: config.sbomComponentType,
            supplier: config.sbomSupplier,
            ref: config.sbomScope === 'repository' ? config.ref : undefined,
            wait: config.sbomWait,
            waitTimeoutSeconds: config.sbomWaitTimeoutSeconds,
            file: config.sbomFile,
            downloadTimeoutMs: Math.max(config.timeoutSeconds, 120) * 1000,
            rateLimitRetries: config.maxRetries
          },
          {
            after,
            now: Date.now,
            mask: secret => runner.setSecret(secret),
            info: message => runner.info(message)
          }
        )
      })().catch((error: unknown) => {
        sbomFailure = `SBOM export failed: ${errorText(error)}`
        return undefined
      })
    : undefined

  const [ticketsOutcome, tagsOutcome, sbomRun] = await Promise.all([tickets, tags, sbom])
  const failures = [tagsFailure, sbomFailure ?? sbomRun?.failure].filter(
    (failure): failure is string => failure !== undefined && failure !== ''
  )
  return {
    outcomes: {
      ...(ticketsOutcome ? { tickets: ticketsOutcome } : {}),
      ...(tagsOutcome ? { tags: tagsOutcome } : {}),
      ...(sbomRun ? { sbom: { scope: config.sbomScope, exports: sbomRun.exports } } : {})
    },
    ...(failures.length > 0 ? { failure: failures.join('\n') } : {})
  }
}
