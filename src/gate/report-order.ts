import { severityRank, type EvaluatedFinding, type Finding } from '../domain.js'

/**
 * The order of every report: blocking first, then the worst, then by type, rule, path, line and
 * id. compareEvaluated defines it; reportOrder computes it for tens of thousands of findings.
 */

/** Code-point order: stable across machines and far cheaper than locale-aware comparison. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Blocking first, then the worst, then by place: the order of every report. */
export function compareEvaluated(a: EvaluatedFinding, b: EvaluatedFinding): number {
  return (
    Number(b.blocking) - Number(a.blocking) ||
    severityRank(b.finding.severity) - severityRank(a.finding.severity) ||
    compareText(a.finding.type, b.finding.type) ||
    compareText(a.finding.ruleName, b.finding.ruleName) ||
    compareText(a.finding.location?.path ?? '', b.finding.location?.path ?? '') ||
    (a.finding.location?.line ?? 0) - (b.finding.location?.line ?? 0) ||
    a.finding.id - b.finding.id
  )
}

/** The code-point order of the type names, as compareEvaluated compares them. */
const TYPE_ORDER: Readonly<Record<Finding['type'], number>> = { sast: 0, sca: 1, secrets: 2 }
/** Distinct values of the first sort key (blocking, severity, type): 2 × 4 × 3. */
const RANKS = 24

/** The first sort key of compareEvaluated (blocking, then severity, then type) as one number. */
function rankOf(evaluated: EvaluatedFinding): number {
  return (
    (evaluated.blocking ? 0 : 12) +
    (3 - severityRank(evaluated.finding.severity)) * 3 +
    TYPE_ORDER[evaluated.finding.type]
  )
}

/**
 * The distinct values of one string key of a list (rule names, paths), numbered by first
 * appearance, and the place of each in code-point order: comparing places compares the strings.
 */
export class Places {
  private readonly numbers = new Map<string, number>()
  private readonly strings: string[] = []
  /** The number of each item's value. */
  private readonly numberOf: Uint32Array

  constructor(count: number) {
    this.numberOf = new Uint32Array(count)
  }

  /** Records the value of item `index`. */
  set(index: number, value: string): void {
    let number = this.numbers.get(value)
    if (number === undefined) {
      number = this.strings.length
      this.strings.push(value)
      this.numbers.set(value, number)
    }
    this.numberOf[index] = number
  }

  /**
   * Each item's place: `places[numbers[i]]` is the place of item i's value among the distinct
   * values in code-point order.
   */
  order(): { readonly numbers: Uint32Array; readonly places: Uint32Array } {
    const { strings } = this
    const byText = strings.map((_, number) => number)
    byText.sort((a, b) => compareText(strings[a], strings[b]))
    const places = new Uint32Array(strings.length)
    byText.forEach((number, place) => (places[number] = place))
    return { numbers: this.numberOf, places }
  }
}

/** The sort keys of compareEvaluated, noted one finding at a time. */
export class SortKeys {
  readonly ranks: Uint8Array
  readonly rules: Places
  readonly paths: Places
  readonly lines: Float64Array
  readonly ids: Float64Array
  /** Every line and id a non-negative integer: the radix order needs digits. */
  digitable = true
  largestLine = 0
  largestId = 0
  /** Ids in ascending order as noted: a stable order by the other keys then keeps them so. */
  idsAscending = true

  constructor(count: number) {
    this.ranks = new Uint8Array(count)
    this.rules = new Places(count)
    this.paths = new Places(count)
    this.lines = new Float64Array(count)
    this.ids = new Float64Array(count)
  }

  set(index: number, evaluated: EvaluatedFinding): void {
    const { finding } = evaluated
    const line = finding.location?.line ?? 0
    const id = finding.id
    this.ranks[index] = rankOf(evaluated)
    this.rules.set(index, finding.ruleName)
    this.paths.set(index, finding.location?.path ?? '')
    this.lines[index] = line
    this.ids[index] = id
    if (!isDigitable(line) || !isDigitable(id)) this.digitable = false
    if (line > this.largestLine) this.largestLine = line
    if (index > 0 && id < this.largestId) this.idsAscending = false
    if (id > this.largestId) this.largestId = id
  }
}

/** A finite non-negative integer (a double past 2^53 is one too: its digits are exact). */
function isDigitable(value: number): boolean {
  return value >= 0 && Number.isFinite(value) && Math.floor(value) === value
}

/** A radix digit: 16 bits, so a pass's counts fit in the cache and an id below 2^64 takes four. */
const DIGIT_BITS = 16
const DIGIT_VALUES = 2 ** DIGIT_BITS

