import { ApiError } from '../api/errors.js'
import {
  DEFAULT_FINDINGS_PAGING,
  FINDINGS_SPECULATION,
  findingPages,
  type PlatformIssueType
} from '../api/findings.js'
import { secretsPages, secretsStatuses } from '../api/secrets.js'
import { ExpectedItems, SpeculationBudget } from '../api/speculation.js'
import { findProject } from '../api/projects.js'
import type { Transport } from '../api/transport.js'
import type { Config } from '../inputs/index.js'
import type {
  Deployment,
  Finding,
  Project,
  LicenseViolation,
  ScanFindingsCounts
} from '../domain.js'
import type { RuleModes } from '../gate/modes.js'
import { ScopeFilter, type ScopeDrops } from '../gate/scope.js'
import { RuleModeCollector } from './rule-modes.js'
import { collectLicenseViolations } from './licenses.js'
import { underCheckedSlug } from './checked-slug.js'
import { UserError } from '../errors.js'

export interface GateData {
  readonly findings: readonly Finding[]
  /** Findings the server returned that were not in scope (wrong repository, ref or status). */
  readonly dropped: ScopeDrops
  /** Present when the policy-mode gate is on. */
  readonly ruleModes?: RuleModes
  readonly licenseViolations: readonly LicenseViolation[]
}

/**
 * Every value, or the first failure in the order given, not in time: when several concurrent
 * requests fail, which one is reported must not depend on which answered first. Later ones are
 * awaited only after the earlier ones settle; their rejections are handled meanwhile.
 */
async function allInOrder<T extends readonly unknown[]>(promises: {
  readonly [K in keyof T]: Promise<T[K]>
}): Promise<T> {
  const pending: readonly Promise<unknown>[] = promises
  for (const promise of pending) promise.catch(() => undefined)
  const values: unknown[] = []
  for (const promise of pending) values.push(await promise)
  // The values are in the order of the promises, so each has its promise's type.
  return values as unknown as T
}

type FindingsConfig = Pick<
  Config,
  'issueTypes' | 'repository' | 'ref' | 'status' | 'since' | 'secretsOptional'
>

/** Where the secrets endpoint is (it is keyed by deployment id), and where its warnings go. */
export interface SecretsSource {
  /** Asked only when secrets are fetched, so an unused lookup cannot reject unhandled. */
  readonly deploymentId: () => Promise<string>
  readonly warn: (message: string) => void
}

export interface FetchFindingsOptions {
  /** Each page as it arrives, scoped (to start the requests it implies early). */
  readonly onPage?: (page: readonly Finding[]) => void
  readonly secrets?: SecretsSource
  /** Cancels the findings requests. */
  readonly signal?: AbortSignal
  /** What the proven scan found, by type: sizes the requests (see ExpectedItems). */
  readonly expected?: Promise<ScanFindingsCounts | undefined>
  /** Pages the run may ask for past the ends of its lists; default FINDINGS_SPECULATION. */
  readonly speculationLimit?: number
}

/**
 * Every finding of the configured types and statuses in scope, all pages, fetched concurrently,
 * each page scoped as it arrives.
 */
export async function fetchFindings(
  transport: Transport,
  deploymentSlug: string,
  config: FindingsConfig,
  {
    onPage,
    secrets,
    signal,
    expected,
    speculationLimit = FINDINGS_SPECULATION
  }: FetchFindingsOptions = {}
): Promise<{ findings: Finding[]; dropped: ScopeDrops }> {
  const filter = new ScopeFilter({
    repository: config.repository,
    ref: config.ref,
    statuses: config.status
  })
  // The API filters on one status per request: one page chain per type and status.
  const types = config.issueTypes.filter((type): type is PlatformIssueType => type !== 'secrets')
  const chains = types.flatMap(type => config.status.map(status => ({ type, status })))
  // Asked for and not fetched would pass secrets off as checked.
  if (config.issueTypes.includes('secrets') && !secrets) {
    throw new Error('issue-types includes secrets, but no secrets source was given')
  }
  const secretsChain =
    secrets && config.issueTypes.includes('secrets')
      ? fetchSecrets(transport, config, secrets, page => {
          signal?.throwIfAborted()
          filter.add(page)
        })
      : undefined
  // One budget for all chains: the run speculates at most speculationLimit pages past the ends;
  // what the scan's count covers comes on top (docs/adr/0004).
  const speculation = new SpeculationBudget(Math.max(0, speculationLimit))
  const expectedOf = expectedItems(types, config, expected)
  await allInOrder([
    secretsChain ?? Promise.resolve(),
    ...chains.map(async ({ type, status }) => {
      const pages = findingPages(
        transport,
        deploymentSlug,
        { type, repository: config.repository, ref: config.ref, status, since: config.since },
        DEFAULT_FINDINGS_PAGING,
        speculation,
        signal,
        expectedOf.get(type)
      )
      for await (const page of pages) {
        filter.add(page)
        onPage?.(page)
      }
    })
  ])
  return { findings: filter.findings(), dropped: filter.dropped }
}

