/**
 * The hand-written findings decoder (src/api/findings-fast.ts) against its specification, the zod
 * schemas: for generated items, valid and mutated, it accepts exactly what zod accepts, and the
 * records built from its output are those built from zod's.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { isDeepStrictEqual } from 'node:util'
import { sastFinding, scaFinding } from '../emulator/data/factories.js'
import { renderFindingsPage } from '../emulator/wire.js'
import { SchemaError } from '../src/api/errors.js'
import { normaliseFinding, type PlatformIssueType } from '../src/api/findings.js'
import { StringPool } from '../src/api/findings-wire.js'
import type { ScaFinding } from '../src/domain.js'
import { fastSastWire, fastScaWire, LOCATION_NUMBERS } from '../src/api/findings-fast.js'
import { mutated, mutation, objectsOf, type Json } from './helpers/json-mutation.js'

const RUNS = 400
const REQUEST = { method: 'GET', path: '/api/v1/deployments/acme-corp/findings' } as const

/** Items as both wire shapes render them: the starting points of the mutations. */
function renderedItems(type: PlatformIssueType): Record<string, Json>[] {
  const records =
    type === 'sast'
      ? [
          sastFinding(),
          sastFinding({ sourcingPolicy: { id: 77, name: 'Default', slug: 'default' } })
        ]
      : [
          scaFinding({
            epssScore: { score: 0.01203, percentile: 0.8511 },
            fixRecommendations: [{ package: 'lodash', version: '4.17.21' }]
          }),
          scaFinding({ reachability: 'always_reachable', isMalicious: true })
        ]
  return (['live', 'documented'] as const).flatMap(shape => {
    const page = renderFindingsPage(type, records, shape) as Record<string, unknown>
    const list =
      shape === 'live'
        ? page.findings
        : (page[`${type}Findings`] as Record<string, unknown> | undefined)?.findings
    return JSON.parse(JSON.stringify(list)) as Record<string, Json>[]
  })
}

/** Values at the edges of what the schemas accept: ids, timestamps, enums, lists, objects. */
const EDGE_VALUES: readonly Json[] = [
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  1.5,
  0.97,
  1.0000001,
  2 ** 53 - 1,
  2 ** 53,
  1e300,
  [],
  ['a'],
  ['a', 1],
  [null],
  [{}],
  [{ package: 'p', version: '1' }],
  [{ package: 1 }],
  {},
  { name: 'n' },
  { name: 1 },
  { id: 1 },
  { id: 'x', url: 1 },
  { package: 'p' },
  { score: 0.5 },
  { score: 0.5, percentile: 2 },
  { percentile: 0.9 },
  { location: { path: 'p' } },
  { location: [] },
  '',
  ' ',
  '123',
  '007',
  '12a',
  '-1',
  'high',
  ' HIGH ',
  'Warning',
  'critical',
  'constructor',
  '__proto__',
  'toString',
  'reachable',
  'always reachable',
  'Always-Reachable',
  'no_reachability_analysis',
  'unknown',
  'direct',
  'transitive',
  'DIRECT',
  'TRANSITIVE',
  'UNKNOWN_TRANSITIVITY',
  'TRANSITIVITY_DIRECT',
  ' direct',
  'Direct',
  '2026-11-01T12:00:00Z',
  '2026-11-01 12:00:00.123456+00:00',
  '2026-02-30T12:00:00Z',
  '2026-11-01',
  'not a date'
]

/** Values of every JSON kind, the edge values among them. */
const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 2 ** 31 }),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(...EDGE_VALUES)
)

const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>(tie => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom('name', 'id', 'package', 'version', 'score', 'percentile', 'x'),
      tie('value'),
      {
        maxKeys: 3
      }
    )
  )
})).value

