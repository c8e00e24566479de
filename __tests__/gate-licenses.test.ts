/**
 * The license gate's pure parts: SPDX expressions (spdx.ts) and the judgement of a repository's
 * dependencies against allow-licenses or deny-licenses (licenses.ts).
 */
import { describe, expect, it } from '@jest/globals'
import type { Dependency } from '../src/domain.js'
import {
  judgeDependency,
  judgeLicenses,
  type LicensePolicy,
  type ListedDependency
} from '../src/gate/licenses.js'
import { acceptance, leafMatcher, parseLicenseExpression } from '../src/gate/spdx.js'

/** The parse as a compact string: (a AND b), [id+ WITH e], or the problem. */
function shape(text: string): string {
  const parsed = parseLicenseExpression(text)
  if (!parsed.ok) return `error: ${parsed.problem}`
  const show = (e: typeof parsed.expression): string =>
    e.kind === 'license'
      ? `${e.id}${e.orLater ? '+' : ''}${e.exception === undefined ? '' : ` WITH ${e.exception}`}`
      : `(${show(e.left)} ${e.kind.toUpperCase()} ${show(e.right)})`
  return show(parsed.expression)
}

describe('SPDX expressions', () => {
  it.each([
    ['MIT', 'MIT'],
    ['MIT OR GPL-3.0-only', '(MIT OR GPL-3.0-only)'],
    ['MIT AND Apache-2.0 OR BSD-3-Clause', '((MIT AND Apache-2.0) OR BSD-3-Clause)'],
    ['MIT OR Apache-2.0 AND BSD-3-Clause', '(MIT OR (Apache-2.0 AND BSD-3-Clause))'],
    ['(MIT OR Apache-2.0) AND BSD-3-Clause', '((MIT OR Apache-2.0) AND BSD-3-Clause)'],
    ['((MIT))', 'MIT'],
    ['mit or apache-2.0', '(mit OR apache-2.0)'],
    [
      'GPL-2.0-only WITH Classpath-exception-2.0 OR MIT',
      '(GPL-2.0-only WITH Classpath-exception-2.0 OR MIT)'
    ],
    ['GPL-2.0+', 'GPL-2.0+'],
    ['LicenseRef-acme-internal', 'LicenseRef-acme-internal'],
    [
      'DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2',
      'DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2'
    ],
    ['  MIT   OR\tISC ', '(MIT OR ISC)']
  ])('parses %s as %s (WITH over AND over OR)', (text, expected) => {
    expect(shape(text)).toBe(expected)
  })

  it.each([
    ['', 'error: is empty'],
    ['MIT OR', 'error: ends where a license was expected'],
    ['(MIT OR ISC', 'error: has an unclosed "("'],
    ['MIT OR ISC)', 'error: has ")" where AND, OR or the end was expected'],
    ['Apache License 2.0', 'error: has "License" where AND, OR or the end was expected'],
    ['MIT And ISC', 'error: has "And" where AND, OR or the end was expected'],
    ['GPL-2.0 WITH', 'error: has WITH without an exception id after GPL-2.0'],
    ['AND MIT', 'error: has "AND" where a license id was expected'],
    ['MIT/X11', 'error: has "MIT/X11" where a license id was expected']
  ])('refuses %j: %s', (text, expected) => {
    expect(shape(text)).toBe(expected)
  })

  it('OR is acceptable when one alternative is, AND when every part is; unknown stays unknown', () => {
    const judge = (text: string, accepted: readonly string[]) => {
      const parsed = parseLicenseExpression(text)
      if (!parsed.ok) throw new Error(parsed.problem)
      const listed = leafMatcher(accepted)
      return acceptance(parsed.expression, leaf =>
        leaf.id === 'NOASSERTION' ? 'unknown' : listed(leaf) ? 'accepted' : 'refused'
      )
    }
    expect(judge('MIT OR GPL-3.0-only', ['MIT'])).toBe('accepted')
    expect(judge('MIT AND GPL-3.0-only', ['MIT'])).toBe('refused')
    expect(judge('MIT AND NOASSERTION', ['MIT'])).toBe('unknown')
    expect(judge('GPL-3.0-only AND NOASSERTION', ['MIT'])).toBe('refused')
    expect(judge('GPL-3.0-only OR NOASSERTION', ['MIT'])).toBe('unknown')
    expect(judge('MIT OR NOASSERTION', ['MIT'])).toBe('accepted')
  })

  it('a list entry names a license case-insensitively, with or without its exception or +', () => {
    const leaf = (text: string) => {
      const parsed = parseLicenseExpression(text)
      if (!parsed.ok || parsed.expression.kind !== 'license') throw new Error(text)
      return parsed.expression
    }
    const gpl = leafMatcher(['gpl-2.0-only'])
    expect(gpl(leaf('GPL-2.0-only'))).toBe(true)
    expect(gpl(leaf('GPL-2.0-only WITH Classpath-exception-2.0'))).toBe(true)
    expect(gpl(leaf('GPL-2.0-only+'))).toBe(true)
    expect(gpl(leaf('GPL-2.0-or-later'))).toBe(false)
    const exact = leafMatcher(['GPL-2.0-only  WITH  classpath-exception-2.0'])
    expect(exact(leaf('GPL-2.0-only WITH Classpath-exception-2.0'))).toBe(true)
    expect(exact(leaf('GPL-2.0-only'))).toBe(false)
  })
})

