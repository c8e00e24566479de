/** The connection inputs: how to reach the API, as whom, and how patiently. */
import {
  DEFAULT_BASE_URL,
  integerFrom,
  oneOf,
  parseBaseUrl,
  parseDigits,
  parseSlug,
  parseToken
} from './parsers.js'
import { ON_MISSING_TOKEN_VALUES } from './missing-token.js'
import { parsed } from './parsed-field.js'

export function connectionFields() {
  return {
    apiToken: parsed(parseToken, 'is required (store it as a secret)'),
    baseUrl: parsed(parseBaseUrl).prefault(DEFAULT_BASE_URL),
    deploymentSlug: parsed(parseSlug).optional(),
    deploymentId: parsed(parseDigits).optional(),
    timeoutSeconds: parsed(integerFrom(1, 600)).prefault('30'),
    maxRetries: parsed(integerFrom(0, 10)).prefault('4'),
    onApiError: parsed(oneOf(['fail', 'warn'])).prefault('fail'),
    onMissingToken: parsed(oneOf(ON_MISSING_TOKEN_VALUES)).prefault('fail')
  }
}
