/** The sample projects: four named ones, then 250 generated services (`acme/svc-001`…). */
import type { ProjectRecord } from './records.js'
import { daysBefore, githubUrl, HOUR_MS, type Random } from './seed.js'

export interface ProjectSpec {
  id: number
  name: string
  tags: string[]
  branch: string
  createdDaysAgo: number
  scannedHoursAgo: number
}

// prettier-ignore
export const NAMED_PROJECTS: readonly ProjectSpec[] = [
  { id: 1001, name: 'acme/web', tags: ['team-web', 'tier-1'], branch: 'refs/heads/main', createdDaysAgo: 700, scannedHoursAgo: 2 },
  { id: 1002, name: 'acme/web-legacy', tags: ['team-web', 'deprecated'], branch: 'refs/heads/main', createdDaysAgo: 1400, scannedHoursAgo: 200 },
  { id: 1003, name: 'acme/api', tags: ['team-platform', 'tier-1'], branch: 'refs/heads/main', createdDaysAgo: 650, scannedHoursAgo: 5 },
  { id: 1004, name: 'acme/payments', tags: ['team-payments', 'pci'], branch: 'refs/heads/trunk', createdDaysAgo: 500, scannedHoursAgo: 9 }
]

/** Ids of the sample projects, so factories can fill `repositoryId` from a repository name. */
export const SAMPLE_PROJECT_IDS: Readonly<Partial<Record<string, number>>> = Object.fromEntries(
  NAMED_PROJECTS.map(spec => [spec.name, spec.id])
)

export const GENERATED_SERVICE_COUNT = 250
const SERVICE_TEAMS = [
  'team-platform',
  'team-data',
  'team-growth',
  'team-identity',
  'team-infra'
] as const

export function projectFromSpec(spec: ProjectSpec, now: Date): ProjectRecord {
  return {
    id: spec.id,
    name: spec.name,
    tags: [...spec.tags],
    createdAt: daysBefore(now, spec.createdDaysAgo),
    defaultBranch: spec.branch,
    primaryBranch: spec.branch,
    latestScanAt: new Date(now.getTime() - spec.scannedHoursAgo * HOUR_MS),
    url: githubUrl(spec.name),
    managedScan: { diffScan: true, fullScan: true }
  }
}

export function sampleProjects(now: Date, random: Random): ProjectRecord[] {
  const named = NAMED_PROJECTS.map(spec => projectFromSpec(spec, now))
  const services = Array.from({ length: GENERATED_SERVICE_COUNT }, (_, index) => {
    const number = String(index + 1).padStart(3, '0')
    const tags = index % 3 === 0 ? [] : [random.pick(SERVICE_TEAMS)]
    return projectFromSpec(
      {
        id: 2001 + index,
        name: `acme/svc-${number}`,
        tags,
        branch: 'refs/heads/main',
        createdDaysAgo: random.int(30, 900),
        scannedHoursAgo: random.int(1, 720)
      },
      now
    )
  })
  return [...named, ...services]
}