describe('judging a dependency', () => {
  const allow: LicensePolicy = { mode: 'allow', licenses: ['MIT', 'Apache-2.0'] }
  const deny: LicensePolicy = { mode: 'deny', licenses: ['GPL-3.0-only', 'AGPL-3.0-only'] }

  it.each([
    [['MIT'], 'accepted', 'accepted'],
    [['GPL-3.0-only'], 'not-allowed', 'denied'],
    [['MIT OR GPL-3.0-only'], 'accepted', 'accepted'],
    [['GPL-3.0-only OR AGPL-3.0-only'], 'not-allowed', 'denied'],
    [['MIT AND GPL-3.0-only'], 'not-allowed', 'denied'],
    [['MIT', 'GPL-3.0-only'], 'not-allowed', 'denied'],
    [['mit'], 'accepted', 'accepted'],
    [['ISC'], 'not-allowed', 'accepted'],
    [[], 'unknown', 'unknown'],
    [['', '  '], 'unknown', 'unknown'],
    [['NOASSERTION'], 'unknown', 'unknown'],
    [['MIT', 'NOASSERTION'], 'unknown', 'unknown'],
    [['GPL-3.0-only', 'NOASSERTION'], 'not-allowed', 'denied']
  ] as const)(
    '%j: %s under allow-licenses, %s under deny-licenses',
    (licenses, allowed, denied) => {
      expect(judgeDependency(licenses, allow).judgement).toBe(allowed)
      expect(judgeDependency(licenses, deny).judgement).toBe(denied)
    }
  )

  it.each([
    ['MIT AND GPL-2.0-only', ['GPL-2.0-only'], 'denied'],
    ['GPL-2.0-only WITH Classpath-exception-2.0', ['GPL-2.0-only'], 'denied'],
    ['GPL-2.0-only OR GPL-3.0-only', ['GPL-2.0-only'], 'accepted'],
    ['GPL-2.0-only OR GPL-3.0-only', ['GPL-2.0-only', 'GPL-3.0-only'], 'denied'],
    ['(MIT OR GPL-3.0-only) AND GPL-2.0-only', ['GPL-2.0-only'], 'denied']
  ] as const)('deny-licenses (issue 35): %j under %j is %s', (license, denied, expected) => {
    expect(judgeDependency([license], { mode: 'deny', licenses: denied }).judgement).toBe(expected)
  })

  it('an expression that cannot be read blocks under either list, saying why', () => {
    for (const policy of [allow, deny]) {
      expect(judgeDependency(['MIT', 'MIT OR (ISC'], policy)).toEqual({
        judgement: 'unparseable',
        problem: '"MIT OR (ISC" has an unclosed "("'
      })
    }
  })
})

