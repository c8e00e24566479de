import { z } from 'zod'
import type { Project } from '../domain.js'
import { ApiError, SchemaError, type RequestLabel } from './errors.js'
import { pageNumberPages } from './paginate.js'
import type { Transport } from './transport.js'
import { camelObject, numericId, optionalString } from './wire.js'

const ProjectWire = camelObject({
  id: numericId,
  name: z.string().min(1),
  // Required (as documented): tags read as [] where they are missing would be replaced by the
  // new ones alone, dropping the project's current tags.
  tags: z.array(z.string()),
  url: optionalString,
  defaultBranch: optionalString,
  primaryBranch: optionalString
})

function toProject(wire: z.infer<typeof ProjectWire>): Project {
  return {
    id: wire.id,
    name: wire.name,
    tags: wire.tags,
    url: wire.url ?? undefined,
    defaultBranch: wire.defaultBranch ?? undefined,
    primaryBranch: wire.primaryBranch ?? undefined
  }
}

const ProjectsResponse = z.object({ projects: z.array(ProjectWire) })
const ProjectResponse = z.object({ project: ProjectWire })

export interface ProjectsPaging {
  readonly pageSize: number
  readonly concurrency: number
  readonly maxPages: number
}

export const DEFAULT_PROJECTS_PAGING: ProjectsPaging = {
  pageSize: 1000,
  concurrency: 4,
  maxPages: 1000
}

function projectsPath(deploymentSlug: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/projects`
}

/** Every project of the deployment, page by page. */
export function projectPages(
  transport: Transport,
  deploymentSlug: string,
  paging: ProjectsPaging = DEFAULT_PROJECTS_PAGING
): AsyncGenerator<readonly Project[]> {
  const path = projectsPath(deploymentSlug)
  const fetchPage = async (page: number, signal: AbortSignal): Promise<Project[]> => {
    const response = await transport.request({
      method: 'GET',
      path,
      signal,
      query: { page, page_size: paging.pageSize },
      schema: ProjectsResponse
    })
    return response.projects.map(toProject)
  }
  return pageNumberPages(fetchPage, {
    ...paging,
    // The page-size cap of this endpoint is undocumented: a short page may just be the cap.
    endOn: 'empty-page',
    key: project => project.id,
    request: { method: 'GET', path }
  })
}

/** Names compare case-insensitively, as the service's `repos` filter does. */
export function sameProjectName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/** The one-project route's path, or undefined for a name that cannot be a path (see below). */
function projectPath(deploymentSlug: string, name: string): string | undefined {
  try {
    return `${projectsPath(deploymentSlug)}/${projectNamePath(name, 'segments')}`
  } catch {
    return undefined
  }
}

/** Statuses that say the token may not read the deployment: the list would answer them too. */
const ACCESS_STATUSES: ReadonlySet<number> = new Set([401, 403])

/**
 * The project named `name` from the one-project route (the vendor's ProjectsService_GetProject,
 * marked experimental): one round trip whatever the deployment's size, where the list takes one
 * per page of 1,000 projects. Undefined when that route does not give it under this spelling
 * (404, another status but 401 and 403, a body that is not one project, another project's name):
 * the list then decides, so the route can only make the lookup faster, never change its answer.
 */
async function projectByName(
  transport: Transport,
  deploymentSlug: string,
  name: string
): Promise<Project | undefined> {
  const path = projectPath(deploymentSlug, name)
  if (path === undefined) return undefined
  let project: Project
  try {
    const response = await transport.request({
      method: 'GET',
      path,
      schema: ProjectResponse
    })
    project = toProject(response.project)
  } catch (error) {
    if (error instanceof ApiError && !ACCESS_STATUSES.has(error.status)) return undefined
    if (error instanceof SchemaError) return undefined
    throw error
  }
  return sameProjectName(project.name, name) ? project : undefined
}

/**
 * The project named exactly `name` (case-insensitively), or undefined: asked for by name first,
 * then looked for in the list, which stops reading pages once it is found.
 */
export async function findProject(
  transport: Transport,
  deploymentSlug: string,
  name: string,
  paging?: ProjectsPaging
): Promise<Project | undefined> {
  const named = await projectByName(transport, deploymentSlug, name)
  if (named !== undefined) return named
  for await (const page of projectPages(transport, deploymentSlug, paging)) {
    const found = page.find(project => sameProjectName(project.name, name))
    if (found) return found
  }
  return undefined
}

export async function listProjects(
  transport: Transport,
  deploymentSlug: string,
  paging?: ProjectsPaging
): Promise<Project[]> {
  const all: Project[] = []
  for await (const page of projectPages(transport, deploymentSlug, paging)) all.push(...page)
  return all
}

/**
 * `acme/web` → `acme/web` with each segment encoded and the slashes kept (what the service's own
 * samples send), or `acme%2Fweb`. Names with empty, `.` or `..` segments are refused: they would
 * address another path.
 */
export function projectNamePath(name: string, style: 'segments' | 'encoded'): string {
  const segments = name.split('/')
  if (segments.some(segment => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`project name "${name}" has an empty, "." or ".." segment`)
  }
  return style === 'segments'
    ? segments.map(encodeURIComponent).join('/')
    : encodeURIComponent(name)
}

/**
 * PUT the project's tags. The body is the bare array the description's sample shows; whether the
 * service replaces or extends is undocumented, so callers always send the full union.
 */
export async function putProjectTags(
  transport: Transport,
  deploymentSlug: string,
  projectName: string,
  tags: readonly string[]
): Promise<Project> {
  const base = `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/projects/`
  const send = async (style: 'segments' | 'encoded'): Promise<Project> => {
    const response = await transport.request({
      method: 'PUT',
      path: `${base}${projectNamePath(projectName, style)}/tags`,
      body: tags,
      schema: ProjectResponse,
      hints: { 404: `check repository: no project named "${projectName}" in this deployment` }
    })
    return toProject(response.project)
  }
  try {
    return await send('segments')
  } catch (error) {
    // Undocumented which form the router wants; the slash-encoded one is tried once on 404.
    if (error instanceof ApiError && error.status === 404 && projectName.includes('/'))
      return send('encoded')
    throw error
  }
}

export type { RequestLabel }