/** Every key the item schemas read, at every level, so mutations hit what is checked. */
const KEYS = [
  ...LOCATION_NUMBERS,
  'id',
  'rule_name',
  'rule_message',
  'rule',
  'severity',
  'confidence',
  'status',
  'ref',
  'repository',
  'location',
  'line_of_code_url',
  'match_based_id',
  'syntactic_id',
  'relevant_since',
  'external_ticket',
  'categories',
  'sourcing_policy',
  'reachability',
  'is_malicious',
  'vulnerability_identifier',
  'found_dependency',
  'fix_recommendations',
  'epss_score',
  'score',
  'percentile',
  'usage',
  'name',
  'message',
  'url',
  'cweNames',
  'cwe_names',
  'owaspNames',
  'owasp_names',
  'filePath',
  'file_path',
  'path',
  'externalSlug',
  'external_slug',
  'slug',
  'package',
  'version',
  'ecosystem',
  'transitivity'
] as const

const mutationOfKeys = mutation(KEYS, jsonValue)

/** The record, or the SchemaError's problems. */
function outcome(decode: () => unknown): unknown {
  try {
    return { record: decode() }
  } catch (error) {
    if (error instanceof SchemaError) return { problems: error.problems }
    throw error
  }
}

/** Plain comparisons first: the sweep below makes tens of thousands of cases. */
function agree(type: PlatformIssueType, raw: unknown): void {
  const bySchema = outcome(() =>
    normaliseFinding(raw, type, 'open', 3, REQUEST, new StringPool(), 'schema')
  )
  const fast = type === 'sast' ? fastSastWire(raw) : fastScaWire(raw)
  // Accepted by the fast path exactly when the schema accepts it; a rejected item goes to the
  // schema, which gives its problems.
  const accepted = 'record' in (bySchema as object)
  if ((fast !== undefined) !== accepted) {
    expect({ raw, fastAccepts: fast !== undefined }).toEqual({ raw, fastAccepts: accepted })
  }
  if (fast === undefined) return
  // The same record.
  const viaFast = outcome(() => normaliseFinding(raw, type, 'open', 3, REQUEST, new StringPool()))
  if (!isDeepStrictEqual(viaFast, bySchema)) expect({ raw, viaFast }).toEqual({ raw, bySchema })
}

describe.each(['sast', 'sca'] as const)('%s items: the fast decoder and the zod schema', type => {
  const bases = renderedItems(type)

  it('agree on every item with one field of one object set to an edge value or removed', () => {
    // One item of each shape: the sweep is large (objects × keys × values).
    for (const base of [bases[0], bases[bases.length - 1]]) {
      const count = objectsOf(structuredClone(base)).length
      for (let target = 0; target < count; target++) {
        for (const key of KEYS) {
          for (const value of [undefined, ...EDGE_VALUES]) {
            agree(type, mutated(base, [{ target, key, value }]))
          }
        }
      }
    }
  })

  it('agree on the items the emulator renders, in both shapes', () => {
    for (const base of bases) {
      expect(type === 'sast' ? fastSastWire(base) : fastScaWire(base)).toBeDefined()
      agree(type, base)
    }
  })

  it('agree on mutated items: whatever zod accepts, and nothing else, with the same record', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: bases.length - 1 }),
        fc.array(mutationOfKeys, { minLength: 1, maxLength: 4 }),
        (index, mutations) => agree(type, mutated(bases[index], mutations))
      ),
      { numRuns: RUNS }
    )
  })

  it('agree on arbitrary JSON, objects built from the schema keys included', () => {
    const item = fc.dictionary(fc.constantFrom(...KEYS), jsonValue, { maxKeys: 12 })
    fc.assert(
      fc.property(fc.oneof(jsonValue, item), raw => agree(type, raw)),
      { numRuns: RUNS }
    )
  })
})

