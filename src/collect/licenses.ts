/**
 * What the license gate judges, and how it is asked for. Both lists judge every dependency of the
 * repository (`dependencyFilter.repositoryId`) on its own expression, by the SPDX rules
 * (gate/licenses.ts): a server's license filter matches `GPL-2.0-only` but not
 * `MIT AND GPL-2.0-only`. deny-licenses also asks for the dependencies of each denied license
 * (`dependencyFilter.license`), one query each: a match stands in for the licenses of a
 * dependency the listing gives none for (the documented dependency shape carries none).
 */
import { listDependencies } from '../api/dependencies.js'
import type { Transport } from '../api/transport.js'
import type { Dependency, LicenseViolation, Project } from '../domain.js'
import { NoVerdictError } from '../errors.js'
import {
  judgeLicenses,
  licensePolicyOf,
  type LicensePolicy,
  type ListedDependency
} from '../gate/licenses.js'
import type { Config } from '../inputs/index.js'

type LicenseConfig = Pick<Config, 'gate' | 'allowLicenses' | 'denyLicenses' | 'repository'>

/**
 * The dependencies the license gate lists (violations, and with allow-licenses those of unknown
 * license), or none when no license list is set.
 * @throws NoVerdictError when a license list is set but the project is unknown, or when, with
 *   allow-licenses, the repository has dependencies but the platform gave a license for none of
 *   them: the gate would have judged nothing.
 */
export async function collectLicenseViolations(
  transport: Transport,
  deploymentId: string,
  project: Project | undefined,
  config: LicenseConfig
): Promise<LicenseViolation[]> {
  const policy = config.gate ? licensePolicyOf(config) : undefined
  if (policy === undefined) return []
  if (project === undefined) {
    throw new NoVerdictError(
      `the licenses of ${config.repository} cannot be judged: its project is unknown`,
      'on-api-error'
    )
  }
  const listed =
    policy.mode === 'deny'
      ? await deniedDependencies(transport, deploymentId, project.id, policy)
      : await everyDependency(transport, deploymentId, project.id, config.repository)
  return judgeLicenses(listed, policy, project.id)
}

/**
 * The server's matches of each denied license, and every other dependency of the repository,
 * judged on its own expression. A dependency in both is taken once, as matched (judged on its own
 * licenses when it carries any), so none is listed both as denied and as of unknown license.
 */
async function deniedDependencies(
  transport: Transport,
  deploymentId: string,
  repositoryId: number,
  policy: LicensePolicy
): Promise<ListedDependency[]> {
  const [matches, every] = await Promise.all([
    deniedMatches(transport, deploymentId, repositoryId, policy),
    repositoryDependencies(transport, deploymentId, repositoryId)
  ])
  const key = (d: Dependency) => JSON.stringify([d.name, d.version, d.repositoryId])
  const matched = new Set(matches.map(({ dependency }) => key(dependency)))
  const others = every.filter(dependency => !matched.has(key(dependency)))
  return [...matches, ...others.map(dependency => ({ dependency }))]
}

/** The dependencies the server matches to each denied license, one query per license. */
async function deniedMatches(
  transport: Transport,
  deploymentId: string,
  repositoryId: number,
  policy: LicensePolicy
): Promise<ListedDependency[]> {
  const answers = await Promise.all(
    policy.licenses.map(async matched => {
      const filter = { license: [matched], repositoryId: [repositoryId] }
      const dependencies = await listDependencies(transport, deploymentId, filter)
      return dependencies.map(dependency => ({ dependency, matched }))
    })
  )
  return answers.flat()
}

/** Every dependency of the repository (a server ignoring the filter must not add others). */
async function repositoryDependencies(
  transport: Transport,
  deploymentId: string,
  repositoryId: number
): Promise<Dependency[]> {
  const dependencies = await listDependencies(transport, deploymentId, {
    repositoryId: [repositoryId]
  })
  return dependencies.filter(
    d => d.repositoryId === undefined || d.repositoryId === String(repositoryId)
  )
}

/** allow-licenses: every dependency of the repository, which must carry licenses to be judged. */
async function everyDependency(
  transport: Transport,
  deploymentId: string,
  repositoryId: number,
  repository: string
): Promise<ListedDependency[]> {
  const ours = await repositoryDependencies(transport, deploymentId, repositoryId)
  if (ours.length > 0 && !ours.some(d => d.licenses.some(license => license.trim() !== ''))) {
    throw new NoVerdictError(
      `the platform listed ${ours.length} ${ours.length === 1 ? 'dependency' : 'dependencies'} of ${repository} and a license for none of them, so allow-licenses could not judge any`,
      'on-api-error'
    )
  }
  return ours.map(dependency => ({ dependency }))
}
