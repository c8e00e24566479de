/** The gate inputs: what blocks the build (thresholds, ignores, denied licenses, warn-only). */
import {
  EXPOSURES,
  POLICY_MODES,
  SECRETS_THRESHOLDS,
  SEVERITIES,
  type PolicyMode,
  type Severity
} from '../domain.js'
import { anyText, entryOf, listOf, oneOf, parseBoolean, parsePath, underscored } from './parsers.js'
import { parsed } from './parsed-field.js'

/** Worst first, because that is how people read a threshold list. */
const SEVERITIES_WORST_FIRST: readonly Severity[] = [...SEVERITIES].reverse()

/** `disabled` rules never block, so it is no threshold; strictest first, like the severities. */
const GATED_POLICY_MODES = POLICY_MODES.filter(
  (mode): mode is Exclude<PolicyMode, 'disabled'> => mode !== 'disabled'
).reverse()

/** The values of `fail-on-policy-mode`, strictest first. */
export const FAIL_ON_POLICY_MODE_VALUES = [...GATED_POLICY_MODES, 'none'] as const

export function gateFields() {
  return {
    gate: parsed(parseBoolean).prefault('true'),
    failOnSeverity: parsed(oneOf([...SEVERITIES_WORST_FIRST, 'none'])).prefault('high'),
    failOnPolicyMode: parsed(oneOf(FAIL_ON_POLICY_MODE_VALUES)).prefault('block'),
    failOnExposures: parsed(parseExposures).prefault('reachable,always_reachable'),
    failOnMalicious: parsed(parseBoolean).prefault('true'),
    failOnSecrets: parsed(oneOf(SECRETS_THRESHOLDS)).prefault('valid'),
    ignoreRules: parsed(listOf(anyText)).prefault(''),
    ignoreFile: parsed(parsePath).optional(),
    denyLicenses: parsed(listOf(anyText)).prefault(''),
    warnOnly: parsed(parseBoolean).prefault('false')
  }
}

/** `none` alone is the explicit empty list, since an empty input means the default. */
function parseExposures(raw: string): readonly (typeof EXPOSURES)[number][] {
  if (raw.toLowerCase() === 'none') return Object.freeze([])
  const allowed = `${EXPOSURES.join(', ')} (or none alone, for no exposures)`
  return listOf(entryOf(oneOf(EXPOSURES, underscored), allowed))(raw)
}
