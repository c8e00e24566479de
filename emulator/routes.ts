/**
 * The routing table: `/api/v1/ping`, `/api/v1/deployments`, and each resource's routes under a
 * deployment (by slug or by numeric id, as the description lists them), behind the bearer token.
 */
import { listDeployments } from './api/deployments.js'
import { dependenciesRoutes } from './api/dependencies.js'
import { findingsRoutes } from './api/findings.js'
import { policiesRoutes } from './api/policies.js'
import { projectsRoutes } from './api/projects.js'
import { sbomRoutes } from './api/sbom.js'
import { scansRoutes } from './api/scans.js'
import { secretsRoutes } from './api/secrets.js'
import { ticketsRoutes } from './api/tickets.js'
import {
  ApiError,
  decodeSegment,
  notFound,
  ok,
  type ApiResponse,
  type DeploymentKey,
  type Environment,
  type RequestContext,
  type Route
} from './request.js'

const METHOD_NOT_ALLOWED_MESSAGE = 'The method is not allowed for the requested URL.'

function requireMethod(ctx: RequestContext, method: string): void {
  if (ctx.method !== method) throw new ApiError(405, METHOD_NOT_ALLOWED_MESSAGE)
}

function requireAuth(ctx: RequestContext, env: Environment): void {
  const match = /^Bearer\s+(.+)$/i.exec(ctx.headers.authorization ?? '')
  if (match?.[1]?.trim() !== env.token) throw new ApiError(401, 'Invalid API token')
}

function requireDeployment(env: Environment, segment: string, key: DeploymentKey): void {
  const expected = key === 'slug' ? env.state.deployment.slug : env.state.deployment.id
  if (decodeSegment(segment) !== expected) throw notFound()
}

/** Routes under a deployment; each resource's routes match paths no other route does. */
const DEPLOYMENT_ROUTES: readonly Route[] = [
  ...findingsRoutes,
  ...projectsRoutes,
  ...ticketsRoutes,
  ...dependenciesRoutes,
  ...policiesRoutes,
  ...sbomRoutes,
  ...scansRoutes,
  ...secretsRoutes
]

function routeDeployment(
  ctx: RequestContext,
  env: Environment,
  deployment: string,
  rest: readonly string[]
): ApiResponse {
  const route = DEPLOYMENT_ROUTES.find(candidate => candidate.matches(rest))
  if (route === undefined) throw notFound()
  requireMethod(ctx, route.method)
  requireDeployment(env, deployment, route.key)
  return route.handle(ctx, env, rest)
}

function routeApi(ctx: RequestContext, env: Environment): ApiResponse {
  const [api, version, resource, deployment, ...rest] = ctx.segments
  if (api !== 'api' || version !== 'v1' || resource === undefined) throw notFound()
  if (resource === 'ping' && deployment === undefined) {
    // ping is the one unauthenticated endpoint of the service.
    requireMethod(ctx, 'GET')
    return ok({})
  }
  requireAuth(ctx, env)
  if (resource !== 'deployments') throw notFound()
  if (deployment === undefined) {
    requireMethod(ctx, 'GET')
    return listDeployments(env)
  }
  return routeDeployment(ctx, env, deployment, rest)
}

export function dispatch(ctx: RequestContext, env: Environment): ApiResponse {
  try {
    return routeApi(ctx, env)
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: { error: error.message } }
    throw error
  }
}
