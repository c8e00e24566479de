/**
 * The license gate: every dependency of the repository judged against allow-licenses or
 * deny-licenses, by the SPDX rules (spdx.ts). An `OR` passes when one alternative is acceptable,
 * an `AND` when every part is; the licenses a dependency lists apply together, as an AND.
 */
import type { Dependency, LicenseJudgement, LicenseViolation } from '../domain.js'
import {
  acceptance,
  isUnknownLicense,
  leafMatcher,
  parseLicenseExpression,
  type Acceptance,
  type LicenseExpression,
  type LicenseLeaf
} from './spdx.js'

/** Why a listed dependency is listed, in the words every report uses. */
export const JUDGEMENT_TEXT: Readonly<Record<LicenseJudgement, string>> = {
  denied: 'denied by deny-licenses',
  'not-allowed': 'not in allow-licenses',
  unparseable: 'license expression cannot be read',
  unknown: 'license unknown'
}

/** What the listed dependencies have in common, for a heading or a log line. */
export function violationsNoun(violations: readonly LicenseViolation[]): string {
  if (violations.every(v => v.judgement === 'denied')) return 'a denied license'
  if (violations.every(v => v.judgement === 'not-allowed')) return 'a license not in allow-licenses'
  return 'a license that blocks'
}

/** Which list the licenses are judged against; the inputs refuse both at once. */
export interface LicensePolicy {
  readonly mode: 'allow' | 'deny'
  readonly licenses: readonly string[]
}

/** The policy the thresholds set, or undefined when neither list is. */
export function licensePolicyOf(thresholds: {
  readonly allowLicenses: readonly string[]
  readonly denyLicenses: readonly string[]
}): LicensePolicy | undefined {
  if (thresholds.allowLicenses.length > 0) {
    return { mode: 'allow', licenses: thresholds.allowLicenses }
  }
  if (thresholds.denyLicenses.length > 0) return { mode: 'deny', licenses: thresholds.denyLicenses }
  return undefined
}

/** How one license of an expression fares under the policy. */
function leafJudge(policy: LicensePolicy): (leaf: LicenseLeaf) => Acceptance {
  const listed = leafMatcher(policy.licenses)
  return leaf => {
    if (isUnknownLicense(leaf)) return 'unknown'
    return listed(leaf) === (policy.mode === 'allow') ? 'accepted' : 'refused'
  }
}

/** The licenses as one text: parts that are expressions themselves are parenthesised. */
function licenseText(licenses: readonly string[]): string {
  if (licenses.length === 1) return licenses[0] ?? ''
  return licenses.map(license => (/\s/.test(license) ? `(${license})` : license)).join(' AND ')
}

interface Judged {
  readonly judgement: LicenseJudgement | 'accepted'
  /** What is wrong with an unparseable expression. */
  readonly problem?: string
}

/** One dependency's judgement; `accepted` is not listed. */
export function judgeDependency(licenses: readonly string[], policy: LicensePolicy): Judged {
  const given = licenses.map(license => license.trim()).filter(license => license !== '')
  if (given.length === 0) return { judgement: 'unknown' }
  const parts: LicenseExpression[] = []
  for (const license of given) {
    const parsed = parseLicenseExpression(license)
    if (!parsed.ok) return { judgement: 'unparseable', problem: `"${license}" ${parsed.problem}` }
    parts.push(parsed.expression)
  }
  const whole = parts.reduce((left, right) => ({ kind: 'and', left, right }))
  const outcome = acceptance(whole, leafJudge(policy))
  if (outcome === 'accepted') return { judgement: 'accepted' }
  if (outcome === 'unknown') return { judgement: 'unknown' }
  return { judgement: policy.mode === 'allow' ? 'not-allowed' : 'denied' }
}

/**
 * A dependency as the license gate got it. deny-licenses asks the server for the dependencies of
 * each denied license: `matched` is that license, and stands in for the dependency's own licenses
 * when the answer carries none (the documented dependency shape has no licenses).
 */
export interface ListedDependency {
  readonly dependency: Dependency
  readonly matched?: string
}

function judged(listed: ListedDependency, policy: LicensePolicy): Judged & { license: string } {
  const { dependency, matched } = listed
  const given = dependency.licenses.some(license => license.trim() !== '')
  if (!given && matched !== undefined) return { judgement: 'denied', license: matched }
  return {
    ...judgeDependency(dependency.licenses, policy),
    license: licenseText(dependency.licenses)
  }
}

/**
 * The dependencies the gate lists, each package, version and license once, sorted. Dependencies
 * of another repository are skipped: a server ignoring the repository filter must not fail this
 * repository.
 */
export function judgeLicenses(
  listed: readonly ListedDependency[],
  policy: LicensePolicy,
  repositoryId: number | undefined
): LicenseViolation[] {
  const seen = new Set<string>()
  const out: LicenseViolation[] = []
  for (const entry of listed) {
    const { dependency } = entry
    if (
      repositoryId !== undefined &&
      dependency.repositoryId !== undefined &&
      dependency.repositoryId !== String(repositoryId)
    )
      continue
    const { judgement, license, problem } = judged(entry, policy)
    const key = JSON.stringify([dependency.name, dependency.version, license])
    if (judgement === 'accepted' || seen.has(key)) continue
    seen.add(key)
    out.push({
      package: dependency.name,
      version: dependency.version,
      license,
      judgement,
      ...(problem !== undefined && { problem })
    })
  }
  return out.sort(
    (a, b) =>
      a.package.localeCompare(b.package) ||
      a.version.localeCompare(b.version) ||
      a.license.localeCompare(b.license)
  )
}
