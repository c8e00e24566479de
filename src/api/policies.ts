import { z } from 'zod'
import type { Policy, PolicyRule } from '../domain.js'
import { cursorPages } from './pages.js'
import type { Transport } from './transport.js'
import { optionalString, policyMode, stringId } from './wire.js'

const PoliciesResponse = z.object({
  policies: z.array(
    z.object({
      id: stringId,
      name: optionalString,
      slug: optionalString,
      productType: optionalString,
      isDefault: z.boolean().nullish()
    })
  )
})

const RulesResponse = z.object({
  cursor: z.union([z.string(), z.number()]).nullish(),
  // Required: a page without its list (`{}`, an error object) must not read as "no rules".
  rules: z.array(z.object({ id: stringId, path: z.string(), policyMode }))
})

/** The two usual reasons a v1 policies request answers 404, for the hint of that status. */
const POLICIES_404_CAUSES =
  'check that deployment-id is the id of deployment-slug (or leave deployment-id empty), or the deprecated v1 policies endpoints'

function policiesPath(deploymentId: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/policies`
}

export async function listPolicies(transport: Transport, deploymentId: string): Promise<Policy[]> {
  const response = await transport.request({
    method: 'GET',
    path: policiesPath(deploymentId),
    schema: PoliciesResponse,
    hints: {
      404: `deployment ${deploymentId} has no policies here: ${POLICIES_404_CAUSES} no longer serve them`
    }
  })
  return response.policies.map(p => ({
    id: p.id,
    name: p.name ?? p.id,
    slug: p.slug ?? '',
    productType: p.productType ?? '',
    isDefault: p.isDefault === true
  }))
}

export function isSastPolicy(policy: Policy): boolean {
  return policy.productType === 'PRODUCT_TYPE_SAST'
}

/** The documented maximum: a policy of thousands of rules in a few round trips. */
export const RULES_PAGE_LIMIT = 2000

export function policyRulePages(
  transport: Transport,
  deploymentId: string,
  policyId: string,
  maxPages = 500
): AsyncGenerator<readonly PolicyRule[]> {
  const path = `${policiesPath(deploymentId)}/${encodeURIComponent(policyId)}`
  return cursorPages(
    async cursor => {
      const response = await transport.request({
        method: 'GET',
        path,
        query: { cursor, limit: RULES_PAGE_LIMIT },
        schema: RulesResponse,
        hints: {
          404: `policy ${policyId} is not in deployment ${deploymentId}: ${POLICIES_404_CAUSES} no longer serve it`
        }
      })
      const next =
        response.cursor === null || response.cursor === undefined
          ? undefined
          : String(response.cursor)
      const items = response.rules.map(rule => ({
        id: rule.id,
        path: rule.path,
        mode: rule.policyMode
      }))
      return { items, next }
    },
    { maxPages, request: { method: 'GET', path } }
  )
}

/** Rule path → mode for one policy, over all cursor pages. */
export async function policyRuleModes(
  transport: Transport,
  deploymentId: string,
  policyId: string
): Promise<Map<string, PolicyRule['mode']>> {
  const modes = new Map<string, PolicyRule['mode']>()
  for await (const page of policyRulePages(transport, deploymentId, policyId)) {
    for (const rule of page) modes.set(rule.path, rule.mode)
  }
  return modes
}
