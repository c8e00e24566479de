import { putProjectTags } from '../api/projects.js'
import type { Transport } from '../api/transport.js'
import type { Project, TagsOutcome } from '../domain.js'

export class TagsNotKeptError extends Error {
  override readonly name = 'TagsNotKeptError'
}

/**
 * Adds tags, never removes one: the current tags are read first and the union is sent, since
 * whether the service replaces or extends is undocumented. Nothing new to add → no request.
 */
export async function addProjectTags(
  transport: Transport,
  deploymentSlug: string,
  project: Project,
  wanted: readonly string[]
): Promise<TagsOutcome> {
  const has = new Set(project.tags)
  const added = wanted.filter(tag => !has.has(tag))
  if (added.length === 0) return { project: project.name, added: [], tags: [...project.tags] }
  const union = [...project.tags, ...added]
  const updated = await putProjectTags(transport, deploymentSlug, project.name, union)
  const kept = new Set(updated.tags)
  const missing = union.filter(tag => !kept.has(tag))
  if (missing.length > 0) {
    throw new TagsNotKeptError(
      `The tag update of ${project.name} was answered without ${missing.join(', ')}: the project now has [${updated.tags.join(', ')}]`
    )
  }
  return { project: project.name, added, tags: [...updated.tags] }
}
