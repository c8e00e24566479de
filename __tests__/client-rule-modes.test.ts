/**
 * The rule modes of the policy-mode gate, fetched from the emulator while findings arrive: only
 * the policies the findings name, the default SAST policy only for findings that name none.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { DeploymentError, resolveDeployment } from '../src/api/deployments.js'
import { Transport } from '../src/api/transport.js'
import { modeLookup } from '../src/gate/modes.js'
import { NoVerdictError } from '../src/errors.js'
import { RuleModeCollector } from '../src/collect/rule-modes.js'
import { sastFinding, scaFinding } from './fixtures/report-fixtures.js'
import { failure } from './helpers/failure.js'
import { DEFAULT_POLICY_RULE_COUNT } from './helpers/sample.js'
import { emulatorTransport } from './helpers/client.js'

const MD5_RULE = 'python.lang.security.audit.md5-used-as-password.md5-used-as-password'
const POLICIES = '/api/v1/deployments/4242/policies'
const DEFAULT_POLICY = { id: '11', name: 'Default Policy', slug: 'default-policy' }
const STRICT_POLICY = { id: '12', name: 'Strict Policy', slug: 'strict-policy' }

let emulator: Emulator
let transport: Transport

beforeAll(async () => {
  emulator = await startEmulator({ now: new Date('2026-11-01T12:00:00.000Z') })
})
afterAll(async () => {
  await emulator.close()
})
afterEach(async () => {
  await transport.close()
})
beforeEach(() => {
  emulator.clearFaults()
  emulator.requests.length = 0
  transport = emulatorTransport(emulator, { retries: 1 })
})

function paths(): string[] {
  return emulator.requests.map(r => `${r.path}${r.query.cursor ? ' (next page)' : ''}`)
}

describe('RuleModeCollector', () => {
  it('fetches the rules of each policy the findings name, once, and no policy list', async () => {
    const collector = new RuleModeCollector(transport, Promise.resolve('4242'))
    collector.add([
      sastFinding({ ruleName: MD5_RULE, sourcingPolicy: DEFAULT_POLICY }),
      scaFinding()
    ])
    collector.add([sastFinding({ ruleName: MD5_RULE, sourcingPolicy: DEFAULT_POLICY })])
    const result = await collector.result()

    expect([...result.modes.keys()]).toEqual(['11'])
    expect(result.modes.get('11')?.size).toBe(DEFAULT_POLICY_RULE_COUNT)
    expect(result.defaultPolicyId).toBeUndefined()
    // Policy 12 and the policy list are never asked for; 11 takes two pages of 2000 rules.
    expect(paths()).toEqual([`${POLICIES}/11`, `${POLICIES}/11 (next page)`])
    expect(
      modeLookup(result)(sastFinding({ ruleName: MD5_RULE, sourcingPolicy: DEFAULT_POLICY }))
    ).toBe('block')
  })

  it('looks a finding without a sourcing policy up in the default SAST policy', async () => {
    const collector = new RuleModeCollector(transport, Promise.resolve('4242'))
    collector.add([
      sastFinding({ ruleName: MD5_RULE, sourcingPolicy: undefined }),
      sastFinding({ ruleName: MD5_RULE, sourcingPolicy: STRICT_POLICY })
    ])
    const result = await collector.result()

    expect(result.defaultPolicyId).toBe('11')
    expect([...result.modes.keys()].sort()).toEqual(['11', '12'])
    expect(paths().sort()).toEqual(
      [POLICIES, `${POLICIES}/11`, `${POLICIES}/11 (next page)`, `${POLICIES}/12`].sort()
    )
    expect(modeLookup(result)(sastFinding({ ruleName: MD5_RULE, sourcingPolicy: undefined }))).toBe(
      'block'
    )
  })

  it('gives no verdict when a sourcing policy answers 404, naming the policy and the likely causes', async () => {
    const collector = new RuleModeCollector(transport, Promise.resolve('4242'))
    collector.add([
      sastFinding({ ruleName: MD5_RULE, sourcingPolicy: { id: '99', name: 'Old Policy' } })
    ])

    const error = await failure(collector.result())
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-api-error')
    expect(error.message).toBe(
      `the rule modes of policy 99 (Old Policy) could not be read, so fail-on-policy-mode cannot be judged: ` +
        `GET ${POLICIES}/99 failed with HTTP 404 Not Found: Policy 99 not found (1 attempt). ` +
        `Hint: policy 99 is not in deployment 4242: check that deployment-id is the id of deployment-slug (or leave deployment-id empty), ` +
        `or the deprecated v1 policies endpoints no longer serve it. ` +
        `Set fail-on-policy-mode: none to gate without policy modes`
    )
    expect(emulator.requests.map(r => `${r.path} ${r.status}`)).toEqual([`${POLICIES}/99 404`])
  })

  it('gives no verdict when the policy list answers 404 (findings without a sourcing policy)', async () => {
    emulator.addFault({ path: POLICIES, kind: 'status', status: 404, times: Infinity })
    const collector = new RuleModeCollector(transport, Promise.resolve('4242'))
    collector.add([sastFinding({ ruleName: MD5_RULE, sourcingPolicy: undefined })])

    const error = await failure(collector.result())
    expect(error).toBeInstanceOf(NoVerdictError)
    expect(error.message).toMatch(
      new RegExp(
        `^the policy list of deployment 4242 \\(to find the default SAST policy\\) could not be read, so fail-on-policy-mode cannot be judged: GET ${POLICIES} failed with HTTP 404 Not Found: .*Hint: deployment 4242 has no policies here: check that deployment-id is the id of deployment-slug \\(or leave deployment-id empty\\), or the deprecated v1 policies endpoints no longer serve them\\. Set fail-on-policy-mode: none to gate without policy modes$`
      )
    )
  })

  it('gives no verdict, naming the request that failed, when a rules page answers 500', async () => {
    emulator.addFault({ path: `${POLICIES}/11`, kind: 'status', status: 500, times: Infinity })
    const collector = new RuleModeCollector(transport, Promise.resolve('4242'))
    collector.add([sastFinding({ sourcingPolicy: DEFAULT_POLICY })])

    const error = await failure(collector.result())
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-api-error')
    expect(error.message).toMatch(
      new RegExp(
        `^the rule modes of policy 11 \\(Default Policy\\) could not be read, so fail-on-policy-mode cannot be judged: GET ${POLICIES}/11 failed with HTTP 500`
      )
    )
    expect(error.message).toMatch(/Set fail-on-policy-mode: none to gate without policy modes$/)
  })

  it('leaves a failed deployment lookup as it is: not a policy problem', async () => {
    const collector = new RuleModeCollector(
      transport,
      Promise.reject(new DeploymentError('deployment-slug "x" does not match'))
    )
    collector.add([sastFinding({ sourcingPolicy: DEFAULT_POLICY })])

    const error = await failure(collector.result())
    expect(error).toBeInstanceOf(DeploymentError)
    expect(emulator.requests).toEqual([])
  })

  it('a rule its policy does not list is unknown', async () => {
    const collector = new RuleModeCollector(transport, Promise.resolve('4242'))
    const stray = sastFinding({
      ruleName: 'acme.not-in-any-policy',
      sourcingPolicy: DEFAULT_POLICY
    })
    collector.add([stray])
    expect(modeLookup(await collector.result())(stray)).toBe('unknown')
  })

  it('asks for nothing without SAST findings, even when the deployment lookup failed', async () => {
    const collector = new RuleModeCollector(transport, Promise.reject(new Error('no deployment')))
    collector.add([scaFinding(), scaFinding()])
    const result = await collector.result()

    expect(result.modes.size).toBe(0)
    expect(emulator.requests).toEqual([])
  })
})

describe('deployment-id checked against deployment-slug', () => {
  it('accepts an id and a slug that name the same deployment, after one deployments request', async () => {
    await expect(resolveDeployment(transport, { slug: 'ACME-corp', id: '4242' })).resolves.toEqual({
      id: '4242',
      slug: 'acme-corp',
      name: 'Acme Corp'
    })
    expect(paths()).toEqual(['/api/v1/deployments'])
  })

  it('fails on a wrong deployment-id next to a right slug, naming both and the id the token sees', async () => {
    const error = await failure(resolveDeployment(transport, { slug: 'acme-corp', id: '4243' }))
    expect(error).toBeInstanceOf(DeploymentError)
    expect(error.message).toBe(
      'deployment-id "4243" does not match deployment-slug "acme-corp": the api-token sees acme-corp with id 4242; set deployment-id to 4242 or leave it empty'
    )
  })

  it('fails on a wrong slug next to a right id, naming the slug of that id', async () => {
    const error = await failure(resolveDeployment(transport, { slug: 'acme-typo', id: '4242' }))
    expect(error).toBeInstanceOf(DeploymentError)
    expect(error.message).toBe(
      'deployment-slug "acme-typo" does not match deployment-id "4242": the api-token sees no deployment acme-typo, and id 4242 is acme-corp; set deployment-slug to acme-corp or leave it empty'
    )
  })
})
