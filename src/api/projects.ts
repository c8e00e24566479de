import { z } from 'zod'
import type { Project } from '../domain.js'
import { ApiError, SchemaError, type RequestLabel } from './errors.js'
import { readPageNumberList } from './pages.js'
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

/** Projects per page; the endpoint's maximum is undocumented, so a short page proves nothing. */
const PROJECTS_PAGE_SIZE = 1000

/** Pages of the project list asked for at once. */
const PROJECTS_WINDOW = 4

function projectsPath(deploymentSlug: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentSlug)}/projects`
}

/** One read of every project of the deployment, each once, in the order the server lists them. */
export function readProjectList(transport: Transport, deploymentSlug: string): Promise<Project[]> {
  const path = projectsPath(deploymentSlug)
  return readPageNumberList(
    async (page, signal) => {
      const response = await transport.request({
        method: 'GET',
        path,
        signal,
        query: { page, page_size: PROJECTS_PAGE_SIZE },
        schema: ProjectsResponse
      })
      return response.projects.map(toProject)
    },
    {
      pageSize: PROJECTS_PAGE_SIZE,
      plannedPages: 1,
      window: PROJECTS_WINDOW,
      maxPages: 1000,
      key: project => project.id,
      request: { method: 'GET', path }
    }
  )
}

/** Reads of the project list at most, until two in a row agree. */
const PROJECT_LIST_READS = 3

/**
 * Every project of the deployment, each once. A page-number list shifts when a project is created
 * or deleted between two of its pages, and one read can then skip a project: so the list is read
 * again until two reads in a row agree (at most three times). When reads differ, `warn` says so,
 * and every project any read saw is in the answer: a project deleted meanwhile is reported by
 * whatever uses it, never silently left out.
 */
export async function listProjects(
  transport: Transport,
  deploymentSlug: string,
  warn: (message: string) => void
): Promise<Project[]> {
  const seen = new Map<number, Project>()
  const reads: string[] = []
  for (let read = 0; read < PROJECT_LIST_READS; read++) {
    const projects = await readProjectList(transport, deploymentSlug)
    for (const project of projects) if (!seen.has(project.id)) seen.set(project.id, project)
    reads.push(
      projects
        .map(project => project.id)
        .sort((a, b) => a - b)
        .join(',')
    )
    if (reads.length >= 2 && reads.at(-1) === reads.at(-2)) break
  }
  if (new Set(reads).size > 1) {
    warn(
      `The project list of ${deploymentSlug} changed while it was read (${reads.length} reads did not all agree): ${seen.size} projects were seen in all, and every one of them is used`
    )
  }
  return [...seen.values()]
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
 * then looked for in the list.
 */
export async function findProject(
  transport: Transport,
  deploymentSlug: string,
  name: string
): Promise<Project | undefined> {
  const named = await projectByName(transport, deploymentSlug, name)
  if (named !== undefined) return named
  const projects = await readProjectList(transport, deploymentSlug)
  return projects.find(project => sameProjectName(project.name, name))
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
