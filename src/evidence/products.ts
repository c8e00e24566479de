/**
 * Secrets are judged only when the proven scan ran Secrets: the secrets endpoint lists what the
 * ref holds, and a scan without the product cannot vouch that those are its findings.
 */
import type { Config } from '../inputs/index.js'
import { NoVerdictError } from '../errors.js'
import type { ScanEvidence } from './evidence.js'

/**
 * The config to judge with. The scan's products unknown (not in the answer), or secrets not
 * asked for: unchanged. The scan did not run Secrets: with secrets only from the default, a
 * warning and the other types; with secrets named, no verdict.
 * @throws NoVerdictError when the user named secrets and the scan did not run them.
 */
export function judgeableTypes<
  C extends Pick<Config, 'issueTypes' | 'secretsOptional' | 'repository'>
>(config: C, evidence: ScanEvidence | undefined, warn: (message: string) => void): C {
  const products = evidence?.scan.enabledProducts
  if (!evidence || products === undefined || !config.issueTypes.includes('secrets')) return config
  if (products.some(product => product.trim().toLowerCase() === 'secrets')) return config
  const listed = products.map(product => product.slice(0, 40)).join(', ') || 'none'
  const message = `scan ${evidence.scan.id} of ${config.repository} did not run Secrets (its products: ${listed}), so the secrets listed for the ref are not from it`
  if (!config.secretsOptional) throw new NoVerdictError(message, 'on-missing-scan')
  warn(`Secrets were not judged: ${message}; the other types were judged`)
  return { ...config, issueTypes: config.issueTypes.filter(type => type !== 'secrets') }
}
