/** `GET /deployments/{slug}/findings`: SAST or SCA findings, filtered, newest first, paged. */
import type { FindingRecord } from '../data/records.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import { booleanParam, enumScalar, integerParam, isPath, ok, queryReader } from '../request.js'
import { renderFindingsPage } from '../wire.js'
import {
  byRelevanceDesc,
  dedupeAcrossRefs,
  findingMatcher,
  findingPool,
  ISSUE_TYPES,
  parseFilters
} from './finding-filters.js'

function listFindings(ctx: RequestContext, env: Environment): ApiResponse {
  const reader = queryReader(ctx.query)
  const issueType = enumScalar(reader, 'issue_type', ISSUE_TYPES) ?? 'sast'
  const page = integerParam(reader.scalar('page'), 'page', 0, 0, Number.MAX_SAFE_INTEGER)
  const asked = integerParam(reader.scalar('page_size'), 'page_size', 100, 100, 3000)
  const pageSize = Math.min(asked, env.findingsPageSizeCap ?? asked)
  const dedup = booleanParam(reader, 'dedup') ?? false
  const filters = parseFilters(reader)
  const matches = findingPool(env.state, issueType).filter(
    findingMatcher(filters, issueType, env.state)
  )
  matches.sort(byRelevanceDesc)
  const ordered = dedup ? dedupeAcrossRefs(matches) : matches
  const pageItems = ordered.slice(page * pageSize, (page + 1) * pageSize)
  const shown =
    env.state.findingRefs === 'bare-branch' ? pageItems.map(withBareBranchRef) : pageItems
  return ok(renderFindingsPage(issueType, shown, env.shape()))
}

function withBareBranchRef<T extends FindingRecord>(finding: T): T {
  return { ...finding, ref: finding.ref.replace(/^refs\/heads\//, '') }
}

export const findingsRoutes: readonly Route[] = [
  { method: 'GET', key: 'slug', matches: isPath('findings'), handle: listFindings }
]
