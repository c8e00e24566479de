/**
 * A deployment at scale for the SBOM export: P projects (the sample's, then generated ones) and
 * exports that take a while to generate, as the live service's do (see api/sbom.ts).
 */
import type { EmulatorState, ProjectRecord } from './records.js'
import { project } from './factories.js'

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
