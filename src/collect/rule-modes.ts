import { isClientError } from '../api/errors.js'
import { isSastPolicy, listPolicies, policyRuleModes } from '../api/policies.js'
import type { Transport } from '../api/transport.js'
import type { Finding, PolicyRule } from '../domain.js'
import type { RuleModes } from '../gate/modes.js'
import { NoVerdictError } from '../errors.js'

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
      const policy = finding.sourcingPolicy
      if (policy !== undefined) this.want(policy.id, policy.name)
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

  private want(policyId: string, name?: string): void {
    if (this.byPolicy.has(policyId)) return
    this.byPolicy.set(policyId, settledLater(this.fetchModes(policyId, name)))
  }

  private async fetchModes(policyId: string, name: string | undefined): Promise<Modes> {
    // A failed deployment lookup is its own error, not a policy problem: awaited outside.
    const deploymentId = await this.deploymentId
    const what = `the rule modes of policy ${policyId}${name ? ` (${name})` : ''}`
    // Even a 404 (a policy deleted since the scan, a wrong deployment-id, the deprecated v1
    // endpoints gone) leaves every mode unknown, which never blocks: the gate would pass unjudged.
    return noVerdictOnFailure(what, policyRuleModes(this.transport, deploymentId, policyId))
  }

  private async findDefaultPolicy(): Promise<string | undefined> {
    const deploymentId = await this.deploymentId
    const policies = await noVerdictOnFailure(
      `the policy list of deployment ${deploymentId} (to find the default SAST policy)`,
      listPolicies(this.transport, deploymentId)
    )
    const found = policies.find(policy => policy.isDefault && isSastPolicy(policy))
    if (found) this.want(found.id, found.name)
    return found?.id
  }
}

/** An API failure of a lookup the policy-mode gate needs is no verdict, not a partial one. */
async function noVerdictOnFailure<T>(what: string, lookup: Promise<T>): Promise<T> {
  try {
    return await lookup
  } catch (error) {
    if (!isClientError(error)) throw error
    throw new NoVerdictError(
      `${what} could not be read, so fail-on-policy-mode cannot be judged: ${error.message}. Set fail-on-policy-mode: none to gate without policy modes`,
      'on-api-error'
    )
  }
}

/** A promise that is awaited later (or never, when the findings fail first): no unhandled rejection. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}
