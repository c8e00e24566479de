import { describe, expect, it } from '@jest/globals'
import type { Finding, SastFinding } from '../src/domain.js'
import { scopeFindings, type Scope } from '../src/gate/scope.js'

function finding(overrides: Partial<SastFinding> = {}): SastFinding {
  return {
    type: 'sast',
    id: 100,
    ruleName: 'python.lang.security.eval',
    ruleMessage: '',
    severity: 'high',
    status: 'open',
    ref: 'refs/heads/main',
    repository: 'acme/web',
    location: { path: 'src/app.py', line: 3 },
    categories: [],
    cwe: [],
    owasp: [],
    ...overrides
  }
}

const SCOPE: Scope = {
  repository: 'acme/web',
  ref: 'refs/heads/main',
  statuses: ['open', 'reviewing', 'fixing']
}

describe('scope', () => {
  it('drops findings of prefix look-alike repositories, other refs and other statuses, and duplicates', () => {
    const findings: Finding[] = [
      finding({ id: 1 }),
      finding({ id: 2, repository: 'acme/web-legacy' }),
      finding({ id: 3, ref: 'refs/heads/dev' }),
      finding({ id: 4, status: 'fixed' }),
      finding({ id: 5, repository: 'ACME/Web' }),
      finding({ id: 1 })
    ]
    const { kept, dropped } = scopeFindings(findings, { ...SCOPE, statuses: ['open'] })
    expect(kept.map(f => f.id)).toEqual([1, 5])
    expect(dropped).toBe(3)
  })

  it('keeps a finding of any listed status, each id once even when its status changed between requests', () => {
    const findings: Finding[] = [
      finding({ id: 1, status: 'open' }),
      finding({ id: 2, status: 'reviewing' }),
      finding({ id: 3, status: 'fixing' }),
      finding({ id: 4, status: 'ignored' }),
      finding({ id: 5, status: 'provisionally_ignored' }),
      finding({ id: 1, status: 'reviewing' })
    ]
    const { kept, dropped } = scopeFindings(findings, SCOPE)
    expect(kept.map(f => [f.id, f.status])).toEqual([
      [1, 'reviewing'],
      [2, 'reviewing'],
      [3, 'fixing']
    ])
    expect(dropped).toBe(2)
  })
})
