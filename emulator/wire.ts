/**
 * Renders internal records into the two wire shapes the emulator can speak:
 *
 * - `documented`: what the API description says (findings under `sastFindings`/`scaFindings`/
 *   `aiSastFindings`,
 *   camelCase sub-objects, `...Z` timestamps, underscore reachability, unset fields omitted the
 *   way proto3 JSON omits them, dependencies as `{id,name,version}`);
 * - `live`: what the running service answers (flat `findings`, snake_case sub-objects,
 *   `... +00:00` timestamps, reachability with spaces, explicit nulls, rich dependencies).
 *
 * Rendered objects share arrays with the records: they are serialized at once, never kept, and
 * skipping the copies matters when a page holds 3,000 findings.
 */
import type {
  AiSastFindingRecord,
  DependencyRecord,
  EmbeddedRuleRecord,
  ExternalTicketRecord,
  FindingRecord,
  LocationRecord,
  PolicyRecord,
  PolicyRuleRecord,
  ProjectRecord,
  Reachability,
  ReviewCommentRecord,
  SastFindingRecord,
  ScaFindingRecord
} from './data/records.js'

export type WireShape = 'documented' | 'live'
export type IssueType = 'sast' | 'sca' | 'ai_sast'

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject
/** `undefined` members are dropped by JSON.stringify, which is how optional fields are omitted. */
export interface JsonObject {
  [key: string]: JsonValue | undefined
}

/**
 * Microsecond timestamps: the service prints six fractional digits. Dates only carry
 * milliseconds, so the last three digits come from a stable per-record number.
 */
export function formatTimestamp(date: Date, shape: WireShape, microSeed = 0): string {
  const micros = String(Math.abs(microSeed * 7919) % 1000).padStart(3, '0')
  const base = `${date.toISOString().slice(0, 23)}${micros}`
  return shape === 'documented' ? `${base}Z` : `${base.replace('T', ' ')}+00:00`
}

/** Timestamps of camelCase (gRPC-gateway) resources are always RFC 3339 with `Z`. */
function gatewayTimestamp(date: Date): string {
  return formatTimestamp(date, 'documented', date.getTime() % 997)
}

/** An unset optional field: omitted in the documented shape, an explicit null in the live one. */
function unset(shape: WireShape): null | undefined {
  return shape === 'live' ? null : undefined
}

function optional<T>(
  value: T | null,
  shape: WireShape,
  render: (present: T) => JsonValue
): JsonValue | undefined {
  return value === null ? unset(shape) : render(value)
}

const LIVE_REACHABILITY: Readonly<Record<Reachability, string>> = {
  reachable: 'reachable',
  always_reachable: 'always reachable',
  conditionally_reachable: 'conditionally reachable',
  unreachable: 'unreachable',
  unknown: 'no reachability analysis'
}

export function renderReachability(reachability: Reachability, shape: WireShape): string {
  return shape === 'live' ? LIVE_REACHABILITY[reachability] : reachability
}

export function renderLocation(location: LocationRecord, shape: WireShape): JsonObject {
  return shape === 'live'
    ? {
        file_path: location.filePath,
        line: location.line,
        column: location.column,
        end_line: location.endLine,
        end_column: location.endColumn
      }
    : {
        filePath: location.filePath,
        line: location.line,
        column: location.column,
        endLine: location.endLine,
        endColumn: location.endColumn
      }
}

/** The live service reports SCA usage locations in the code-location form (path/start_line). */
function renderUsageLocation(
  location: LocationRecord,
  shape: WireShape,
  repositoryUrl: string
): JsonObject {
  if (shape === 'documented') return renderLocation(location, shape)
  return {
    path: location.filePath,
    start_line: location.line,
    start_col: location.column,
    end_line: location.endLine,
    end_col: location.endColumn,
    url: `${repositoryUrl}/blob/HEAD/${location.filePath}#L${location.line}`
  }
}

export function renderExternalTicket(ticket: ExternalTicketRecord, shape: WireShape): JsonObject {
  return shape === 'live'
    ? {
        external_slug: ticket.externalSlug,
        id: ticket.id,
        linked_issue_ids: ticket.linkedIssueIds,
        url: ticket.url
      }
    : {
        externalSlug: ticket.externalSlug,
        id: ticket.id,
        linkedIssueIds: ticket.linkedIssueIds,
        url: ticket.url
      }
}

function renderReviewComment(comment: ReviewCommentRecord, shape: WireShape): JsonObject {
  return shape === 'live'
    ? {
        external_discussion_id: comment.externalDiscussionId,
        external_note_id: comment.externalNoteId
      }
    : { externalDiscussionId: comment.externalDiscussionId, externalNoteId: comment.externalNoteId }
}

