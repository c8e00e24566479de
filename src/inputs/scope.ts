/** The scope inputs: which findings count (repository, ref, age, issue types, statuses). */
import { FINDING_STATUSES, ISSUE_TYPES } from '../domain.js'
import { InputValueError } from './errors.js'
import { entryOf, listOf, oneOf, parseRef, parseRepository, underscored } from './parsers.js'
import { parsed, withFallback } from './parsed-field.js'
import { contextRef, contextRepository, missingRefProblem, type RunContext } from './run-context.js'
import { parseSince } from './since.js'

export function scopeFields(ctx: RunContext) {
  return {
    repository: withFallback(
      parsed(
        parseRepository,
        'is required (set it, or run on GitHub Actions where GITHUB_REPOSITORY is set)'
      ),
      contextRepository(ctx)
    ),
    ref: withFallback(parsed(parseRef, missingRefProblem(ctx)), contextRef(ctx)),
    // Findings also on this ref are existing: reported, never blocking.
    baselineRef: parsed(parseRef).optional(),
    since: parsed(raw => parseSince(raw, ctx.now)).optional(),
    // Empty (the action.yml default) = every type, each only where a scan ran its product.
    issueTypes: parsed(parseIssueTypes).optional(),
    status: parsed(parseStatuses).prefault('open,reviewing,fixing')
  }
}

/** What an empty `issue-types` means: every type. */
export const DEFAULT_ISSUE_TYPES: readonly (typeof ISSUE_TYPES)[number][] = Object.freeze([
  ...ISSUE_TYPES
])

function parseIssueTypes(raw: string): readonly (typeof ISSUE_TYPES)[number][] {
  // `ai-sast` is `ai_sast`, as `provisionally-ignored` is a status.
  const types = listOf(entryOf(oneOf(ISSUE_TYPES, underscored), ISSUE_TYPES.join(', ')))(raw)
  if (types.length > 0) return types
  throw new InputValueError(`must name at least one of ${ISSUE_TYPES.join(', ')}`, raw)
}

/** The API filters on one status per request, so each listed status is one request chain. */
function parseStatuses(raw: string): readonly (typeof FINDING_STATUSES)[number][] {
  const allowed = FINDING_STATUSES.join(', ')
  const statuses = listOf(entryOf(oneOf(FINDING_STATUSES, underscored), allowed))(raw)
  if (statuses.length > 0) return statuses
  throw new InputValueError(`must name at least one of ${allowed}`, raw)
}
