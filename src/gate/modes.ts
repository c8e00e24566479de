import type { FindingMode, PolicyRule, SastFinding } from '../domain.js'

/** Rule modes of each SAST policy: policy id → rule path → mode. */
export type PolicyModes = ReadonlyMap<string, ReadonlyMap<string, PolicyRule['mode']>>

export interface RuleModes {
  readonly modes: PolicyModes
  /** The deployment's default SAST policy, known when some finding named no sourcing policy. */
  readonly defaultPolicyId?: string
}

/**
 * The mode of a finding's rule in the policy that sourced it. A finding without a sourcing policy
 * is looked up in the deployment's default SAST policy. Anything not found is `unknown`, which
 * never blocks by mode.
 */
export function modeLookup(
  ruleModes: RuleModes | undefined
): (finding: SastFinding) => FindingMode {
  if (!ruleModes) return () => 'not-fetched'
  const { modes, defaultPolicyId } = ruleModes
  return finding => {
    const policyId = finding.sourcingPolicy?.id ?? defaultPolicyId
    if (policyId === undefined) return 'unknown'
    return modes.get(policyId)?.get(finding.ruleName) ?? 'unknown'
  }
}