function renderEmbeddedRule(rule: EmbeddedRuleRecord, shape: WireShape): JsonObject {
  const common = {
    name: rule.name,
    message: rule.message,
    category: rule.category,
    confidence: rule.confidence
  }
  return shape === 'live'
    ? {
        ...common,
        subcategories: rule.subcategories,
        vulnerability_classes: rule.vulnerabilityClasses,
        cwe_names: rule.cweNames,
        owasp_names: rule.owaspNames
      }
    : {
        ...common,
        subcategories: rule.subcategories,
        vulnerabilityClasses: rule.vulnerabilityClasses,
        cweNames: rule.cweNames,
        owaspNames: rule.owaspNames
      }
}

/** Fields shared by SAST and SCA findings; top-level names are snake_case in both shapes. */
function renderFindingCore(finding: FindingRecord, shape: WireShape): JsonObject {
  const time = (date: Date): string => formatTimestamp(date, shape, finding.id)
  return {
    id: finding.id,
    ref: finding.ref,
    first_seen_scan_id: finding.firstSeenScanId,
    syntactic_id: finding.syntacticId,
    match_based_id: finding.matchBasedId,
    external_ticket: optional(finding.externalTicket, shape, ticket =>
      renderExternalTicket(ticket, shape)
    ),
    review_comments: finding.reviewComments.map(comment => renderReviewComment(comment, shape)),
    repository: { name: finding.repository.name, url: finding.repository.url },
    line_of_code_url: finding.lineOfCodeUrl,
    triage_state: finding.triageState,
    state: finding.state,
    status: finding.status,
    severity: finding.severity,
    confidence: finding.confidence,
    categories: finding.categories,
    created_at: time(finding.createdAt),
    relevant_since: time(finding.relevantSince),
    rule_name: finding.ruleName,
    // rule_message is "string or null" in both descriptions, so null is kept in both shapes.
    rule_message: finding.ruleMessage,
    location: renderLocation(finding.location, shape),
    triaged_at: optional(finding.triagedAt, shape, time),
    triage_comment: optional(finding.triageComment, shape, comment => comment),
    triage_reason: optional(finding.triageReason, shape, reason => reason),
    state_updated_at: time(finding.stateUpdatedAt),
    rule: renderEmbeddedRule(finding.rule, shape)
  }
}

function renderAssistant(finding: SastFindingRecord, shape: WireShape): JsonValue | undefined {
  const assistant = finding.assistant
  if (assistant === null) return unset(shape)
  return {
    autofix: optional(assistant.autofix, shape, fix => ({
      fix_code: fix.fixCode,
      explanation: fix.explanation
    })),
    autotriage: optional(assistant.autotriage, shape, triage => ({
      verdict: triage.verdict,
      reason: triage.reason
    })),
    component: optional(assistant.component, shape, component => ({
      tag: component.tag,
      risk: component.risk
    })),
    guidance: optional(assistant.guidance, shape, guidance => ({
      summary: guidance.summary,
      instructions: guidance.instructions
    })),
    rule_explanation: optional(assistant.ruleExplanation, shape, explanation => ({
      summary: explanation.summary,
      explanation: explanation.explanation
    }))
  }
}

/** A Code finding's fields, and the model's `ai_impact` (unset: omitted or null, as proto3 JSON). */
export function renderAiSastFinding(finding: AiSastFindingRecord, shape: WireShape): JsonObject {
  return Object.assign(renderSastFinding({ ...finding, type: 'sast' }, shape), {
    ai_impact: optional(finding.aiImpact, shape, impact => impact)
  })
}

export function renderSastFinding(finding: SastFindingRecord, shape: WireShape): JsonObject {
  const time = (date: Date): string => formatTimestamp(date, shape, finding.id)
  return Object.assign(renderFindingCore(finding, shape), {
    sourcing_policy: optional(finding.sourcingPolicy, shape, policy => ({
      id: policy.id,
      name: policy.name,
      slug: policy.slug
    })),
    assistant: renderAssistant(finding, shape),
    click_to_fix_prs: finding.clickToFixPrs.map(pr => ({
      url: pr.url,
      created_at: time(pr.createdAt)
    })),
    click_to_fix_failures: finding.clickToFixFailures.map(failure => ({
      reason: failure.reason,
      created_at: time(failure.createdAt)
    }))
  })
}