/**
 * The findings in the order of compareEvaluated, given their sort keys: a least-significant-digit
 * radix sort of the findings' indices, one stable counting pass per 16-bit digit of id, line,
 * path place, and rank with rule place; digits above the largest value are skipped, and so are
 * the ids when they were noted in ascending order. It never calls back into JavaScript per
 * comparison: 60,000 findings take three to six passes over typed arrays.
 * A line or id that is not a non-negative integer (never seen) has no digits: then the findings
 * are compared field by field.
 */
export function reportOrder(
  evaluated: readonly EvaluatedFinding[],
  sortKeys: SortKeys
): EvaluatedFinding[] {
  const count = evaluated.length
  if (!sortKeys.digitable) return [...evaluated].sort(compareEvaluated)
  const { ranks, rules, paths, lines, ids } = sortKeys
  const rule = rules.order()
  const path = paths.order()

  const radix = new RadixOrder(count)
  if (!sortKeys.idsAscending) radix.byNumber(ids, sortKeys.largestId)
  radix.byNumber(lines, sortKeys.largestLine)
  radix.byPlace(path.numbers, path.places)
  // Rank and rule in one pass when their pairs fit in one digit (up to 2,730 rules).
  if (RANKS * rule.places.length <= DIGIT_VALUES) {
    radix.byRankAndPlace(ranks, rule.numbers, rule.places)
  } else {
    radix.byPlace(rule.numbers, rule.places)
    radix.bySmall(ranks, RANKS)
  }
  const order = radix.order
  const sorted = new Array<EvaluatedFinding>(count)
  for (let i = 0; i < count; i++) sorted[i] = evaluated[order[i]]
  return sorted
}

/**
 * Indices reordered by stable counting passes, the least significant key first: after the last
 * pass they are in the order of the keys, most significant first, ties in index order.
 */
class RadixOrder {
  order: Uint32Array
  private spare: Uint32Array
  private readonly digits: Uint32Array
  private readonly counts = new Uint32Array(DIGIT_VALUES + 1)

  constructor(count: number) {
    this.order = new Uint32Array(count)
    for (let i = 0; i < count; i++) this.order[i] = i
    this.spare = new Uint32Array(count)
    this.digits = new Uint32Array(count)
  }

  /** Passes over each 16-bit digit of a non-negative integer key, least significant first. */
  byNumber(values: Float64Array, largest: number): void {
    for (let shift = 0; 2 ** shift <= largest; shift += DIGIT_BITS) {
      const unit = 2 ** shift
      for (let i = 0; i < values.length; i++) {
        this.digits[i] = Math.floor(values[i] / unit) % DIGIT_VALUES
      }
      this.pass(DIGIT_VALUES)
    }
  }

  /** By each item's place (`places[numbers[i]]`): one pass, or two past 2^16 distinct values. */
  byPlace(numbers: Uint32Array, places: Uint32Array): void {
    const itemPlaces = new Uint32Array(numbers.length)
    for (let i = 0; i < numbers.length; i++) itemPlaces[i] = places[numbers[i]]
    this.bySmall(itemPlaces, places.length)
  }

  /** By rank, then place, in one pass: the caller checks that the pairs fit in one digit. */
  byRankAndPlace(ranks: Uint8Array, numbers: Uint32Array, places: Uint32Array): void {
    const size = places.length
    for (let i = 0; i < numbers.length; i++) this.digits[i] = ranks[i] * size + places[numbers[i]]
    this.pass(RANKS * size)
  }

  /** One pass, or two past 2^16, over a key with `size` values. */
  bySmall(values: Uint8Array | Uint32Array, size: number): void {
    if (size <= 1) return
    if (size > DIGIT_VALUES) {
      for (let i = 0; i < values.length; i++) this.digits[i] = values[i] % DIGIT_VALUES
      this.pass(DIGIT_VALUES)
      for (let i = 0; i < values.length; i++) this.digits[i] = Math.floor(values[i] / DIGIT_VALUES)
      this.pass(Math.ceil(size / DIGIT_VALUES))
      return
    }
    this.digits.set(values)
    this.pass(size)
  }

  /** One stable counting pass over `digits` (by item index), each below `buckets`. */
  private pass(buckets: number): void {
    const { order, spare, digits, counts } = this
    counts.fill(0, 0, buckets + 1)
    for (let i = 0; i < order.length; i++) counts[digits[order[i]] + 1]++
    for (let bucket = 1; bucket <= buckets; bucket++) counts[bucket] += counts[bucket - 1]
    for (let i = 0; i < order.length; i++) {
      const item = order[i]
      spare[counts[digits[item]]++] = item
    }
    this.spare = order
    this.order = spare
  }
}

/** The order of compareEvaluated (blocking first, then the worst, then by place). */
export function sortEvaluated(evaluated: readonly EvaluatedFinding[]): EvaluatedFinding[] {
  const sortKeys = new SortKeys(evaluated.length)
  evaluated.forEach((e, i) => sortKeys.set(i, e))
  return reportOrder(evaluated, sortKeys)
}
