import type { ScaFinding, Transitivity } from '../domain.js'

/** The transitivity as the gate reads it: the server's spelling (`direct`, `DIRECT`) or unknown. */
export function transitivityOf(finding: ScaFinding): Transitivity {
  const spelled = finding.dependency?.transitivity?.toLowerCase()
  return spelled === 'direct' || spelled === 'transitive' ? spelled : 'unknown'
}
