import {
  policyModeRank,
  type FindingMode,
  type RuleBoardMode,
  type SastFinding
} from '../domain.js'

/** What the mode lists gave: the mode of each SAST finding they hold, by finding id. */
export interface ListedModes {
  /** fail-on-policy-mode: the lists of this mode and the stricter ones were read. */
  readonly threshold: RuleBoardMode
  readonly modes: ReadonlyMap<number, RuleBoardMode>
}

/** One mode list as read: the ids of the findings whose rule is in `mode`. */
export interface ModeList {
  readonly mode: RuleBoardMode
  readonly ids: readonly number[]
}

/** The modes at or above `threshold`, strictest first: the mode lists a threshold needs. */
export function modesAtOrAbove(threshold: RuleBoardMode): RuleBoardMode[] {
  const modes: RuleBoardMode[] = ['block', 'comment', 'monitor']
  return modes.filter(mode => policyModeRank(mode) >= policyModeRank(threshold))
}

/**
 * The mode of each finding in the lists. A finding in several (its rule in several policies, or
 * lists read a moment apart) has the strictest: the gate never takes the laxer of two answers.
 */
export function listedModes(threshold: RuleBoardMode, lists: readonly ModeList[]): ListedModes {
  const modes = new Map<number, RuleBoardMode>()
  for (const { mode, ids } of lists) {
    for (const id of ids) {
      const known = modes.get(id)
      if (known === undefined || policyModeRank(mode) > policyModeRank(known)) modes.set(id, mode)
    }
  }
  return { threshold, modes }
}

/**
 * The mode of a SAST finding: that of the mode list it is in; `below-<threshold>` when it is in
 * none (its mode is lower, which never blocks by mode); `not-fetched` when no list was read.
 */
export function modeLookup(listed: ListedModes | undefined): (finding: SastFinding) => FindingMode {
  if (!listed) return () => 'not-fetched'
  const below: FindingMode = `below-${listed.threshold}`
  return finding => listed.modes.get(finding.id) ?? below
}
