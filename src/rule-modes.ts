import { ApiError } from './api/errors.js'
import { isSastPolicy, listPolicies, policyRuleModes } from './api/policies.js'
import type { Transport } from './api/transport.js'
import type { Finding, PolicyRule } from './domain.js'
import type { RuleModes } from './gate/modes.js'

type Modes = ReadonlyMap<string, PolicyRule['mode']>

/**
 * Fetches the rule modes the policy-mode gate needs while the findings are still arriving: the
 * rules of each policy that SAST findings name as their sourcing policy, once per policy, started
 * as soon as the first finding names it; the policy list only when some finding names none (to
 * find the default SAST policy). Policies that no finding in scope names are never fetched.
 */
export class RuleModeCollector {
  private readonly byPolicy = new Map<string, Promise<Modes>>()
  private defaultPolicy: Promise<string | undefined> | undefined

  private readonly deploymentId: Promise<string>

  constructor(
    private readonly transport: Transport,
    deploymentId: Promise<string>
  ) {
    // Awaited only once a finding names a policy: a failed deployment lookup is reported elsewhere.
    this.deploymentId = settledLater(deploymentId)
  }

  /** Looks at a page of findings as it arrives. */
  add(findings: readonly Finding[]): void {
    for (const finding of findings) {
      if (finding.type !== 'sast') continue
      const policyId = finding.sourcingPolicy?.id
      if (policyId !== undefined) this.want(policyId)
      else this.defaultPolicy ??= settledLater(this.findDefaultPolicy())
    }
  }

  /** Every mode asked for so far; rejects with the first request that failed. */
  async result(): Promise<RuleModes> {
    // First: finding the default policy can add one more policy to fetch.
    const defaultPolicyId = await this.defaultPolicy
    const entries = await Promise.all(
      [...this.byPolicy].map(async ([policyId, modes]) => [policyId, await modes] as const)
    )
    return { modes: new Map(entries), ...(defaultPolicyId ? { defaultPolicyId } : {}) }
  }

  private want(policyId: string): void {
    if (this.byPolicy.has(policyId)) return
    this.byPolicy.set(policyId, settledLater(this.fetchModes(policyId)))
  }

  private async fetchModes(policyId: string): Promise<Modes> {
    try {
      return await policyRuleModes(this.transport, await this.deploymentId, policyId)
    } catch (error) {
      // A sourcing policy deleted since the scan: its findings' modes are unknown, as they would
      // be for a rule the policy no longer lists.
      if (error instanceof ApiError && error.status === 404) return new Map()
      throw error
    }
  }

  private async findDefaultPolicy(): Promise<string | undefined> {
    const policies = await listPolicies(this.transport, await this.deploymentId)
    const found = policies.find(policy => policy.isDefault && isSastPolicy(policy))
    if (found) this.want(found.id)
    return found?.id
  }
}

/** A promise that is awaited later (or never, when the findings fail first): no unhandled rejection. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}