describe.each(['sast', 'sca'] as const)('%s items: blank platform ids', type => {
  const [base] = renderedItems(type)

  it.each(['', ' ', '\t\n '])(
    'an id of %j is no id in either decoder, so it matches nothing',
    blank => {
      const raw = { ...base, match_based_id: blank, syntactic_id: blank }
      for (const decoder of ['fast', 'schema'] as const) {
        const record = normaliseFinding(raw, type, 'open', 0, REQUEST, new StringPool(), decoder)
        expect({ decoder, match: record.matchBasedId, syntactic: record.syntacticId }).toEqual({
          decoder,
          match: undefined,
          syntactic: undefined
        })
      }
    }
  )

  it('an id with text around it is kept as given', () => {
    const raw = { ...base, match_based_id: ' abc_0', syntactic_id: 'def ' }
    for (const decoder of ['fast', 'schema'] as const) {
      const record = normaliseFinding(raw, type, 'open', 0, REQUEST, new StringPool(), decoder)
      expect([record.matchBasedId, record.syntacticId]).toEqual([' abc_0', 'def '])
    }
  })
})

describe('sca items: transitivity spellings', () => {
  const [base] = renderedItems('sca')
  const withTransitivity = (transitivity: Json | undefined): Record<string, Json> => {
    const dependency = { ...(base.found_dependency as Record<string, Json>) }
    if (transitivity === undefined) delete dependency.transitivity
    else dependency.transitivity = transitivity
    return { ...base, found_dependency: dependency }
  }

  it.each([
    ['direct', 'direct'],
    ['transitive', 'transitive'],
    ['unknown', 'unknown'],
    ['DIRECT', 'direct'],
    ['TRANSITIVE', 'transitive'],
    ['UNKNOWN_TRANSITIVITY', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown']
  ] as const)('%j is read as %s by both decoders', (spelled, expected) => {
    for (const decoder of ['fast', 'schema'] as const) {
      const raw = withTransitivity(spelled ?? undefined)
      if (spelled === null) (raw.found_dependency as Record<string, Json>).transitivity = null
      const record = normaliseFinding(raw, 'sca', 'open', 0, REQUEST, new StringPool(), decoder)
      expect({ decoder, transitivity: (record as ScaFinding).dependency?.transitivity }).toEqual({
        decoder,
        transitivity: expected
      })
    }
  })

  it.each(['TRANSITIVITY_DIRECT', ' direct', 'Direct', 'indirect', ''])(
    '%j is refused by both decoders, naming the field and the value',
    spelled => {
      for (const decoder of ['fast', 'schema'] as const) {
        const decode = () =>
          normaliseFinding(
            withTransitivity(spelled),
            'sca',
            'open',
            4,
            REQUEST,
            new StringPool(),
            decoder
          )
        expect(outcome(decode)).toEqual({
          problems: [
            `findings[4].found_dependency.transitivity: expected one of direct, transitive, unknown (or DIRECT, TRANSITIVE, UNKNOWN_TRANSITIVITY) (got "${spelled}")`
          ]
        })
      }
    }
  )
})

describe('sca items: fix recommendations', () => {
  const [base] = renderedItems('sca')

  it.each([
    [[{ package: 'vm2', version: '3.9.20' }], ['vm2@3.9.20']],
    [[{ version: '3.9.20' }], ['3.9.20']],
    [[{ package: 'vm2', version: '' }], ['vm2 (version not given)']],
    [[{ package: 'vm2', version: ' ' }], ['vm2 (version not given)']],
    [[{ package: 'vm2' }], ['vm2 (version not given)']],
    [[{ package: ' ', version: null }], ['(version not given)']],
    [[{}], ['(version not given)']],
    [[], []],
    [null, []]
  ] as const)('%j: a recommendation is a fix whatever its version text (%j)', (fixes, shown) => {
    for (const decoder of ['fast', 'schema'] as const) {
      const raw = { ...base, fix_recommendations: fixes as unknown as Json }
      const record = normaliseFinding(raw, 'sca', 'open', 0, REQUEST, new StringPool(), decoder)
      expect({ decoder, fixes: (record as ScaFinding).fixVersions }).toEqual({
        decoder,
        fixes: shown
      })
    }
  })
})
