/** The gate inputs: what blocks the build (thresholds, ignores, denied licenses, warn-only). */
import {
  EXPOSURES,
  POLICY_MODES,
  SECRETS_THRESHOLDS,
  SEVERITIES,
  TRANSITIVITIES,
  type PolicyMode,
  type Severity
} from '../domain.js'
import { InputValueError } from './errors.js'
import {
  anyText,
  entryOf,
  listOf,
  oneOf,
  parseBoolean,
  parseLicenseId,
  parsePath,
  underscored
} from './parsers.js'
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
    failOnTransitivities: parsed(parseTransitivities).prefault('direct,transitive,unknown'),
    ignoreUnfixed: parsed(parseBoolean).prefault('false'),
    failOnEpss: parsed(parseProbability).optional(),
    failOnMalicious: parsed(parseBoolean).prefault('true'),
    failOnSecrets: parsed(oneOf(SECRETS_THRESHOLDS)).prefault('valid'),
    ignoreRules: parsed(listOf(anyText)).prefault(''),
    ignoreFile: parsed(parsePath).optional(),
    denyLicenses: parsed(listOf(parseLicenseId)).prefault(''),
    allowLicenses: parsed(listOf(parseLicenseId)).prefault(''),
    warnOnly: parsed(parseBoolean).prefault('false')
  }
}

/** `none` alone is the explicit empty list, since an empty input means the default. */
function noneOrListOf<const T extends string>(
  values: readonly T[],
  what: string
): (raw: string) => readonly T[] {
  const allowed = `${values.join(', ')} (or none alone, for no ${what})`
  return raw =>
    raw.toLowerCase() === 'none'
      ? Object.freeze([])
      : listOf(entryOf(oneOf(values, underscored), allowed))(raw)
}

const parseExposures = noneOrListOf(EXPOSURES, 'exposures')
const parseTransitivities = noneOrListOf(TRANSITIVITIES, 'transitivities')

/** An EPSS probability: a decimal from 0 to 1, as the platform gives scores. */
function parseProbability(raw: string): number {
  if (/^(?:0|1)(?:\.\d+)?$|^\.\d+$/.test(raw)) {
    const value = Number(raw)
    if (value >= 0 && value <= 1) return value
  }
  throw new InputValueError(
    'must be a probability from 0 to 1, e.g. 0.1 (empty: EPSS does not block)',
    raw
  )
}
