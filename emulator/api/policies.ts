/**
 * `GET /deployments/{id}/policies` and the cursor pages of a policy's rules: deprecated in the
 * API description, and retired when the state says so (EmulatorState.policiesV1).
 */
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import {
  ApiError,
  cursorOffset,
  decodeSegment,
  integerParam,
  isPath,
  notFound,
  ok
} from '../request.js'
import { renderPolicy, renderPolicyRule } from '../wire.js'

function encodeRuleCursor(offset: number): string {
  return Buffer.from(`rules:${offset}`).toString('base64url')
}

function decodeRuleCursor(text: string): number | undefined {
  const match = /^rules:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/** The answer of a retired endpoint, when the v1 policies endpoints are no longer served. */
function refuseWhenRetired(env: Environment): void {
  if (env.state.policiesV1 === 'not-found') throw notFound()
  if (env.state.policiesV1 === 'gone') {
    throw new ApiError(
      410,
      'DEPLOYMENT_MIGRATED: this deployment uses Unified Policies; use the Policies V2 API'
    )
  }
}

function listPolicies(env: Environment): ApiResponse {
  refuseWhenRetired(env)
  return ok({ policies: env.state.policies.map(renderPolicy) })
}

/** Cursor pages of a policy's rules; the last page answers an empty cursor. */
function listPolicyRules(ctx: RequestContext, env: Environment, policyId: string): ApiResponse {
  refuseWhenRetired(env)
  const policy = env.state.policies.find(candidate => candidate.id === policyId)
  if (policy === undefined) throw notFound(`Policy ${policyId} not found`)
  // A zero limit is an unset uint32 in proto3, so it means the default.
  const limit = integerParam(ctx.query.get('limit') ?? undefined, 'limit', 500, 0, 2000) || 500
  const offset = cursorOffset(ctx.query.get('cursor') ?? undefined, 'cursor', decodeRuleCursor)
  const end = Math.min(offset + limit, policy.rules.length)
  return ok({
    cursor: end < policy.rules.length ? encodeRuleCursor(end) : '',
    policy: renderPolicy(policy),
    rules: policy.rules.slice(offset, end).map(renderPolicyRule)
  })
}

export const policiesRoutes: readonly Route[] = [
  {
    method: 'GET',
    key: 'id',
    matches: isPath('policies'),
    handle: (_ctx, env) => listPolicies(env)
  },
  {
    method: 'GET',
    key: 'id',
    matches: rest => rest.length === 2 && rest[0] === 'policies',
    handle: (ctx, env, rest) => listPolicyRules(ctx, env, decodeSegment(rest[1] ?? ''))
  }
]
