/**
 * A scan as the service sees it at a moment on its clock (a running scan finishes when its time
 * has come), and the products it ran.
 */
import type { ScanRecord } from '../data/records.js'

export type ScanProduct = 'sast' | 'sca' | 'secrets' | 'ai_sast'

/** What a record looks like at `nowMs` (server clock): RUNNING until `runningUntil`. */
export function statusAt(
  record: ScanRecord,
  nowMs: number
): Pick<ScanRecord, 'status' | 'completedAt' | 'exitCode'> {
  if (record.runningUntil !== undefined && record.runningUntil > nowMs) {
    return { status: 'SCAN_STATUS_RUNNING', completedAt: null, exitCode: null }
  }
  const completedAt =
    record.runningUntil !== undefined ? new Date(record.runningUntil) : record.completedAt
  return { status: record.status, completedAt, exitCode: record.exitCode }
}

/**
 * The spellings of `enabled_products` (compared lower-cased): the OpenAPI's example (`secrets`),
 * the search's `products` enum (`PRODUCT_SAST`, `PRODUCT_AI_SAST`), the findings' `issue_type`
 * (`ai_sast`), and the names of findings_counts and the UI (`code`, `supply_chain`).
 */
const PRODUCT_SPELLINGS: ReadonlyMap<string, ScanProduct> = new Map([
  ['sast', 'sast'],
  ['code', 'sast'],
  ['product_sast', 'sast'],
  ['sca', 'sca'],
  ['supply_chain', 'sca'],
  ['supply-chain', 'sca'],
  ['product_sca', 'sca'],
  ['secrets', 'secrets'],
  ['product_secrets', 'secrets'],
  ['ai_sast', 'ai_sast'],
  ['ai-sast', 'ai_sast'],
  ['product_ai_sast', 'ai_sast']
])

export function ranProduct(record: ScanRecord, product: ScanProduct): boolean {
  return record.enabledProducts.some(name => PRODUCT_SPELLINGS.get(name.toLowerCase()) === product)
}
