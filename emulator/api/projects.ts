/**
 * `GET /deployments/{slug}/projects` (paged), `GET /deployments/{slug}/projects/{name}` (one project,
 * the vendor's ProjectsService_GetProject) and `PUT /deployments/{slug}/projects/{name}/tags`.
 */
import type { EmulatorState, ProjectRecord } from '../data/records.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import {
  ApiError,
  decodeSegment,
  integerParam,
  isPath,
  isRecord,
  jsonBody,
  notFound,
  ok
} from '../request.js'
import { renderProject } from '../wire.js'

function listProjects(ctx: RequestContext, env: Environment): ApiResponse {
  const page = integerParam(
    ctx.query.get('page') ?? undefined,
    'page',
    0,
    0,
    Number.MAX_SAFE_INTEGER
  )
  const pageSize = integerParam(ctx.query.get('page_size') ?? undefined, 'page_size', 100, 1, 3000)
  const projects = env.state.projects.slice(page * pageSize, (page + 1) * pageSize)
  return ok({ projects: projects.map(project => renderProject(project, env.shape(), false)) })
}

function findProject(state: EmulatorState, name: string): ProjectRecord | undefined {
  const lower = name.toLowerCase()
  return state.projects.find(project => project.name.toLowerCase() === lower)
}

/**
 * The projectName may arrive with raw slashes (several segments) or as one `%2F`-encoded
 * segment. `state.projectPathStyle` can make the service accept only one of the two spellings.
 */
function namePathAccepted(state: EmulatorState, nameSegments: readonly string[]): boolean {
  const style =
    nameSegments.length > 1 ? 'raw' : /%2f/i.test(nameSegments[0] ?? '') ? 'encoded' : 'neutral'
  return (
    state.projectPathStyle === 'both' || style === 'neutral' || style === state.projectPathStyle
  )
}

function isTagList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every(tag => typeof tag === 'string' && tag.trim() !== '')
}

/** Both body forms seen in the wild: a bare array, or the declared `{tags: [...]}` object. */
function parseTagsBody(body: unknown): string[] {
  const tags: unknown = isRecord(body) ? body.tags : body
  if (!isTagList(tags))
    throw new ApiError(400, 'Request body must be a JSON array of tag strings or {"tags": [...]}')
  return [...new Set(tags.map(tag => tag.trim()))]
}

/** One project by name (compared case-insensitively, as the tags route does). */
function getProject(env: Environment, nameSegments: readonly string[]): ApiResponse {
  if (!namePathAccepted(env.state, nameSegments)) throw notFound()
  const name = nameSegments.map(decodeSegment).join('/')
  const project = findProject(env.state, name)
  if (project === undefined) throw notFound(`Project '${name}' not found`)
  return ok({ project: renderProject(project, env.shape(), true) })
}

/** Tags replace the project's tags: the pessimistic reading, so clients must send the union. */
function putProjectTags(
  ctx: RequestContext,
  env: Environment,
  nameSegments: readonly string[]
): ApiResponse {
  if (!namePathAccepted(env.state, nameSegments)) throw notFound()
  const name = nameSegments.map(decodeSegment).join('/')
  const tags = parseTagsBody(jsonBody(ctx))
  const project = findProject(env.state, name)
  if (project === undefined) throw notFound(`Project '${name}' not found`)
  project.tags = tags
  return ok({ project: renderProject(project, env.shape(), true) })
}

export const projectsRoutes: readonly Route[] = [
  { method: 'GET', key: 'slug', matches: isPath('projects'), handle: listProjects },
  {
    method: 'PUT',
    key: 'slug',
    matches: rest => rest.length >= 3 && rest[0] === 'projects' && rest.at(-1) === 'tags',
    handle: (ctx, env, rest) => putProjectTags(ctx, env, rest.slice(1, -1))
  },
  // After the tags route, which takes the paths that end in /tags.
  {
    method: 'GET',
    key: 'slug',
    matches: rest => rest.length >= 2 && rest[0] === 'projects',
    handle: (_ctx, env, rest) => getProject(env, rest.slice(1))
  }
]
