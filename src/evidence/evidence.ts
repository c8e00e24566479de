/**
 * The evidence stage: which scan the findings come from, proven through the scans search before
 * the gate judges anything.
 */
import { searchScans } from '../api/scans.js'
import type { Transport } from '../api/transport.js'
import { ProjectNotFoundError } from '../collect/gate-data.js'
import type { Deployment, Project } from '../domain.js'
import type { Config } from '../inputs/index.js'
import { formatDuration } from '../time/duration.js'
import { NoVerdictError } from '../errors.js'
import {
  proveScan,
  realClock,
  type Clock,
  type ScanEvidence,
  type ScanSource
} from './prove-scan.js'
import type { ScanRequirement } from './scan-judge.js'

export type { ScanEvidence } from './prove-scan.js'

export type EvidenceConfig = Pick<
  Config,
  'requireScan' | 'commit' | 'ref' | 'repository' | 'scanWaitTimeoutSeconds'
>

export function requirementOf(config: EvidenceConfig): ScanRequirement | undefined {
  if (config.requireScan === 'ref') return { mode: 'ref', ref: config.ref }
  if (config.requireScan === 'commit' && config.commit !== undefined) {
    return { mode: 'commit', ref: config.ref, commit: config.commit }
  }
  return undefined
}

function scanSource(transport: Transport, deploymentId: string, repositoryId: string): ScanSource {
  return {
    scansOf: branch => searchScans(transport, deploymentId, { repositoryId, branch }),
    recentBranches: async () => {
      const scans = await searchScans(transport, deploymentId, { repositoryId }, 1)
      return [...new Set(scans.map(scan => scan.branch))]
    }
  }
}

/**
 * The scan the findings of the configured ref come from, or undefined with `require-scan: none`.
 * @throws NoVerdictError when it cannot be proven; API errors as they come.
 */
export async function proveEvidence(
  transport: Transport,
  deployment: Promise<Deployment>,
  project: Promise<Project> | undefined,
  config: EvidenceConfig,
  log: (message: string) => void,
  clock: Clock = realClock
): Promise<ScanEvidence | undefined> {
  if (config.requireScan === 'none') return undefined
  const requirement = requirementOf(config)
  // The inputs guarantee both; should they not, nothing is judged unproven.
  if (requirement === undefined || project === undefined) {
    throw new NoVerdictError(
      `require-scan is ${config.requireScan}, but the ${requirement === undefined ? 'commit' : 'project'} whose scan to prove is unknown`,
      'on-missing-scan'
    )
  }
  let repositoryId: string
  try {
    repositoryId = String((await project).id)
  } catch (error) {
    // A repository that is no project has never been scanned: no scan to prove.
    if (error instanceof ProjectNotFoundError) {
      throw new NoVerdictError(error.message, 'on-missing-scan')
    }
    throw error
  }
  const { id } = await deployment
  const evidence = await proveScan(
    scanSource(transport, id, repositoryId),
    requirement,
    { repository: config.repository, timeoutSeconds: config.scanWaitTimeoutSeconds, log },
    clock
  )
  const { scan } = evidence
  const age =
    evidence.ageSeconds === undefined
      ? ''
      : `, completed ${formatDuration(evidence.ageSeconds * 1000)} ago`
  log(
    `Judging the findings of scan ${scan.id} of commit ${scan.commit.slice(0, 7)} on ${scan.branch} (${scan.statusText}${age})`
  )
  if (evidence.branch !== evidence.requestedRef) {
    log(
      `No scan of ${config.repository} records ${evidence.requestedRef}, but its scans record "${evidence.branch}" (scans run outside GitHub Actions spell the branch bare): judging the findings of "${evidence.branch}"`
    )
  }
  return evidence
}
