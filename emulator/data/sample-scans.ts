/**
 * The sample scans: what the scanner recorded for the sample findings' repositories and refs, plus
 * a history for acme/web. The service records the ref and commit each scan ran on, spelled the way
 * the CI that ran it spells them: GitHub Actions records `refs/heads/main` (or
 * `refs/pull/<n>/merge`, or the bare head branch on `pull_request_target`), the CLI elsewhere and
 * GitLab CI the bare `main`.
 */
import type { EmulatorState, ScanRecord } from './records.js'
import { scan } from './factories.js'
import { DAY_MS, MINUTE_MS, stableHex } from './seed.js'

/** The commit the sample findings of a repository and ref were found at (their line URLs say so). */
export function sampleCommit(repository: string, ref: string): string {
  return stableHex(`commit:${repository}:${ref}`, 40)
}

/** Sample scans are numbered from here in a fixed order (scans made by tests from 890_000). */
export const SAMPLE_SCAN_ID_BASE = 880_000

/**
 * One completed scan per repository and ref that has findings, at the commit the findings name,
 * plus a history for acme/web: older commits of main, a failed and a cancelled scan, and a scan by
 * the CLI of a laptop that records the bare branch name.
 */
export function sampleScans(state: EmulatorState, now: Date): ScanRecord[] {
  const projectIds = new Map(state.projects.map(p => [p.name.toLowerCase(), p.id]))
  const heads = new Map<string, ScanRecord>()
  for (const finding of [...state.sastFindings, ...state.scaFindings]) {
    const { name } = finding.repository
    const key = `${name}\u0000${finding.ref}`
    const repositoryId = projectIds.get(name.toLowerCase())
    if (heads.has(key) || repositoryId === undefined) continue
    const ago = finding.ref.startsWith('refs/pull/') ? 20 * MINUTE_MS : 2 * 60 * MINUTE_MS
    heads.set(
      key,
      scan(
        {
          repositoryId,
          branch: finding.ref,
          commit: sampleCommit(name, finding.ref),
          isFullScan: !finding.ref.startsWith('refs/pull/'),
          startedAt: new Date(now.getTime() - ago)
        },
        now
      )
    )
  }
  const web = projectIds.get('acme/web')
  const history: ScanRecord[] =
    web === undefined
      ? []
      : [
          ...[1, 2, 3].map(days =>
            scan(
              {
                repositoryId: web,
                branch: 'refs/heads/main',
                commit: stableHex(`commit:acme/web:main:${days}`, 40),
                startedAt: new Date(now.getTime() - days * DAY_MS)
              },
              now
            )
          ),
          scan(
            {
              repositoryId: web,
              branch: 'refs/heads/main',
              commit: stableHex('commit:acme/web:main:failed', 40),
              status: 'SCAN_STATUS_ERROR',
              startedAt: new Date(now.getTime() - 3 * 60 * MINUTE_MS)
            },
            now
          ),
          scan(
            {
              repositoryId: web,
              branch: 'refs/heads/release',
              commit: stableHex('commit:acme/web:release:cancelled', 40),
              status: 'SCAN_STATUS_CANCELLED',
              startedAt: new Date(now.getTime() - 5 * 60 * MINUTE_MS)
            },
            now
          ),
          scan(
            {
              repositoryId: web,
              branch: 'experiment',
              commit: stableHex('commit:acme/web:experiment', 40),
              isFullScan: true,
              startedAt: new Date(now.getTime() - 4 * DAY_MS)
            },
            now
          )
        ]
  return [...heads.values(), ...history].map((record, index) => ({
    ...record,
    id: SAMPLE_SCAN_ID_BASE + index
  }))
}

/** The completed sample scan whose findings a repository and ref show. */
export function headScan(
  state: EmulatorState,
  repository: string,
  ref: string
): ScanRecord | undefined {
  const commit = sampleCommit(repository, ref)
  return state.scans.find(record => record.commit === commit && record.branch === ref)
}
