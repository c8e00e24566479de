/**
 * Where each project's SBOM goes in the folder of a deployment export. Names are built so that two
 * projects never share a file, even where the file system ignores case (macOS and Windows
 * runners): the project's numeric id comes first, and the rest is the readable name.
 */
import { join } from 'node:path'
import type { Project } from '../domain.js'

/** The most characters of a file name taken from the project's name (file names stop at 255). */
const NAME_CHARS = 100

/**
 * `acme/web` with id 1234 → `1234-acme__web.cdx.json`. The id makes the name unique; it also means
 * the name never starts with a Windows device name (`con.json`) nor a dot, and no character of
 * the project's name can climb out of the folder.
 */
export function sbomFileName(project: Project, format: 'json' | 'cyclonedx'): string {
  const readable = project.name
    .replace(/\//g, '__')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, NAME_CHARS)
  return `${project.id}-${readable}${format === 'cyclonedx' ? '.cdx.json' : '.json'}`
}

/** A path as a case-insensitive, normalisation-insensitive file system (APFS, NTFS) compares it. */
function folded(path: string): string {
  return path.normalize('NFC').toLowerCase()
}

export interface SbomTarget {
  readonly file: string
  /** Set when another project of the run already writes this file: never overwrite its SBOM. */
  readonly takenBy?: Project
}

/**
 * Each project's file in `folder`, in order. A project whose file a project before it already
 * claims (the same project listed twice) gets no file of its own: its export is an error.
 */
export function deploymentTargets(
  folder: string,
  projects: readonly Project[],
  format: 'json' | 'cyclonedx'
): SbomTarget[] {
  const claimed = new Map<string, Project>()
  return projects.map(project => {
    const file = join(folder, sbomFileName(project, format))
    const key = folded(file)
    const takenBy = claimed.get(key)
    if (takenBy !== undefined) return { file, takenBy }
    claimed.set(key, project)
    return { file }
  })
}
