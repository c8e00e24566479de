/**
 * Which finding types a scan can vouch for: a scan's `enabled_products` say what it ran, and the
 * findings of a type are those of the newest completed scan that ran that type's product.
 */
import type { IssueType, Scan } from '../domain.js'

/**
 * The spellings of each product seen in scans (lower-cased): the app's, the issue type's, the
 * protobuf enum's (`PRODUCT_AI_SAST` in the scans search's products).
 */
const PRODUCT_SPELLINGS: Readonly<Record<IssueType, readonly string[]>> = {
  sast: ['sast', 'code', 'product_sast'],
  sca: ['sca', 'supply_chain', 'supply-chain', 'supplychain', 'product_sca'],
  secrets: ['secrets', 'product_secrets'],
  ai_sast: ['ai_sast', 'ai-sast', 'product_ai_sast']
}

/**
 * Whether `scan` ran the product of `type`. A scan that does not say what it ran vouches for
 * nothing: its findings could be any product's.
 */
export function ranProduct(scan: Scan, type: IssueType): boolean {
  const spellings = PRODUCT_SPELLINGS[type]
  return (scan.enabledProducts ?? []).some(product =>
    spellings.includes(product.trim().toLowerCase())
  )
}

/** A scan still in progress may yet vouch for `type`: it ran the product, or does not say. */
export function mayRunProduct(scan: Scan, type: IssueType): boolean {
  return scan.enabledProducts === undefined || ranProduct(scan, type)
}
