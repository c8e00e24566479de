/**
 * A deployment at scale for the SBOM export: P projects (the sample's, then generated ones) and
 * exports that take a while to generate, as the live service's do.
 */
import type { EmulatorState, ProjectRecord, SbomTaskRecord } from './data.js'
import { project } from './data.js'

/** First id of the generated projects: above every sample and factory id. */
const GENERATED_ID_BASE = 100_000

/**
 * Exactly `count` projects: the sample's first ones, then `acme/gen-00001`… Generated projects
 * have no findings; the SBOM export only needs them listed.
 */
export function scaledProjects(sample: readonly ProjectRecord[], count: number): ProjectRecord[] {
  const kept = sample.slice(0, count)
  const width = Math.max(5, String(count).length)
  const generated = Array.from({ length: count - kept.length }, (_, index) =>
    project({
      id: GENERATED_ID_BASE + index,
      name: `acme/gen-${String(index + 1).padStart(width, '0')}`,
      latestScanAt: new Date(Date.UTC(2026, 0, 1))
    })
  )
  return [...kept, ...generated]
}

/** Applies the scale options to a freshly built state. */
export function applySbomScale(
  state: EmulatorState,
  options: { readonly projects?: number; readonly sbomExportMs?: number }
): void {
  if (options.projects !== undefined)
    state.projects = scaledProjects(state.projects, options.projects)
  if (options.sbomExportMs !== undefined) state.sbomExportMs = options.sbomExportMs
}

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