export function renderScaFinding(finding: ScaFindingRecord, shape: WireShape): JsonObject {
  const dependency = finding.foundDependency
  return Object.assign(renderFindingCore(finding, shape), {
    vulnerability_identifier: finding.vulnerabilityIdentifier,
    reachability: renderReachability(finding.reachability, shape),
    reachable_condition: optional(finding.reachableCondition, shape, condition => condition),
    found_dependency: {
      package: dependency.package,
      version: dependency.version,
      ecosystem: dependency.ecosystem,
      transitivity: dependency.transitivity,
      lockfile_line_url: dependency.lockfileLineUrl
    },
    fix_recommendations: finding.fixRecommendations.map(fix => ({
      package: fix.package,
      version: fix.version
    })),
    epss_score: optional(finding.epssScore, shape, epss => ({
      score: epss.score,
      percentile: epss.percentile
    })),
    is_malicious: finding.isMalicious,
    usage: optional(finding.usage, shape, usage => ({
      location: renderUsageLocation(usage.location, shape, finding.repository.url),
      external_ticket: optional(usage.externalTicket, shape, ticket =>
        renderExternalTicket(ticket, shape)
      )
    }))
  })
}

export function renderFinding(finding: FindingRecord, shape: WireShape): JsonObject {
  if (finding.type === 'sast') return renderSastFinding(finding, shape)
  if (finding.type === 'ai_sast') return renderAiSastFinding(finding, shape)
  return renderScaFinding(finding, shape)
}

/**
 * One page of findings. Documented: the requested type's list is filled and the other is
 * present but empty. Live: a flat `findings` array.
 */
export function renderFindingsPage(
  issueType: IssueType,
  findings: readonly FindingRecord[],
  shape: WireShape
): JsonObject {
  const rendered = findings.map(finding => renderFinding(finding, shape))
  if (shape === 'live') return { findings: rendered }
  const page: JsonObject = {
    sastFindings: { findings: issueType === 'sast' ? rendered : [] },
    scaFindings: { findings: issueType === 'sca' ? rendered : [] }
  }
  if (issueType === 'ai_sast') page.aiSastFindings = { findings: rendered }
  return page
}

export function renderProject(
  project: ProjectRecord,
  shape: WireShape,
  withScanConfig: boolean
): JsonObject {
  return {
    id: project.id,
    name: project.name,
    url: project.url,
    tags: project.tags,
    created_at: formatTimestamp(project.createdAt, shape, project.id),
    latest_scan_at: formatTimestamp(project.latestScanAt, shape, project.id + 1),
    default_branch: project.defaultBranch,
    primary_branch: project.primaryBranch,
    managed_scan_config: withScanConfig
      ? {
          diff_scan: { enabled: project.managedScan.diffScan },
          full_scan: { enabled: project.managedScan.fullScan }
        }
      : undefined
  }
}

export function renderPolicy(policy: PolicyRecord): JsonObject {
  return {
    id: policy.id,
    isDefault: policy.isDefault,
    name: policy.name,
    productType: policy.productType,
    slug: policy.slug
  }
}

export function renderPolicyRule(rule: PolicyRuleRecord): JsonObject {
  return {
    id: rule.id,
    path: rule.path,
    policyMode: rule.policyMode,
    severity: rule.severity,
    confidence: rule.confidence,
    source: rule.source,
    category: rule.category,
    languages: rule.languages,
    technologies: rule.technologies,
    cweCategories: rule.cweCategories,
    owaspCategories: rule.owaspCategories,
    vulnerabilityClass: rule.vulnerabilityClass,
    rulesets: rule.rulesets,
    registryMaintainer: rule.registryMaintainer,
    url: rule.url,
    lastChangeAt: gatewayTimestamp(rule.lastChangeAt),
    lastChangeBy: rule.lastChangeBy
  }
}

/**
 * Documented: only the three fields the description lists. Live: the gRPC-gateway shape with
 * int64s as strings (`repositoryId`, line numbers) and the package nested.
 */
export function renderDependency(dependency: DependencyRecord, shape: WireShape): JsonObject {
  if (shape === 'documented')
    return { id: dependency.id, name: dependency.name, version: dependency.version }
  const definedAt = dependency.definedAt
  return {
    repositoryId: String(dependency.repositoryId),
    definedAt: {
      path: definedAt.path,
      startLine: String(definedAt.startLine),
      endLine: String(definedAt.endLine),
      url: definedAt.url,
      committedAt: gatewayTimestamp(definedAt.committedAt),
      startCol: '0',
      endCol: '0'
    },
    transitivity: dependency.transitivity,
    package: { name: dependency.name, versionSpecifier: dependency.version },
    ecosystem: dependency.ecosystem,
    licenses: dependency.licenses,
    pathToTransitivity: []
  }
}
