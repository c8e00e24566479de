/**
 * sbom-shard: the n jobs of a matrix split a deployment's projects between them without talking
 * to each other, so the split must be a pure, stable function of the project name.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { fnv1a32, inShard, shardOf } from '../src/effects/sbom-shard.js'

const RUNS = 200

const projectName = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,20}$/),
    fc.stringMatching(/^[A-Za-z0-9._-]{1,30}$/)
  )
  .map(([org, repo]) => `${org}/${repo}`)

describe('sbom-shard', () => {
  it('FNV-1a 32-bit over UTF-8, as published (test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5)
    expect(fnv1a32('a')).toBe(0xe40c292c)
    expect(fnv1a32('foobar')).toBe(0xbf9cf968)
  })

  it('documented shards of real names do not change between releases', () => {
    expect(['acme/web', 'acme/api', 'acme/payments'].map(name => shardOf(name, 8))).toEqual(
      ['acme/web', 'acme/api', 'acme/payments'].map(name => (fnv1a32(name) % 8) + 1)
    )
    expect(shardOf('ACME/Web', 8)).toBe(shardOf('acme/web', 8))
  })

  it('the n shards are disjoint and together cover every project (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(projectName, { maxLength: 60, selector: name => name.toLowerCase() }),
        fc.integer({ min: 1, max: 256 }),
        (names, count) => {
          const shards = Array.from({ length: count }, (_, k) =>
            names.filter(name => inShard(name, { index: k + 1, count }))
          )
          // Covered: every name is in some shard. Disjoint: the shard sizes add up to the total.
          expect(new Set(shards.flat())).toEqual(new Set(names))
          expect(shards.reduce((sum, shard) => sum + shard.length, 0)).toBe(names.length)
        }
      ),
      { numRuns: RUNS }
    )
  })

  it('a project keeps its shard whatever the other projects are or their order (property)', () => {
    fc.assert(
      fc.property(
        projectName,
        fc.array(projectName),
        fc.integer({ min: 1, max: 64 }),
        (name, others, count) => {
          const before = [name, ...others].filter(n =>
            inShard(n, { index: shardOf(name, count), count })
          )
          const after = [...others.reverse(), name].filter(n =>
            inShard(n, { index: shardOf(name, count), count })
          )
          expect(before).toContain(name)
          expect(after).toContain(name)
        }
      ),
      { numRuns: RUNS }
    )
  })

  it('spreads 1,000 generated names evenly over 8 shards', () => {
    const sizes = Array(8).fill(0) as number[]
    for (let i = 1; i <= 1000; i++) {
      const shard = shardOf(`acme/gen-${String(i).padStart(5, '0')}`, 8)
      sizes[shard - 1] = (sizes[shard - 1] ?? 0) + 1
    }
    for (const size of sizes) {
      expect(size).toBeGreaterThan(90)
      expect(size).toBeLessThan(160)
    }
  })
})
