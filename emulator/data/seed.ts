/**
 * Deterministic randomness and the stable digests, times and URLs records derive from.
 *
 * Everything random comes from a seeded PRNG so two emulators started with the same `now` hold
 * identical data (ids, hashes and timestamps), which keeps tests reproducible.
 */

/** The seed of the sample data's PRNG. */
export const SEED_NUMBER = 0x5e9e7

export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  int(minInclusive: number, maxInclusive: number): number
  pick<T>(items: readonly T[]): T
  hex(length: number): string
}

/** mulberry32: tiny, fast and good enough for fixture data. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0
  const nextUint32 = (): number => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  const next = (): number => nextUint32() / 4294967296
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: items => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    hex: length => {
      let out = ''
      while (out.length < length) out += nextUint32().toString(16).padStart(8, '0')
      return out.slice(0, length)
    }
  }
}

/** A stable hex digest of a string (FNV-1a, widened), for ids derived from other fields. */
export function stableHex(input: string, length: number): string {
  let out = ''
  let round = 0
  while (out.length < length) {
    let hash = 0x811c9dc5 ^ round
    for (let i = 0; i < input.length; i++) {
      hash ^= input.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193)
    }
    out += (hash >>> 0).toString(16).padStart(8, '0')
    round++
  }
  return out.slice(0, length)
}

export const MINUTE_MS = 60_000
export const DAY_MS = 86_400_000
export const HOUR_MS = 3_600_000

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS)
}

export function githubUrl(repository: string): string {
  return `https://github.com/${repository}`
}

/** A version-4-looking UUID derived from a string. */
export function uuidFrom(seed: string): string {
  const hex = stableHex(seed, 32)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