describe('judgeLicenses', () => {
  const dependency = (overrides: Partial<Dependency>, matched?: string): ListedDependency => ({
    dependency: {
      name: 'left-pad',
      version: '1.3.0',
      licenses: ['MIT'],
      repositoryId: '1001',
      ...overrides
    },
    ...(matched !== undefined && { matched })
  })

  it('lists each package, version and license once, sorted, skipping other repositories and accepted ones', () => {
    const listed = judgeLicenses(
      [
        dependency({ name: 'readline-x', licenses: ['GPL-3.0-only'] }),
        dependency({ name: 'readline-x', licenses: ['GPL-3.0-only'] }),
        dependency({ name: 'other-repo', licenses: ['GPL-3.0-only'], repositoryId: '1002' }),
        dependency({ name: 'dual', licenses: ['MIT OR GPL-3.0-only'] }),
        dependency({ name: 'both', licenses: ['MIT', 'GPL-3.0-only'] }),
        dependency({ name: 'nameless', licenses: [] }),
        dependency({
          name: 'no-repo-id',
          licenses: ['Apache-2.0 AND (GPL-3.0-only)'],
          repositoryId: undefined
        })
      ],
      { mode: 'allow', licenses: ['MIT'] },
      1001
    )
    expect(listed).toEqual([
      {
        package: 'both',
        version: '1.3.0',
        license: 'MIT AND GPL-3.0-only',
        judgement: 'not-allowed'
      },
      { package: 'nameless', version: '1.3.0', license: '', judgement: 'unknown' },
      {
        package: 'no-repo-id',
        version: '1.3.0',
        license: 'Apache-2.0 AND (GPL-3.0-only)',
        judgement: 'not-allowed'
      },
      { package: 'readline-x', version: '1.3.0', license: 'GPL-3.0-only', judgement: 'not-allowed' }
    ])
  })

  it('parenthesises the parts of several licenses that are expressions themselves', () => {
    const [listed] = judgeLicenses(
      [dependency({ licenses: ['MIT OR ISC', 'GPL-3.0-only'] })],
      { mode: 'deny', licenses: ['GPL-3.0-only'] },
      undefined
    )
    expect(listed).toEqual({
      package: 'left-pad',
      version: '1.3.0',
      license: '(MIT OR ISC) AND GPL-3.0-only',
      judgement: 'denied'
    })
  })

  it('deny-licenses: a server match without licenses is denied as matched; one with licenses is judged', () => {
    const deny: LicensePolicy = { mode: 'deny', licenses: ['GPL-3.0-only', 'AGPL-3.0-or-later'] }
    const listed = judgeLicenses(
      [
        dependency({ name: 'agpl-lib', licenses: [] }, 'AGPL-3.0-or-later'),
        dependency({ name: 'readline-x', licenses: ['GPL-3.0-only'] }, 'GPL-3.0-only'),
        dependency({ name: 'readline-x', licenses: ['GPL-3.0-only'] }, 'GPL-3.0-only'),
        dependency({ name: 'dual', licenses: ['MIT OR GPL-3.0-only'] }, 'GPL-3.0-only'),
        dependency({ name: 'other', licenses: [], repositoryId: '1002' }, 'GPL-3.0-only')
      ],
      deny,
      1001
    )
    expect(listed).toEqual([
      { package: 'agpl-lib', version: '1.3.0', license: 'AGPL-3.0-or-later', judgement: 'denied' },
      { package: 'readline-x', version: '1.3.0', license: 'GPL-3.0-only', judgement: 'denied' }
    ])
  })
})
