import type { ScaFinding, Transitivity } from '../domain.js'

/**
 * The transitivity as the gate reads it: the decoders already mapped the server's spelling (and
 * refused an undocumented one); a finding without a dependency is unknown.
 */
export function transitivityOf(finding: ScaFinding): Transitivity {
  return finding.dependency?.transitivity ?? 'unknown'
}
