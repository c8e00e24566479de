import type { Dependency, LicenseViolation } from '../domain.js'

/**
 * Denied-license dependencies from per-license query results: the license is the one the
 * server matched on (the documented dependency shape carries no license of its own); the live
 * shape's `licenses` list, when present, names the denied license(s) it actually holds.
 */
export function licenseViolations(
  matchesByLicense: ReadonlyMap<string, readonly Dependency[]>,
  repositoryId: number | undefined
): LicenseViolation[] {
  const seen = new Set<string>()
  const out: LicenseViolation[] = []
  for (const [license, dependencies] of matchesByLicense) {
    for (const dependency of dependencies) {
      // Defence in depth: a server ignoring the repository filter must not fail this repository.
      if (
        repositoryId !== undefined &&
        dependency.repositoryId !== undefined &&
        dependency.repositoryId !== String(repositoryId)
      )
        continue
      const held =
        dependency.licenses.length === 0 ||
        dependency.licenses.some(l => l.toLowerCase() === license.toLowerCase())
      if (!held) continue
      const key = `${dependency.name}@${dependency.version}|${license}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ package: dependency.name, version: dependency.version, license })
    }
  }
  return out.sort(
    (a, b) =>
      a.package.localeCompare(b.package) ||
      a.version.localeCompare(b.version) ||
      a.license.localeCompare(b.license)
  )
}
