/**
 * The hand-written decoder of a policy's rules page (fastRulesPage) against its specification, the
 * zod schema: for generated pages, valid and mutated, it accepts exactly what zod accepts and
 * gives the same values. Only zod names what is wrong, so a page the decoder refuses still gets
 * zod's message, through the transport.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { samplePolicies } from '../emulator/data/sample-policies.js'
import { renderPolicy, renderPolicyRule } from '../emulator/wire.js'
import { fastRulesPage, RulesResponse } from '../src/api/policies.js'
import { mutated, mutation, type Json } from './helpers/json-mutation.js'

const RUNS = 500

/** A page as the emulator renders it: the starting point of the mutations. */
function renderedPage(): Record<string, Json> {
  const policy = samplePolicies(new Date('2026-11-01T00:00:00Z'))[0]
  if (policy === undefined) throw new Error('the emulator has no sample policy')
  const page = {
    cursor: 'cnVsZXM6Mw',
    policy: renderPolicy(policy),
    rules: policy.rules.slice(0, 3).map(renderPolicyRule)
  }
  return JSON.parse(JSON.stringify(page)) as Record<string, Json>
}

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 2 ** 31 }),
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom<Json>(
    '',
    ' ',
    'MODE_BLOCK',
    ' mode_block ',
    'MODE_MONITOR',
    'MODE_COMMENT',
    'MODE_DISABLED',
    'BLOCK',
    'constructor',
    '__proto__',
    [],
    {},
    [null],
    { id: 1, path: 'p' }
  )
)

/** The keys the schema reads, at both levels, and one it does not. */
const KEYS = ['cursor', 'rules', 'id', 'path', 'policyMode', 'policy', 'other'] as const

const mutationOfKeys = mutation(KEYS, fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })))

/** Both decoders' answers: the value, or that the page was refused. */
function answers(json: unknown): { fast: unknown; zod: unknown } {
  const parsed = RulesResponse.safeParse(json)
  return {
    fast: fastRulesPage(json) ?? 'refused',
    zod: parsed.success ? parsed.data : 'refused'
  }
}

describe('fastRulesPage', () => {
  const base = renderedPage()

  it('decodes a page as the emulator renders it, as zod does', () => {
    const { fast, zod } = answers(base)
    expect(fast).not.toBe('refused')
    expect(fast).toEqual(zod)
    expect(fast).toEqual({
      cursor: 'cnVsZXM6Mw',
      rules: [
        expect.objectContaining({ id: expect.any(String), path: expect.any(String) }),
        expect.objectContaining({ id: expect.any(String), path: expect.any(String) }),
        expect.objectContaining({ id: expect.any(String), path: expect.any(String) })
      ]
    })
  })

  it('reads every spelling of a mode as zod does, and numeric ids as strings', () => {
    const page = {
      cursor: 7,
      rules: [
        { id: 1, path: 'a', policyMode: ' mode_block ' },
        { id: '2', path: 'b', policyMode: 'MODE_MONITOR' },
        { id: 3, path: 'c', policyMode: null },
        { id: 4, path: 'd' },
        { id: 5, path: 'e', policyMode: 'BLOCK' }
      ]
    }
    const { fast, zod } = answers(page)
    expect(fast).toEqual(zod)
    expect(fast).toEqual({
      cursor: 7,
      rules: [
        { id: '1', path: 'a', policyMode: 'block' },
        { id: '2', path: 'b', policyMode: 'monitor' },
        { id: '3', path: 'c', policyMode: 'unknown' },
        { id: '4', path: 'd', policyMode: 'unknown' },
        { id: '5', path: 'e', policyMode: 'unknown' }
      ]
    })
  })

  it.each([
    ['no rules list', { cursor: '' }],
    ['rules not a list', { rules: {} }],
    ['a rule without a path', { rules: [{ id: '1' }] }],
    ['a rule whose id is an object', { rules: [{ id: {}, path: 'p' }] }],
    ['a mode that is not a string', { rules: [{ id: '1', path: 'p', policyMode: 2 }] }],
    ['a cursor that is an object', { cursor: {}, rules: [] }],
    ['a hole in the list', { rules: [, { id: '1', path: 'p' }] }], // eslint-disable-line no-sparse-arrays
    ['the page a list', [{ id: '1', path: 'p' }]]
  ])('refuses what zod refuses: %s', (_, page) => {
    expect(answers(page)).toEqual({ fast: 'refused', zod: 'refused' })
  })

  it('accepts exactly what zod accepts, with the same values, for mutated pages', () => {
    fc.assert(
      fc.property(fc.array(mutationOfKeys, { minLength: 1, maxLength: 4 }), mutations => {
        const { fast, zod } = answers(mutated(base, mutations))
        expect(fast).toEqual(zod)
      }),
      { numRuns: RUNS }
    )
  })
})
