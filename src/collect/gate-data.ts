/**
 * What the gate needs, read once the scans are proven: every finding of the judged types and
 * statuses (each list's pages sized by what its proven scan found), beside each SAST list the
 * lists of its findings in the policy modes the gate fails on, and the dependencies with a denied
 * license.
 */
import { ApiError } from '../api/errors.js'
import {
  readFindings,
  FINDINGS_PAGE_SIZE,
  FINDINGS_WINDOW,
  type FindingsQuery,
  type PlatformIssueType
} from '../api/findings.js'
import { pagesForCount } from '../api/pages.js'
import { secretsPages, secretsStatuses } from '../api/secrets.js'
import type { Transport } from '../api/transport.js'
import type { Config } from '../inputs/index.js'
import type {
  Finding,
  FindingStatus,
  LicenseViolation,
  Project,
  RuleBoardMode,
  ScanFindingsCounts
} from '../domain.js'
import { listedModes, type ListedModes } from '../gate/modes.js'
import { ScopeFilter, type ScopeDrops } from '../gate/scope.js'
import { collectLicenseViolations } from './licenses.js'
import { readModeLists } from './mode-lists.js'

/** Every finding in scope, and those the server returned out of scope. */
export interface FoundFindings {
  readonly findings: readonly Finding[]
  /** Findings the server returned that were not in scope (wrong repository, ref or status). */
  readonly dropped: ScopeDrops
  /** The SAST findings' modes; present when the policy-mode gate is on. */
  readonly modes?: ListedModes
}

/** What the gate judges the findings with. */
export interface GateContext {
  readonly licenseViolations: readonly LicenseViolation[]
}

/** The reads of one run, started together: each awaited when it is needed. */
export interface GateData {
  readonly findings: Promise<FoundFindings>
  readonly context: Promise<GateContext>
}

export type FindingsConfig = Pick<
  Config,
  'issueTypes' | 'repository' | 'ref' | 'status' | 'since' | 'typesFromDefault'
>

/** Where the data is: the deployment (by slug for findings, by id for the rest) and the project. */
export interface DataLocation {
  readonly deploymentSlug: string
  readonly deploymentId: string
  readonly project?: Project
}

export interface CollectOptions {
  readonly warn: (message: string) => void
  /** What each type's proven scan found: sizes the findings requests. */
  readonly counts?: ScanFindingsCounts
}

/** Starts every read the gate needs: the findings with their mode lists, and the licenses. */
export function startGateData(
  transport: Transport,
  where: DataLocation,
  config: Config,
  { warn, counts }: CollectOptions
): GateData {
  const licenses = collectLicenseViolations(transport, where.deploymentId, where.project, config)
  const findings = fetchFindings(transport, where, config, {
    warn,
    counts,
    modeThreshold: modeThreshold(config)
  })
  const context = licenses.then(licenseViolations => ({ licenseViolations }))
  // Each is awaited in turn by the caller; until then a failure is not unhandled.
  context.catch(() => undefined)
  return { findings, context }
}

/** The threshold the SAST mode lists are read for; undefined when no verdict looks at modes. */
function modeThreshold(config: Config): RuleBoardMode | undefined {
  const threshold = config.failOnPolicyMode
  return config.gate && threshold !== 'none' && config.issueTypes.includes('sast')
    ? threshold
    : undefined
}

interface FetchOptions extends CollectOptions {
  /** Read the SAST mode lists of this mode and the stricter ones beside the full lists. */
  readonly modeThreshold?: RuleBoardMode
}

/**
 * Every finding of the configured types and statuses in scope: one list per type and status,
 * and with a mode threshold, beside each SAST list its mode lists.
 */
