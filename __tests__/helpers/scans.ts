/** Scans as the scans search client returns them, for the tests of the evidence stage (no HTTP). */
import type { IssueType, Scan } from '../../src/domain.js'

export const HOUR = 3_600_000
/** The gated commit, and another one. */
export const HEAD = 'a'.repeat(40)
export const OLD = 'b'.repeat(40)
export const ALL_TYPES: readonly IssueType[] = ['sast', 'sca', 'secrets']

/**
 * Scans of main, numbered from `firstId`, that ran every product and, unless told otherwise,
 * started two hours and completed one hour before `now`.
 */
export function scanFactory(
  now: number,
  firstId = 1
): (overrides: Partial<Scan> & Pick<Scan, 'commit'>) => Scan {
  let nextId = firstId
  return overrides => {
    const status = overrides.status ?? 'completed'
    return {
      id: String(nextId++),
      repositoryId: '1001',
      branch: 'refs/heads/main',
      status,
      statusText: `SCAN_STATUS_${status.toUpperCase()}`,
      startedAt: now - 2 * HOUR,
      completedAt: status === 'completed' ? now - HOUR : undefined,
      enabledProducts: ['sast', 'sca', 'secrets'],
      ...overrides
    }
  }
}
