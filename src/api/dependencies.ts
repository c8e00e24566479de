import { z } from 'zod'
import type { Dependency } from '../domain.js'
import { cursorPages } from './pages.js'
import type { Transport } from './transport.js'
import { camelObject, optionalString, stringId, stringList } from './wire.js'

/** The description's `{id, name, version}` or the live `{package:{name, versionSpecifier}, licenses, ...}`. */
const DependencyWire = camelObject({
  name: optionalString,
  version: optionalString,
  package: camelObject({
    name: z.string(),
    versionSpecifier: optionalString,
    version: optionalString
  }).nullish(),
  licenses: stringList,
  ecosystem: optionalString,
  repositoryId: stringId.nullish()
})

const DependenciesResponse = z.object({
  dependencies: z.array(DependencyWire),
  cursor: z.union([z.string(), z.number()]).nullish(),
  hasMore: z.boolean().nullish(),
  has_more: z.boolean().nullish()
})

function toDependency(wire: z.infer<typeof DependencyWire>): Dependency {
  return {
    name: wire.package?.name ?? wire.name ?? '(unnamed)',
    version: wire.package?.versionSpecifier ?? wire.package?.version ?? wire.version ?? '',
    licenses: wire.licenses,
    ecosystem: wire.ecosystem ?? undefined,
    repositoryId: wire.repositoryId ?? undefined
  }
}

export interface DependencyFilter {
  readonly license?: readonly string[]
  readonly repositoryId?: readonly number[]
  readonly name?: string
}

export const DEPENDENCIES_PAGE_SIZE = 10000

/** Dependencies matching a filter, all cursor pages. A POST, but a read: safe to retry. */
export async function listDependencies(
  transport: Transport,
  deploymentId: string,
  filter: DependencyFilter,
  maxPages = 500
): Promise<Dependency[]> {
  const path = `/api/v1/deployments/${encodeURIComponent(deploymentId)}/dependencies`
  const all: Dependency[] = []
  const pages = cursorPages(
    async cursor => {
      const response = await transport.request({
        method: 'POST',
        path,
        idempotent: true,
        body: { deploymentId, pageSize: DEPENDENCIES_PAGE_SIZE, cursor, dependencyFilter: filter },
        schema: DependenciesResponse
      })
      const next =
        response.cursor === null || response.cursor === undefined
          ? undefined
          : String(response.cursor)
      return {
        items: response.dependencies.map(toDependency),
        next,
        hasMore: response.hasMore ?? response.has_more ?? undefined
      }
    },
    { maxPages, request: { method: 'POST', path } }
  )
  for await (const page of pages) all.push(...page)
  return all
}
