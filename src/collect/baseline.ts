/**
 * The findings of the baseline ref (`baseline-ref`), read like the gated ref's: per type, those of
 * its newest completed scan that ran the type's product, the lists sized by that scan's count, and
 * the scans proven again after the last page. Only their platform ids are kept.
 */
import type { Transport } from '../api/transport.js'
import type { IssueType } from '../domain.js'
import { UserError } from '../errors.js'
import {
  confirmEvidence,
  provenCounts,
  type BaselineRef,
  type EvidenceLog,
  type ProvenScans,
  type ScanLocation
} from '../evidence/evidence.js'
import { baselineKeys, type Baseline } from '../gate/baseline.js'
import { fetchFindings, type DataLocation, type FindingsConfig } from './gate-data.js'

/** How the baseline is proven: its scans and where they are, or nothing (`require-scan: none`). */
export interface BaselineProof {
  readonly scans?: ProvenScans
  readonly location?: ScanLocation
}

/**
 * The baseline of `ref`, read under one of its evidence spellings, or undefined with a warning
 * when its findings cannot be read or its scans no longer hold: every finding is then judged as
 * new (no exemption without evidence). Never rejects on what the API answers.
 */
export async function readBaseline(
  transport: Transport,
  where: DataLocation,
  config: FindingsConfig,
  { ref, spellings }: BaselineRef,
  proof: BaselineProof,
  log: EvidenceLog
): Promise<Baseline | undefined> {
  // Secrets carry no platform id that matches them across refs.
  const types: readonly IssueType[] = proof.scans
    ? [...proof.scans.scans.keys()]
    : config.issueTypes.filter(type => type !== 'secrets')
  // Without scans to say which spelling holds the findings, the first evidence spelling: on
  // GitHub `refs/heads/<branch>`, never a bare name a fork's branch may record.
  const spelling = proof.scans?.branch ?? spellings[0] ?? ref
  try {
    const { findings } = await fetchFindings(
      transport,
      where,
      { ...config, issueTypes: types, ref: spelling },
      { warn: log.warn, counts: proof.scans && provenCounts(proof.scans) }
    )
    if (proof.scans && proof.location) {
      await confirmEvidence(transport, proof.location, proof.scans, log)
    }
    return { ref: spelling, types, keys: new Set(findings.flatMap(baselineKeys)) }
  } catch (error) {
    if (!(error instanceof UserError)) throw error
    log.warn(
      `baseline-ref ${ref}: its findings could not be read (${error.message}): every finding is judged as new`
    )
    return undefined
  }
}
