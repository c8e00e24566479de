import { findingPages } from './api/findings.js'
import { listDependencies } from './api/dependencies.js'
import { isSastPolicy, listPolicies, policyRuleModes } from './api/policies.js'
import { findProject } from './api/projects.js'
import type { Transport } from './api/transport.js'
import type { Config } from './inputs.js'
import type {
  Deployment,
  Finding,
  Policy,
  Project,
  LicenseViolation,
  Dependency
} from './domain.js'
import type { PolicyModes } from './gate/modes.js'
import { licenseViolations } from './gate/licenses.js'
import { scopeFindings } from './gate/scope.js'

export interface GateData {
  readonly findings: readonly Finding[]
  /** Findings the server returned that were not in scope (wrong repository, ref or status). */
  readonly dropped: number
  readonly policies?: readonly Policy[]
  readonly modes?: PolicyModes
  readonly licenseViolations: readonly LicenseViolation[]
}

/** Every finding of the configured types in scope, all pages, types fetched concurrently. */
export async function fetchFindings(
  transport: Transport,
  deploymentSlug: string,
  config: Pick<Config, 'issueTypes' | 'repository' | 'ref' | 'status' | 'since'>
): Promise<{ findings: Finding[]; dropped: number }> {
  const perType = await Promise.all(
    config.issueTypes.map(async type => {
      const collected: Finding[] = []
      const pages = findingPages(transport, deploymentSlug, {
        type,
        repository: config.repository,
        ref: config.ref,
        status: config.status,
        since: config.since
      })
      for await (const page of pages) collected.push(...page)
      return collected
    })
  )
  const scope = { repository: config.repository, ref: config.ref, status: config.status }
  const { kept, dropped } = scopeFindings(perType.flat(), scope)
  return { findings: kept, dropped }
}

/** The rule modes of every SAST policy, all cursor pages, policies fetched concurrently. */
export async function fetchPolicyModes(
  transport: Transport,
  deploymentId: string
): Promise<{ policies: Policy[]; modes: PolicyModes }> {
  const policies = await listPolicies(transport, deploymentId)
  const sast = policies.filter(isSastPolicy)
  const entries = await Promise.all(
    sast.map(
      async policy =>
        [policy.id, await policyRuleModes(transport, deploymentId, policy.id)] as const
    )
  )
  return { policies, modes: new Map(entries) }
}

/** Dependencies of the repository with a denied license; one query per license, concurrently. */
export async function fetchLicenseViolations(
  transport: Transport,
  deploymentId: string,
  project: Project,
  denied: readonly string[]
): Promise<LicenseViolation[]> {
  const results = await Promise.all(
    denied.map(
      async license =>
        [
          license,
          await listDependencies(transport, deploymentId, {
            license: [license],
            repositoryId: [project.id]
          })
        ] as [string, Dependency[]]
    )
  )
  return licenseViolations(new Map(results), project.id)
}

export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError'
  constructor(repository: string, deployment: Deployment) {
    super(
      `repository "${repository}" is not a project of deployment ${deployment.slug}: check the repository input (the name as the platform shows it) and that the repository has been scanned`
    )
  }
}

export async function requireProject(
  transport: Transport,
  deployment: Deployment,
  repository: string
): Promise<Project> {
  const project = await findProject(transport, deployment.slug, repository)
  if (!project) throw new ProjectNotFoundError(repository, deployment)
  return project
}

/**
 * What the gate needs, fetched with as much concurrency as the dependencies between calls allow:
 * findings start at once when the slug is known, policies and licenses once the id is.
 */
export async function collectGateData(
  transport: Transport,
  deployment: Promise<Deployment>,
  config: Config,
  project: Promise<Project> | undefined
): Promise<GateData> {
  const wantModes =
    config.gate && config.failOnPolicyMode !== 'none' && config.issueTypes.includes('sast')
  const wantLicenses = config.gate && config.denyLicenses.length > 0
  const slug = config.deploymentSlug
  const [found, policyModes, violations] = await Promise.all([
    slug !== undefined
      ? fetchFindings(transport, slug, config)
      : deployment.then(d => fetchFindings(transport, d.slug, config)),
    wantModes ? deployment.then(d => fetchPolicyModes(transport, d.id)) : undefined,
    wantLicenses && project
      ? Promise.all([deployment, project]).then(([d, p]) =>
          fetchLicenseViolations(transport, d.id, p, config.denyLicenses)
        )
      : []
  ])
  return {
    findings: found.findings,
    dropped: found.dropped,
    policies: policyModes?.policies,
    modes: policyModes?.modes,
    licenseViolations: violations
  }
}
