/**
 * The secrets client over real HTTP: `GET /deployments/{id}/secrets`, cursor pages, the enum
 * spellings normalised into the domain, strict bodies, and the allow-list (unknown fields never
 * reach the domain finding).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { secretFinding, startEmulator, type Emulator } from '../emulator/server.js'
import { SchemaError } from '../src/api/errors.js'
import {
  findingPathLocation,
  SECRETS_PAGE_SIZE,
  secretsPages,
  secretsStatuses
} from '../src/api/secrets.js'
import { Transport } from '../src/api/transport.js'
import type { SecretsFinding } from '../src/domain.js'
import { failure } from './helpers/failure.js'
import { SECRET } from './helpers/sample.js'
import { emulatorTransport } from './helpers/client.js'

const SECRETS_PATH = '/api/v1/deployments/4242/secrets'

let emulator: Emulator
let transport: Transport

beforeAll(async () => {
  emulator = await startEmulator()
  transport = emulatorTransport(emulator, { retries: 1 })
})

afterAll(async () => {
  await transport.close()
  await emulator.close()
})

beforeEach(() => {
  emulator.clearFaults()
  emulator.requests.length = 0
})

async function collect(repository = 'acme/web'): Promise<SecretsFinding[]> {
  const out: SecretsFinding[] = []
  for await (const page of secretsPages(transport, '4242', { repository, status: 'open' }))
    out.push(...page)
  return out
}

describe('secretsPages', () => {
  it('normalises a finding: enums, path and line, link, ticket, and nothing else', async () => {
    const found = await collect('acme/api')
    const aws = found.find(f => f.secretType === 'AWS')

    expect(aws).toEqual({
      type: 'secrets',
      id: SECRET.apiAws,
      ruleName: 'secrets.AWS',
      ruleMessage: 'AWS secret (confirmed invalid)',
      severity: 'critical',
      confidence: 'high',
      status: 'open',
      ref: 'refs/heads/main',
      repository: 'acme/api',
      location: { path: 'config/aws.ts', line: 12 },
      url: expect.stringMatching(
        /^https:\/\/github\.com\/acme\/api\/blob\/[0-9a-f]{40}\/config\/aws\.ts#L12$/
      ),
      externalTicket: undefined,
      categories: ['secrets'],
      cwe: [],
      owasp: [],
      secretType: 'AWS',
      validationState: 'confirmed_invalid',
      mode: 'block'
    })
    // Newest first, as the service lists them.
    expect(found.map(f => f.secretType)).toEqual(['OpenAI', 'GitHub', 'Stripe', 'AWS'])
    expect(emulator.requests.map(r => [r.path, r.query])).toEqual([
      [
        SECRETS_PATH,
        { limit: [String(SECRETS_PAGE_SIZE)], repo: ['acme/api'], status: ['FINDING_STATUS_OPEN'] }
      ]
    ])
  })

  it('follows the cursor to the last page, each secret once', async () => {
    const extra = Array.from({ length: SECRETS_PAGE_SIZE * 2 + 3 }, (_, i) =>
      secretFinding({ id: 9_500_000 + i, repository: 'acme/api' })
    )
    emulator.state.secrets.findings.push(...extra)
    try {
      const found = await collect('acme/api')

      expect(found).toHaveLength(extra.length + 4)
      expect(new Set(found.map(f => f.id)).size).toBe(found.length)
      const cursors = emulator.requests.map(r => r.query.cursor?.[0])
      expect(cursors).toHaveLength(3)
      expect(cursors[0]).toBeUndefined()
      expect(cursors[1]).toEqual(expect.any(String))
    } finally {
      emulator.state.secrets.findings.splice(-extra.length)
    }
  })

  it('a 200 without findings is a SchemaError, not "no secrets"', async () => {
    emulator.addFault({ path: SECRETS_PATH, kind: 'json', body: { cursor: '' } })
    const error = await failure(collect())

    expect(error).toBeInstanceOf(SchemaError)
    expect((error as SchemaError).problems).toEqual([
      'findings: Invalid input: expected array, received undefined'
    ])
  })

  it('an unknown validation state is a SchemaError that does not quote the value', async () => {
    emulator.addFault({
      path: SECRETS_PATH,
      kind: 'json',
      body: {
        findings: [
          {
            id: '1',
            repository: { name: 'acme/web' },
            severity: 'SEVERITY_HIGH',
            validationState: 'VALIDATION_STATE_sk-live-abc'
          }
        ]
      }
    })
    const error = await failure(collect())

    expect(error).toBeInstanceOf(SchemaError)
    expect((error as SchemaError).message).not.toContain('sk-live-abc')
    expect((error as SchemaError).problems[0]).toMatch(
      /^findings\[0\]\.validationState: expected one of/
    )
  })
})

describe('helpers', () => {
  it('findingPathLocation splits the last :line only', () => {
    expect(findingPathLocation('src/ai.py:232')).toEqual({ path: 'src/ai.py', line: 232 })
    expect(findingPathLocation('C:/x/y.env')).toEqual({ path: 'C:/x/y.env' })
    expect(findingPathLocation('a:b:7')).toEqual({ path: 'a:b', line: 7 })
    expect(findingPathLocation('')).toBeUndefined()
  })

  it('asks only for the statuses the secrets API knows', () => {
    expect(secretsStatuses(['open', 'reviewing', 'fixing', 'ignored'])).toEqual(['open', 'ignored'])
  })
})
