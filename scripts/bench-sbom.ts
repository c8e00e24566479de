/**
 * The `sbom` benchmark (run by `npm run bench`): the bundled action exports the SBOMs of a whole
 * deployment of P projects whose exports each take D, from an emulator (its own process) that
 * answers after L. Lower bound: D plus four round trips (the project list, then one start, one
 * poll and one download, each for every project at once). Reports wall time, its ratio to the
 * lower bound, requests, polls per project and the action's peak RSS.
 */
import { fetch } from 'undici'
import {
  startEmulatorProcess,
  stopEmulatorProcess,
  type EmulatorProcess
} from './emulator-process.js'
import { runBundledAction } from './run-action.js'

const TOKEN = 'fg-bench-token'

export interface SbomCase {
  readonly projects: number
  readonly exportSeconds: number
}

export interface SbomRow extends SbomCase {
  readonly latencyMs: number
  readonly wallMs: number
  readonly lowerMs: number
  readonly requests: number
  readonly pollsPerProject: number
  readonly downloads: number
  readonly rssMb: number
  readonly status: string
}

/** `200:5,1000:30` → cases of P projects with exports of D seconds. */
export function parseSbomCases(text: string): SbomCase[] {
  if (text.trim() === '') return []
  return text.split(',').map(item => {
    const match = /^\s*(\d+):(\d+(?:\.\d+)?)\s*$/.exec(item)
    if (!match) throw new Error(`--sbom expects P:D pairs such as 200:5, got '${item}'`)
    return { projects: Number(match[1]), exportSeconds: Number(match[2]) }
  })
}

function startSbomEmulator(c: SbomCase, latencyMs: number): Promise<EmulatorProcess> {
  return startEmulatorProcess([
    ...['--token', TOKEN, '--latency-ms', String(latencyMs)],
    ...['--projects', String(c.projects), '--sbom-polls', '0'],
    ...['--sbom-export-ms', String(Math.round(c.exportSeconds * 1000))]
  ])
}

interface Logged {
  readonly method: string
  readonly path: string
}

export async function measureSbom(c: SbomCase, latencyMs: number): Promise<SbomRow> {
  const emulator = await startSbomEmulator(c, latencyMs)
  try {
    const run = await runBundledAction({
      inputs: {
        'api-token': TOKEN,
        'base-url': emulator.url,
        gate: 'false',
        'sbom-export': 'true',
        'sbom-scope': 'deployment',
        'sbom-file': 'sboms',
        'sbom-wait-timeout-seconds': String(Math.max(600, c.exportSeconds * 10))
      },
      measureRss: true,
      timeoutMs: 1_800_000
    })
    if (run.exitCode !== 0)
      throw new Error(`action exited ${run.exitCode}: ${run.stdout.slice(-2000)}`)
    const response = await fetch(`${emulator.url}/_emulator/requests`)
    const log = (await response.json()) as { requests: Logged[]; downloads: Logged[] }
    const polls = log.requests.filter(r => r.method === 'GET' && /\/sbom\/export\/./.test(r.path))
    return {
      ...c,
      latencyMs,
      wallMs: run.durationMs,
      lowerMs: c.exportSeconds * 1000 + 4 * latencyMs,
      requests: log.requests.length + log.downloads.length,
      pollsPerProject: polls.length / c.projects,
      downloads: log.downloads.length,
      rssMb: (run.maxRssBytes ?? 0) / 2 ** 20,
      status: `${run.outputs['sbom-status'] ?? '?'} (${run.outputs['sbom-projects'] ?? '?'} projects)`
    }
  } finally {
    await stopEmulatorProcess(emulator)
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s`
}

export function printSbomTable(rows: readonly SbomRow[]): void {
  if (rows.length === 0) return
  console.log(
    '\n| SBOM: projects | export D | latency | action | lower bound | action / lower | requests (incl. downloads) | polls / project | peak RSS | sbom-status |'
  )
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
  for (const r of rows) {
    console.log(
      `| ${r.projects} | ${r.exportSeconds} s | ${r.latencyMs} ms | ${seconds(r.wallMs)} | ${seconds(r.lowerMs)} | ${(r.wallMs / r.lowerMs).toFixed(2)}× | ${r.requests} | ${r.pollsPerProject.toFixed(2)} | ${r.rssMb.toFixed(0)} MB | ${r.status} |`
    )
  }
  console.log(
    'targets: action ≤ 1.5 × lower bound; with 1,000 projects also polls / project ≤ 6 and peak RSS ≤ 150 MB'
  )
}
