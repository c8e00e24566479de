/** The closest of a set of names to a misspelt one, for a "did you mean …?" that saves a re-run. */

/**
 * The name of `names` a slip of the finger away from `name` (fewest edits, fewer allowed for
 * short names), else the one whose hyphen-separated words contain the other's or lie within them
 * (`annotations` → `max-annotations`, `sbom-supplier-url` → `sbom-supplier`): how a merged or
 * renamed input is found again from its old name.
 */
export function closestName(name: string, names: readonly string[]): string | undefined {
  const near = nearest(name, names, Math.min(3, Math.max(1, Math.floor(name.length / 4))))
  if (near !== undefined) return near
  const words = `-${name}-`
  let best: string | undefined
  for (const each of names) {
    const other = `-${each}-`
    if (!other.includes(words) && !words.includes(other)) continue
    const gap = Math.abs(each.length - name.length)
    if (best === undefined || gap < Math.abs(best.length - name.length)) best = each
  }
  return best
}

/** The name of `names` fewest edits from `name`, if at most `most` away; the first of a tie. */
export function nearest(name: string, names: readonly string[], most: number): string | undefined {
  let best: { name: string; distance: number } | undefined
  for (const each of names) {
    const distance = editDistance(name, each)
    if (distance <= most && (best === undefined || distance < best.distance)) {
      best = { name: each, distance }
    }
  }
  return best?.name
}

/** Levenshtein distance: insertions, deletions and substitutions of one character. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, substitution))
    }
    row = next
  }
  return row[b.length] ?? 0
}