/**
 * One expected count per type, shared by its status chains. The scan counts every finding it
 * found, so with `since` (which leaves the older ones out) the count would only overstate.
 */
function expectedItems(
  types: readonly PlatformIssueType[],
  config: FindingsConfig,
  expected: Promise<ScanFindingsCounts | undefined> | undefined
): Map<PlatformIssueType, ExpectedItems> {
  if (!expected || config.since !== undefined) return new Map()
  return new Map(types.map(type => [type, new ExpectedItems(expected.then(c => c?.[type]))]))
}

/**
 * The secrets findings of the repository, one page chain per status the secrets API knows. With
 * secrets only from the default, a deployment or repository without the product (403/404) is a
 * warning naming it, and the other types are still judged; any other failure is no verdict.
 */
async function fetchSecrets(
  transport: Transport,
  config: FindingsConfig,
  source: SecretsSource,
  add: (page: readonly Finding[]) => void
): Promise<void> {
  const deploymentId = await source.deploymentId()
  try {
    await Promise.all(
      secretsStatuses(config.status).map(async status => {
        const pages = secretsPages(transport, deploymentId, {
          repository: config.repository,
          status,
          since: config.since
        })
        for await (const page of pages) add(page)
      })
    )
  } catch (error) {
    if (!config.secretsOptional || !isProductMissing(error)) throw error
    source.warn(
      `Secrets were not judged: the secrets endpoint answered HTTP ${error.status} for ${config.repository}, so the Secrets product seems not enabled for it; the other types were judged. Set issue-types to sast,sca to leave secrets out, or name secrets to make this an error`
    )
  }
}

function isProductMissing(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 403 || error.status === 404)
}

export class ProjectNotFoundError extends UserError {
  override readonly name = 'ProjectNotFoundError'
  constructor(repository: string, deployment: Deployment) {
    super(
      `repository "${repository}" is not a project of deployment ${deployment.slug}: check the repository input (the name as the platform shows it) and that the repository has been scanned`
    )
  }
}

/** The project the evidence, the licenses and the actions read (see {@link underCheckedSlug}). */
export function lookUpProject(
  transport: Transport,
  deployment: Promise<Deployment>,
  { slug, repository }: { readonly slug?: string; readonly repository: string }
): Promise<Project> {
  return underCheckedSlug(deployment, slug, async checkedSlug => {
    const project = await findProject(transport, checkedSlug, repository)
    if (!project) throw new ProjectNotFoundError(repository, await deployment)
    return project
  })
}

export interface CollectOptions extends Pick<
  FetchFindingsOptions,
  'signal' | 'expected' | 'speculationLimit'
> {
  readonly warn?: (message: string) => void
}

/**
 * What the gate needs, fetched with as much concurrency as the dependencies between calls allow:
 * findings start at once when the slug is known, licenses once the id is, and policy rules as
 * soon as a findings page names the policy.
 */
export async function collectGateData(
  transport: Transport,
  deployment: Promise<Deployment>,
  config: Config,
  project: Promise<Project> | undefined,
  { warn = () => undefined, signal, expected, speculationLimit }: CollectOptions = {}
): Promise<GateData> {
  const wantModes =
    config.gate && config.failOnPolicyMode !== 'none' && config.issueTypes.includes('sast')
  const ruleModes = wantModes
    ? new RuleModeCollector(
        transport,
        deployment.then(d => d.id)
      )
    : undefined
  const onPage = ruleModes ? (page: readonly Finding[]) => ruleModes.add(page) : undefined
  const secrets: SecretsSource = { deploymentId: () => deployment.then(d => d.id), warn }
  // The findings' failure first, so a failed license lookup never hides it.
  const options: FetchFindingsOptions = { onPage, secrets, signal, expected, speculationLimit }
  const [found, violations] = await allInOrder([
    underCheckedSlug(
      deployment,
      config.deploymentSlug,
      (slug, early) => fetchFindings(transport, slug, config, { ...options, signal: early }),
      signal
    ),
    collectLicenseViolations(
      transport,
      deployment,
      config,
      () =>
        project ??
        lookUpProject(transport, deployment, {
          slug: config.deploymentSlug,
          repository: config.repository
        })
    )
  ])
  return {
    findings: found.findings,
    dropped: found.dropped,
    ...(ruleModes ? { ruleModes: await ruleModes.result() } : {}),
    licenseViolations: violations
  }
}
