import type { EffectOutcomes } from '../domain.js'
import type { RunReport, SbomReport } from './model.js'

function sbomReport(sbom: NonNullable<EffectOutcomes['sbom']>): SbomReport {
  // The project count is what a deployment-wide (or sharded) run wants to see at a glance.
  return sbom.scope === 'deployment'
    ? { exports: sbom.exports, projects: sbom.exports.length }
    : { exports: sbom.exports }
}

/** The report's view of what tickets, tags and SBOM exports did. */
export function effectsReport(
  outcomes: EffectOutcomes
): Pick<RunReport, 'tickets' | 'tags' | 'sbom'> {
  return {
    ...(outcomes.tickets ? { tickets: outcomes.tickets } : {}),
    ...(outcomes.tags ? { tags: outcomes.tags } : {}),
    ...(outcomes.sbom ? { sbom: sbomReport(outcomes.sbom) } : {})
  }
}
