/**
 * `sbom-shard: k/n`: which projects one job of an n-job matrix exports. A project belongs to
 * shard `fnv1a32(lowercased name) mod n + 1`: stable across runs, runners and Node versions, and
 * independent of the order or number of projects the API lists, so the n jobs of a matrix are
 * disjoint and together cover the deployment without talking to each other.
 */

export interface SbomShard {
  /** 1-based: the `k` of `k/n`. */
  readonly index: number
  readonly count: number
}

/** The largest `n` accepted: more jobs than a GitHub Actions matrix can hold (256) is a typo. */
export const MAX_SHARDS = 256

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/** 32-bit FNV-1a over the UTF-8 bytes of `text`. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte
    hash = Math.imul(hash, FNV_PRIME) >>> 0
  }
  return hash
}

/** The 1-based shard of a project name; names compare case-insensitively, as the API's do. */
export function shardOf(projectName: string, count: number): number {
  return (fnv1a32(projectName.toLowerCase()) % count) + 1
}

export function inShard(projectName: string, shard: SbomShard): boolean {
  return shardOf(projectName, shard.count) === shard.index
}

/** `k/n` with 1 ≤ k ≤ n ≤ MAX_SHARDS, or undefined. */
export function parseShardText(raw: string): SbomShard | undefined {
  const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(raw)
  if (!match) return undefined
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) return undefined
  return { index, count }
}