export async function fetchFindings(
  transport: Transport,
  where: DataLocation,
  config: FindingsConfig,
  { warn, counts, modeThreshold: threshold }: FetchOptions
): Promise<FoundFindings> {
  const filter = new ScopeFilter({
    repository: config.repository,
    ref: config.ref,
    statuses: config.status
  })
  // The secrets request first: the findings pages take every connection once they go out.
  const secrets = config.issueTypes.includes('secrets')
    ? fetchSecrets(transport, where.deploymentId, config, warn).then(found => filter.add(found))
    : Promise.resolve()
  const queries = config.issueTypes
    .filter((type): type is PlatformIssueType => type !== 'secrets')
    .flatMap(type =>
      config.status.map((status, index) => ({ ...queryOf(config, type, status), index }))
    )
  const countOf = (type: PlatformIssueType): number | undefined =>
    config.since === undefined ? counts?.[type] : undefined
  const lists = queries.map(async ({ index, ...query }) => {
    const plan = plannedPages(countOf(query.type), index)
    filter.add(await readFindings(transport, where.deploymentSlug, query, plan))
  })
  // After the full lists, which a count sizes: they are the longer reads.
  const modeLists =
    threshold === undefined
      ? []
      : queries
          .filter(query => query.type === 'sast')
          .flatMap(({ index, ...query }) => {
            const plan = plannedModePages(countOf(query.type), index)
            return readModeLists(transport, where.deploymentSlug, query, threshold, plan)
          })
  await allInOrder([secrets, ...lists, ...modeLists])
  const modes =
    threshold === undefined ? undefined : listedModes(threshold, await Promise.all(modeLists))
  return {
    findings: filter.findings(),
    dropped: filter.dropped,
    ...(modes === undefined ? {} : { modes })
  }
}

function queryOf(
  config: FindingsConfig,
  type: PlatformIssueType,
  status: FindingStatus
): FindingsQuery {
  return { type, repository: config.repository, ref: config.ref, status, since: config.since }
}

/**
 * Pages a list asks for at once. The scan counts its findings per type, not per status: the first
 * status's list (the open findings, where a backlog is) asks for the pages its type's count
 * covers and the empty page after them; the other statuses' lists, usually empty, ask for their
 * first page, and go on only when it holds findings. With `since`, which leaves older findings
 * out, the count would only overstate: no count is used.
 */
function plannedPages(count: number | undefined, statusIndex: number): number {
  return statusIndex === 0 ? pagesForCount(count, FINDINGS_PAGE_SIZE) : 1
}

/**
 * Pages a mode list asks for at once: as its status's list does, but at most one window. It is a
 * subset of that list, so the count bounds it from above, and a window is what a full page would
 * call for anyway: a long list's mode list comes a round trip sooner than page by page, and a
 * short one costs at most the pages past its end that its list's plan asks for too.
 */
function plannedModePages(count: number | undefined, statusIndex: number): number {
  return Math.min(plannedPages(count, statusIndex), FINDINGS_WINDOW)
}

/** Every value, or the first failure in the order given (not in time): a stable error message. */
async function allInOrder(promises: readonly Promise<unknown>[]): Promise<void> {
  for (const promise of promises) promise.catch(() => undefined)
  for (const promise of promises) await promise
}

/**
 * The secrets findings of the repository, one page chain per status the secrets API knows. With
 * the types from the default, a deployment or repository without the product (403/404) is a
 * warning naming it, and the other types are still judged; any other failure is no verdict.
 */
async function fetchSecrets(
  transport: Transport,
  deploymentId: string,
  config: FindingsConfig,
  warn: (message: string) => void
): Promise<Finding[]> {
  const found: Finding[] = []
  try {
    await Promise.all(
      secretsStatuses(config.status).map(async (status: FindingStatus) => {
        const pages = secretsPages(transport, deploymentId, {
          repository: config.repository,
          status,
          since: config.since
        })
        for await (const page of pages) found.push(...page)
      })
    )
  } catch (error) {
    if (!config.typesFromDefault || !isProductMissing(error)) throw error
    warn(
      `Secrets were not judged: the secrets endpoint answered HTTP ${error.status} for ${config.repository}, so the Secrets product seems not enabled for it; the other types were judged. Set issue-types without secrets (e.g. sast,sca,ai_sast) to leave secrets out, or name secrets to make this an error`
    )
  }
  return found
}

function isProductMissing(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
}
