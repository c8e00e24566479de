/**
 * `POST /deployments/{id}/dependencies`: the deployment's dependencies, filtered, paged by cursor
 * (gRPC-gateway: camelCase and snake_case field names both accepted).
 */
import type { DependencyRecord } from '../data/records.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import {
  badParam,
  cursorOffset,
  field,
  isPath,
  isRecord,
  objectBody,
  ok,
  optionalString
} from '../request.js'
import { renderDependency } from '../wire.js'

function numericCursor(text: string): number | undefined {
  return /^\d+$/.test(text) ? Number(text) : undefined
}

function dependencyPageSize(value: unknown): number {
  if (value === undefined || value === null) return 1000
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 10000) {
    throw badParam('pageSize', 'expected an integer between 1 and 10000')
  }
  return number
}

function stringArray(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined
  if (
    !Array.isArray(value) ||
    !value.every(item => typeof item === 'string' || typeof item === 'number')
  ) {
    throw badParam(name, 'expected an array of strings')
  }
  return value.map(String)
}

type DependencyPredicate = (dependency: DependencyRecord) => boolean

function compareVersions(a: string, b: string): number {
  const parts = (version: string): number[] =>
    version
      .replace(/^v/, '')
      .split(/[.-]/)
      .map(part => Number.parseInt(part, 10) || 0)
  const left = parts(a)
  const right = parts(b)
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0)
    if (difference !== 0) return difference
  }
  return 0
}

function packageFilterPredicate(filter: unknown): DependencyPredicate {
  if (!isRecord(filter)) throw badParam('packageFilters', 'expected objects')
  const name = optionalString(filter.name, 'packageFilters.name')?.toLowerCase()
  const exactName = field(filter, 'exactNameMatch', 'exact_name_match') === true
  const exactVersion = optionalString(
    field(filter, 'exactVersion', 'exact_version'),
    'packageFilters.exactVersion'
  )
  const lower = optionalString(
    field(filter, 'versionLowerBound', 'version_lower_bound'),
    'packageFilters.versionLowerBound'
  )
  const upper = optionalString(
    field(filter, 'versionUpperBound', 'version_upper_bound'),
    'packageFilters.versionUpperBound'
  )
  return dependency => {
    const dependencyName = dependency.name.toLowerCase()
    if (
      name !== undefined &&
      (exactName ? dependencyName !== name : !dependencyName.includes(name))
    )
      return false
    if (exactVersion !== undefined && dependency.version !== exactVersion) return false
    if (lower !== undefined && compareVersions(dependency.version, lower) < 0) return false
    return upper === undefined || compareVersions(dependency.version, upper) <= 0
  }
}

function repositoryIdFilter(value: unknown): Set<number> | undefined {
  if (value === undefined || value === null) return undefined
  const ok =
    Array.isArray(value) &&
    value.every(
      item =>
        (typeof item === 'number' && Number.isInteger(item)) ||
        (typeof item === 'string' && /^\d+$/.test(item))
    )
  if (!ok) throw badParam('dependencyFilter.repositoryId', 'expected an array of repository ids')
  return new Set(value.map(Number))
}

/** Filter fields combine with AND; list fields match any of their values. */
function dependencyPredicates(filterValue: unknown): DependencyPredicate[] {
  if (filterValue === undefined || filterValue === null) return []
  if (!isRecord(filterValue)) throw badParam('dependencyFilter', 'expected an object')
  const filter = filterValue
  const predicates: DependencyPredicate[] = []
  const licenses = stringArray(filter.license, 'dependencyFilter.license')?.map(license =>
    license.toLowerCase()
  )
  if (licenses !== undefined)
    predicates.push(d => d.licenses.some(license => licenses.includes(license.toLowerCase())))
  const repositoryIds = repositoryIdFilter(field(filter, 'repositoryId', 'repository_id'))
  if (repositoryIds !== undefined) predicates.push(d => repositoryIds.has(d.repositoryId))
  const ecosystems = stringArray(filter.ecosystem, 'dependencyFilter.ecosystem')
  if (ecosystems !== undefined) predicates.push(d => ecosystems.includes(d.ecosystem))
  const transitivities = stringArray(filter.transitivity, 'dependencyFilter.transitivity')
  if (transitivities !== undefined) predicates.push(d => transitivities.includes(d.transitivity))
  const name = optionalString(filter.name, 'dependencyFilter.name')?.toLowerCase()
  if (name !== undefined) predicates.push(d => d.name.toLowerCase().includes(name))
  const version = optionalString(filter.version, 'dependencyFilter.version')
  if (version !== undefined) predicates.push(d => d.version === version)
  const lockfilePath = optionalString(
    field(filter, 'lockfilePath', 'lockfile_path'),
    'dependencyFilter.lockfilePath'
  )
  if (lockfilePath !== undefined) predicates.push(d => d.definedAt.path === lockfilePath)
  const packageFilters = field(filter, 'packageFilters', 'package_filters')
  if (packageFilters !== undefined && packageFilters !== null) {
    if (!Array.isArray(packageFilters))
      throw badParam('dependencyFilter.packageFilters', 'expected an array')
    const anyOf = packageFilters.map(packageFilterPredicate)
    if (anyOf.length > 0) predicates.push(d => anyOf.some(predicate => predicate(d)))
  }
  return predicates
}

function listDependencies(ctx: RequestContext, env: Environment): ApiResponse {
  const body = objectBody(ctx)
  const pageSize = dependencyPageSize(field(body, 'pageSize', 'page_size'))
  const offset = cursorOffset(body.cursor, 'cursor', numericCursor)
  const predicates = dependencyPredicates(field(body, 'dependencyFilter', 'dependency_filter'))
  const matches = env.state.dependencies.filter(d => predicates.every(predicate => predicate(d)))
  const end = Math.min(offset + pageSize, matches.length)
  const page = matches.slice(offset, end)
  return ok({
    dependencies: page.map(d => renderDependency(d, env.shape())),
    cursor: String(end),
    hasMore: end < matches.length
  })
}

export const dependenciesRoutes: readonly Route[] = [
  { method: 'POST', key: 'id', matches: isPath('dependencies'), handle: listDependencies }
]
