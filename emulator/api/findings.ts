/**
 * `GET /deployments/{slug}/findings`: SAST or SCA findings, filtered, newest first, paged. A
 * finding that names its scan is listed while that scan's results are its ref's (scan-findings.ts).
 */
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
import { listedAt } from './scan-findings.js'

function listFindings(ctx: RequestContext, env: Environment): ApiResponse {
  const reader = queryReader(ctx.query)
  const issueType = enumScalar(reader, 'issue_type', ISSUE_TYPES) ?? 'sast'
  const page = integerParam(reader.scalar('page'), 'page', 0, 0, Number.MAX_SAFE_INTEGER)
  const asked = integerParam(reader.scalar('page_size'), 'page_size', 100, 100, 3000)
  const pageSize = Math.min(asked, env.findingsPageSizeCap ?? asked)
  const dedup = booleanParam(reader, 'dedup') ?? false
  const filters = parseFilters(reader)
  const matcher = findingMatcher(filters, issueType, env.state)
  const listed = listedAt(env.state, env.clock.nowMs())
  const matches = findingPool(env.state, issueType).filter(
    finding => listed(finding.scanId, finding.type) && matcher(finding)
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
