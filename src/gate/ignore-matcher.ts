import picomatch from 'picomatch'
import type { Finding, IgnoreMatch, LicenseViolation, Verdict } from '../domain.js'
import type { IgnoreEntry } from './ignore.js'

/**
 * Matching ignore entries and `ignore-rules` globs against findings. A module of its own so that
 * the glob library is loaded only when a run gets to judging its findings, not before its first
 * request (see ignore.ts for the entries themselves).
 */

export interface IgnoreMatcher {
  /** The entry that exempts a finding, or a license violation (`package:` entries only). */
  readonly match: (subject: Finding | LicenseViolation) => IgnoreMatch | undefined
  readonly expired: Verdict['expiredIgnores']
}

/** Glob matching of rule names and paths; `**` crosses folders, dotfiles included. */
function globMatcher(pattern: string): (value: string) => boolean {
  return picomatch(pattern, { dot: true })
}

// Probes standing for "any finding": a glob that matches all of them is taken to match
// everything (`*`, `**`, `**/*`, `*/**`, `{*,**}`…). Path probes all sit in folders, because a
// glob that spares only top-level files still exempts nearly every finding.
const RULE_PROBES = [
  'python.lang.security.audit.eval-detected',
  'javascript.express.security.x_y',
  'ssc-0a1b2c3d',
  'r'
]
const PATH_PROBES = [
  'src/app.py',
  '.github/workflows/ci.yml',
  'docker/Dockerfile',
  'a/b/c/d/e/f.test.tsx',
  'node_modules/@scope/pkg/index.js',
  'config/.env',
  'src/with space/ü.go'
]

/**
 * True when the entry selects every finding: no id, vulnerability or package (each names one
 * thing), and each glob it gives matches anything.
 */
export function matchesEveryFinding(entry: {
  readonly rule?: string
  readonly id?: number
  readonly path?: string
  readonly vulnerability?: string
  readonly package?: string
}): boolean {
  if (entry.id !== undefined || entry.vulnerability !== undefined || entry.package !== undefined) {
    return false
  }
  if (entry.rule === undefined && entry.path === undefined) return false
  const all = (pattern: string | undefined, probes: readonly string[]): boolean => {
    if (pattern === undefined) return true
    const test = globMatcher(pattern)
    return probes.every(probe => test(probe))
  }
  return all(entry.rule, RULE_PROBES) && all(entry.path, PATH_PROBES)
}

/**
 * A glob test that remembers its answers: rule names and paths repeat across thousands of
 * findings, and a Map lookup is cheaper than running the glob's regular expression again.
 */
function rememberedMatcher(pattern: string): (value: string) => boolean {
  const test = globMatcher(pattern)
  const answers = new Map<string, boolean>()
  return value => {
    let answer = answers.get(value)
    if (answer === undefined) {
      answer = test(value)
      answers.set(value, answer)
    }
    return answer
  }
}

const NO_MATCH = (): undefined => undefined

const same = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.toLowerCase() === b.toLowerCase()

function isLicenseViolation(subject: Finding | LicenseViolation): subject is LicenseViolation {
  return 'judgement' in subject
}

/** The SCA selectors: a vulnerability id, a package and its version. */
function matchesSca(entry: IgnoreEntry, finding: Finding): boolean {
  if (entry.vulnerability === undefined && entry.package === undefined) return true
  if (finding.type !== 'sca') return false
  if (entry.vulnerability !== undefined && !same(finding.vulnerabilityId, entry.vulnerability)) {
    return false
  }
  return entry.package === undefined || matchesPackage(entry, finding.dependency)
}

function matchesPackage(
  entry: IgnoreEntry,
  dependency: { readonly package: string; readonly version: string } | undefined
): boolean {
  if (entry.package === undefined || dependency === undefined) return false
  if (!same(dependency.package, entry.package)) return false
  return entry.version === undefined || dependency.version === entry.version
}

/** A license violation has a package and a version only: entries that select by nothing else. */
function matchesLicense(entry: IgnoreEntry, violation: LicenseViolation): boolean {
  const other = entry.rule ?? entry.id ?? entry.path ?? entry.vulnerability
  return (
    other === undefined &&
    matchesPackage(entry, { package: violation.package, version: violation.version })
  )
}

export function buildIgnoreMatcher(
  entries: readonly IgnoreEntry[],
  ignoreRules: readonly string[],
  now: Date
): IgnoreMatcher {
  const active = entries.filter(
    entry => entry.expiresAt === undefined || entry.expiresAt >= now.getTime()
  )
  const expired = entries
    .filter(entry => entry.expiresAt !== undefined && entry.expiresAt < now.getTime())
    .map(entry => ({ description: entry.description, expires: entry.expires ?? '' }))
  // Nothing to match (the common case): no per-finding work at all.
  if (active.length === 0 && ignoreRules.length === 0) return { expired, match: NO_MATCH }
  const compiled = active.map(entry => ({
    entry,
    rule: entry.rule === undefined ? undefined : rememberedMatcher(entry.rule),
    path: entry.path === undefined ? undefined : rememberedMatcher(entry.path),
    matched: { reason: entry.reason, source: entry.description } satisfies IgnoreMatch
  }))
  const ruleMatchers = ignoreRules.map(rule => ({ rule, test: globMatcher(rule) }))
  // ignore-rules select by rule name alone: one answer per distinct name.
  const byRuleName = new Map<string, IgnoreMatch | null>()
  const matchRule = (ruleName: string): IgnoreMatch | undefined => {
    let known = byRuleName.get(ruleName)
    if (known === undefined) {
      const byRule = ruleMatchers.find(matcher => matcher.test(ruleName))
      known = byRule
        ? { reason: 'listed in ignore-rules', source: `ignore-rules: ${byRule.rule}` }
        : null
      byRuleName.set(ruleName, known)
    }
    return known ?? undefined
  }
  const matchLicense = (violation: LicenseViolation): IgnoreMatch | undefined =>
    compiled.find(({ entry }) => matchesLicense(entry, violation))?.matched
  return {
    expired,
    match: subject => {
      if (isLicenseViolation(subject)) return matchLicense(subject)
      const finding = subject
      for (const { entry, rule, path, matched } of compiled) {
        if (entry.id !== undefined && entry.id !== finding.id) continue
        // Secrets are numbered apart from SAST and SCA: an id alone, written for one of those,
        // must not exempt a live secret that happens to share it.
        if (entry.id !== undefined && finding.type === 'secrets' && !rule) continue
        if (rule && !rule(finding.ruleName)) continue
        if (path && !(finding.location?.path !== undefined && path(finding.location.path))) continue
        if (!matchesSca(entry, finding)) continue
        return matched
      }
      return ruleMatchers.length === 0 ? undefined : matchRule(finding.ruleName)
    }
  }
}
