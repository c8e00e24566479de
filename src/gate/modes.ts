import type { FindingMode, Policy, PolicyRule, SastFinding } from '../domain.js'

/** Rule modes of each SAST policy: policy id → rule path → mode. */
export type PolicyModes = ReadonlyMap<string, ReadonlyMap<string, PolicyRule['mode']>>

/**
 * The mode of a finding's rule in the policy that sourced it. A finding without a sourcing policy
 * is looked up in the deployment's default SAST policy. Anything not found is `unknown`, which
 * never blocks by mode.
 */
export function modeLookup(
  policies: readonly Policy[] | undefined,
  modes: PolicyModes | undefined
): (finding: SastFinding) => FindingMode {
  if (!policies || !modes) return () => 'not-fetched'
  const defaultPolicy = policies.find(p => p.isDefault && p.productType === 'PRODUCT_TYPE_SAST')
  return finding => {
    const policyId = finding.sourcingPolicy?.id ?? defaultPolicy?.id
    if (policyId === undefined) return 'unknown'
    return modes.get(policyId)?.get(finding.ruleName) ?? 'unknown'
  }
}
