/**
 * Relative durations such as `30m`, `12h`, `7d` and `2w`: one whole number and one unit letter.
 * Kept deliberately small: months and years have no fixed length, and an uppercase `M` would be
 * ambiguous (minutes or months), so only these four lowercase units exist.
 */

/** Seconds in one of each unit a duration may use. */
export const DURATION_UNIT_SECONDS = { m: 60, h: 3_600, d: 86_400, w: 604_800 } as const
export type DurationUnit = keyof typeof DURATION_UNIT_SECONDS

const DURATION = /^(\d+)([mhdw])$/

function isDurationUnit(unit: string): unit is DurationUnit {
  return Object.hasOwn(DURATION_UNIT_SECONDS, unit)
}

/**
 * The length of a duration like `7d`, in seconds; undefined when `raw` is not shaped like one.
 * The amount is not range-checked here (`0m` gives 0, a huge amount gives a huge number or
 * Infinity): what is acceptable depends on the caller.
 */
export function parseDurationSeconds(raw: string): number | undefined {
  const match = DURATION.exec(raw)
  if (match === null) return undefined
  const [, amount = '', unit = ''] = match
  return isDurationUnit(unit) ? Number(amount) * DURATION_UNIT_SECONDS[unit] : undefined
}

/** A rough, readable length of time: `7 min`, `2 h`, `3 d` (for ages and waits in messages). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.round(minutes / 60)
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`
}
