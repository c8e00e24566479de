/**
 * The findings count of the scan a run judges, a round trip before the proof has it. The proof's
 * scans search is by repository id, which only the project gives, and the project lookup needs
 * the deployment's slug: a run that discovers its deployment from the token learns the count
 * three round trips in, and one with the slug set two. A search of the deployment's newest scans
 * of the ref needs only the deployment's id, so it goes out with the project lookup (at once,
 * when `deployment-slug` and `deployment-id` are set), and its answer is matched to the project
 * once that is in. The count only sizes the findings requests (docs/adr/0004): a miss, a failure
 * or the count of another scan costs requests, never findings or the verdict.
 */
import { newestScansOfBranch } from '../api/scans.js'
import type { Transport } from '../api/transport.js'
import type { Deployment, Project, ScanFindingsCounts } from '../domain.js'
import type { Config } from '../inputs/index.js'
import { requirementOf, type EvidenceConfig, type ScanEvidence } from './evidence.js'
import { newestCompleted, sameCommit, type ScanRequirement } from './scan-judge.js'

export interface ExpectedFindings {
  /** The first count either search gives; undefined when neither does. */
  readonly counts: Promise<ScanFindingsCounts | undefined>
  /**
   * Requests sent for the count alone (0 or 1): no list needs them, so the findings speculate
   * that many pages less, and a run still asks for at most FINDINGS_SPECULATION requests more
   * than the fewest (docs/adr/0004).
   */
  readonly extraRequests: number
}

/**
 * What sizes the findings requests: the proven scan's count, or the early one where that comes a
 * round trip sooner: the deployment discovered (the search goes out with the project lookup), or
 * its slug and id set (the search goes out at once, so the count comes one round trip in). With
 * only the slug set, the proof's own search is as early. With `since` no count is used
 * (docs/adr/0004), so none is asked for early.
 */
export function expectedFindings(
  transport: Transport,
  deployment: Promise<Deployment>,
  project: Promise<Project> | undefined,
  config: EvidenceConfig & Pick<Config, 'deploymentSlug' | 'deploymentId' | 'since'>,
  proof: Promise<ScanEvidence | undefined>
): ExpectedFindings {
  const proven = proof.then(
    evidence => evidence?.scan.findingsCounts,
    () => undefined
  )
  const requirement = requirementOf(config)
  const alone = { counts: proven, extraRequests: 0 }
  if (config.since !== undefined || project === undefined || requirement === undefined) return alone
  const searched = deploymentToSearch(config, deployment)
  if (searched === undefined) return alone
  // Once the proof has settled, an early count is too late to matter: a search still out (or
  // waiting to be retried) must not keep the run from ending.
  const moot = new AbortController()
  void proven.then(() => moot.abort())
  const early = earlyFindingsCounts(transport, searched, project, requirement, moot.signal)
  return { counts: firstCount([early, proven]), extraRequests: 1 }
}

/**
 * The deployment the early search asks under, or undefined when it would come no sooner than the
 * proof's. With the slug set the project and the findings go out before the deployment is
 * checked, and so does this search under the set id: its answer only sizes requests, and a search
 * of a deployment the token cannot read is no count. Without the slug the search waits for the
 * deployment, as the project lookup does, so a wrong id is caught by the check before any other
 * request.
 */
function deploymentToSearch(
  config: Pick<Config, 'deploymentSlug' | 'deploymentId'>,
  deployment: Promise<Deployment>
): Promise<Pick<Deployment, 'id'>> | undefined {
  if (config.deploymentSlug === undefined) return deployment
  return config.deploymentId === undefined
    ? undefined
    : Promise.resolve({ id: config.deploymentId })
}

/**
 * Never rejects: no count is an answer. A rate limit is not waited out: the proof's own search
 * waits, and its count serves as well.
 */
export async function earlyFindingsCounts(
  transport: Transport,
  deployment: Promise<Pick<Deployment, 'id'>>,
  project: Promise<Project>,
  requirement: ScanRequirement,
  signal?: AbortSignal
): Promise<ScanFindingsCounts | undefined> {
  try {
    const { id } = await deployment
    signal?.throwIfAborted()
    const search = newestScansOfBranch(transport, id, requirement.ref, {
      rateLimit: 'caller',
      ...(signal ? { signal } : {})
    })
    const [scans, { id: repositoryId }] = await Promise.all([search, project])
    const ofProject = scans.filter(
      scan =>
        scan.repositoryId === String(repositoryId) &&
        (requirement.mode === 'ref' || sameCommit(scan, requirement.commit))
    )
    // The page is newest first across repositories: the project's newest scan in it is its newest.
    return newestCompleted(ofProject)?.findingsCounts
  } catch {
    return undefined
  }
}

/** The first count any of `counts` gives; undefined once all have settled without one. */
export function firstCount(
  counts: readonly Promise<ScanFindingsCounts | undefined>[]
): Promise<ScanFindingsCounts | undefined> {
  return new Promise(resolve => {
    let pending = counts.length
    if (pending === 0) resolve(undefined)
    for (const count of counts) {
      count.then(
        value => {
          if (value !== undefined) resolve(value)
          else if (--pending === 0) resolve(undefined)
        },
        () => {
          if (--pending === 0) resolve(undefined)
        }
      )
    }
  })
}
