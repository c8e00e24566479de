import { describe, expect, it } from '@jest/globals'
import type { Finding, SastFinding } from '../src/domain.js'
import { NoVerdictError } from '../src/errors.js'
import { judgeScopeDrops, scopeFindings, type Scope, type ScopeDrops } from '../src/gate/scope.js'

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
  it('judges each ref the same way however often it comes back (one answer per ref)', () => {
    const refs = ['refs/heads/main', 'main', 'refs/heads/dev', '', 'refs/pull/1/merge', 'dev']
    const findings = Array.from({ length: 600 }, (_, i) =>
      finding({ id: i, ref: refs[i % refs.length] })
    )
    const { kept, dropped } = scopeFindings(findings, SCOPE)
    // refs/heads/main, its bare spelling and an absent ref are in scope; 100 findings each.
    expect(kept).toHaveLength(300)
    expect(new Set(kept.map(f => f.ref))).toEqual(new Set(['refs/heads/main', 'main', '']))
    expect(dropped.ref).toBe(300)
    expect(dropped.seen.refs).toEqual(['refs/heads/dev', 'refs/pull/1/merge', 'dev'])
  })

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
    expect(dropped.total).toBe(3)
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
    expect(dropped.total).toBe(2)
  })

  it('compares refs normalised: refs/heads/x is x, both ways', () => {
    const findings: Finding[] = [
      finding({ id: 1, ref: 'main' }),
      finding({ id: 2, ref: 'refs/heads/main' }),
      finding({ id: 3, ref: '' })
    ]
    expect(scopeFindings(findings, SCOPE).kept.map(f => f.id)).toEqual([1, 2, 3])
    const bare = scopeFindings(findings, { ...SCOPE, ref: 'main' })
    expect(bare.kept.map(f => f.id)).toEqual([1, 2, 3])
    expect(bare.dropped.total).toBe(0)
  })

  it.each([
    ['refs/heads/main', 'refs/heads/mainline'],
    ['refs/heads/main', 'refs/tags/main'],
    ['refs/heads/main', 'heads/main'],
    ['refs/pull/42/merge', '42'],
    ['feature/login', 'refs/heads/feature/logins']
  ])('ref %s is not %s', (scopeRef, findingRef) => {
    const { kept, dropped } = scopeFindings([finding({ ref: findingRef })], {
      ...SCOPE,
      ref: scopeRef
    })
    expect(kept).toEqual([])
    expect(dropped.ref).toBe(1)
  })

  it('counts drops by their first failing check and remembers what the server returned', () => {
    const { dropped } = scopeFindings(
      [
        finding({ id: 1, repository: 'acme/web-legacy', ref: 'dev' }),
        finding({ id: 2, ref: 'refs/heads/dev' }),
        finding({ id: 3, ref: 'release' }),
        finding({ id: 4, ref: 'release' }),
        finding({ id: 5, status: 'fixed' }),
        finding({ id: 6 })
      ],
      SCOPE
    )
    expect(dropped).toEqual({
      total: 5,
      repository: 1,
      ref: 3,
      status: 1,
      seen: {
        repositories: ['acme/web-legacy'],
        refs: ['refs/heads/dev', 'release'],
        statuses: ['fixed']
      },
      scope: SCOPE
    })
  })
})

describe('judgeScopeDrops', () => {
  const drops = (findings: Finding[], scope: Scope = SCOPE): [ScopeDrops, number] => {
    const { kept, dropped } = scopeFindings(findings, scope)
    return [dropped, kept.length]
  }

  it('says nothing when nothing was dropped', () => {
    expect(judgeScopeDrops(...drops([finding()]))).toBeUndefined()
    expect(judgeScopeDrops(...drops([]))).toBeUndefined()
  })

  it('warns with the counts by reason when some findings were dropped', () => {
    const warning = judgeScopeDrops(
      ...drops([
        finding({ id: 1 }),
        finding({ id: 2, ref: 'refs/heads/dev' }),
        finding({ id: 3, ref: 'release' }),
        finding({ id: 4, repository: 'acme/web-legacy' })
      ])
    )
    expect(warning).toBe(
      'Dropped 3 finding(s) the server returned out of scope: 2 of another ref (refs/heads/dev, release), 1 of another repository (acme/web-legacy)'
    )
  })

  it('gives no verdict when every returned finding was dropped, naming what the server returned', () => {
    const [dropped, kept] = drops([
      finding({ id: 1, ref: 'refs/heads/dev' }),
      finding({ id: 2, ref: 'refs/heads/dev' }),
      finding({ id: 3, status: 'fixed' })
    ])
    let error: unknown
    try {
      judgeScopeDrops(dropped, kept)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(NoVerdictError)
    expect((error as NoVerdictError).softenedBy).toBe('on-api-error')
    expect((error as NoVerdictError).message).toBe(
      'all 3 finding(s) the server returned are out of scope (2 of another ref (refs/heads/dev), 1 of another status (fixed)); ' +
        'the gate asked for repository acme/web, ref refs/heads/main, status open, reviewing, fixing. ' +
        'Check that repository and ref are spelled as the platform records them'
    )
  })

  it('shows at most a few of the values seen', () => {
    const refs = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    const warning = judgeScopeDrops(
      ...drops([finding({ id: 100 }), ...refs.map((ref, i) => finding({ id: i, ref }))])
    )
    expect(warning).toBe(
      'Dropped 7 finding(s) the server returned out of scope: 7 of another ref (a, b, c, d, e and 2 more)'
    )
  })
})
