/** Exports take a while to generate, as the live service's do (the scale itself: data/scale.ts). */
import type { EmulatorState, SbomTaskRecord } from './data/records.js'

/** When a new export may first answer COMPLETED or FAILED (wall clock, milliseconds). */
export function sbomReadyAt(state: EmulatorState, now: number = Date.now()): number {
  return now + (state.sbomExportMs ?? 0)
}

/**
 * Still generating: before its ready time, or while it has in-progress polls left. Both hold at
 * once when both are set, as a slow export polled too early does.
 */
export function sbomTaskInProgress(task: SbomTaskRecord, now: number = Date.now()): boolean {
  if (task.outcome !== null) return false
  return task.polls <= task.pollsUntilDone || now < (task.readyAt ?? 0)
}
