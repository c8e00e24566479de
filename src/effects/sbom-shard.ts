/**
 * `sbom-shard: k/n`: which projects one job of an n-job matrix exports. A project belongs to
 * shard `fnv1a32(lowercased name) mod n + 1`: stable across runs, runners and Node versions, and
 * independent of the order or number of projects the API lists, so the n jobs of a matrix are
 * disjoint and together cover the deployment without talking to each other.
 */
import type { SbomShard } from '../inputs/sbom-shard.js'

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
