/** The `sbom-shard: k/n` input: which share of the deployment one job of a matrix exports. */

export interface SbomShard {
  /** 1-based: the `k` of `k/n`. */
  readonly index: number
  readonly count: number
}

/** The largest `n` accepted: more jobs than a GitHub Actions matrix can hold (256) is a typo. */
export const MAX_SHARDS = 256

/** `k/n` with 1 ≤ k ≤ n ≤ MAX_SHARDS, or undefined. */
export function parseShardText(raw: string): SbomShard | undefined {
  const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(raw)
  if (!match) return undefined
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) return undefined
  return { index, count }
}
