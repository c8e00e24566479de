/** The project the evidence, the licenses and the effects read: the repository, by name. */
import { findProject } from '../api/projects.js'
import type { Transport } from '../api/transport.js'
import type { Deployment, Project } from '../domain.js'
import { UserError } from '../errors.js'
import { underCheckedSlug } from './checked-slug.js'

export class ProjectNotFoundError extends UserError {
  override readonly name = 'ProjectNotFoundError'
  constructor(repository: string, deployment: Deployment) {
    super(
      `repository "${repository}" is not a project of deployment ${deployment.slug}: check the repository input (the name as the platform shows it) and that the repository has been scanned`
    )
  }
}

/** Looked up under the slug the inputs give while the deployment is checked (see checked-slug.ts). */
export function lookUpProject(
  transport: Transport,
  deployment: Promise<Deployment>,
  { slug, repository }: { readonly slug?: string; readonly repository: string }
): Promise<Project> {
  return underCheckedSlug(deployment, slug, async checkedSlug => {
    const project = await findProject(transport, checkedSlug, repository)
    if (!project) throw new ProjectNotFoundError(repository, await deployment)
    return project
  })
}
