/**
 * The `sbom` benchmark (run by `npm run bench`): the bundled action exports the SBOMs of a whole
 * deployment of P projects whose exports each take D, from an emulator (its own process) that
 * answers after L. Lower bound: D plus four round trips (the project list, then one start, one
 * poll and one download, each for every project at once). Reports wall time, its ratio to the
 * lower bound, requests, polls per project and the action's peak RSS: medians of `--sbom-runs`
 * runs (default 3), each against a fresh emulator, with their range.
 */
import { fetch } from 'undici'
import {
  startEmulatorProcess,
  stopEmulatorProcess,
  type EmulatorProcess
} from './emulator-process.js'
import { median } from './median.js'
import { runBundledAction } from './run-action.js'

const TOKEN = 'fg-bench-token'

export interface SbomCase {
  readonly projects: number
  readonly exportSeconds: number
}

/** One run of a case. */
interface SbomRun {
  readonly wallMs: number
  readonly requests: number
  readonly pollsPerProject: number
  readonly rssMb: number
  readonly status: string
}

/** A case measured `runs` times: medians, with the range where the runs spread. */
export interface SbomRow extends SbomCase {
  readonly latencyMs: number
  readonly lowerMs: number
  readonly runs: readonly SbomRun[]
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

/**
 * The case, `runs` times, each against a fresh emulator (so no export outlives its run): peak RSS
 * and wall time spread by several percent from run to run on this machine, so one run cannot say
 * on which side of a target the case falls.
 */
export async function measureSbom(c: SbomCase, latencyMs: number, runs = 1): Promise<SbomRow> {
  const measured: SbomRun[] = []
  for (let i = 0; i < runs; i++) measured.push(await measureSbomOnce(c, latencyMs))
  return { ...c, latencyMs, lowerMs: c.exportSeconds * 1000 + 4 * latencyMs, runs: measured }
}

async function measureSbomOnce(c: SbomCase, latencyMs: number): Promise<SbomRun> {
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
      wallMs: run.durationMs,
      requests: log.requests.length + log.downloads.length,
      pollsPerProject: polls.length / c.projects,
      rssMb: (run.maxRssBytes ?? 0) / 2 ** 20,
      status: `${run.outputs['sbom-status'] ?? '?'} (${run.outputs['sbom-projects'] ?? '?'} projects)`
    }
  } finally {
    await stopEmulatorProcess(emulator)
  }
}

/** The median, and the range in brackets when the runs differ: `7.21 s (6.92–7.96)`. */
function spread(values: readonly number[], text: (value: number) => string): string {
  const low = Math.min(...values)
  const high = Math.max(...values)
  const mid = text(median(values))
  return text(low) === text(high) ? mid : `${mid} (${text(low)}–${text(high)})`
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms >= 10_000 ? 1 : 2)} s`
}

export function printSbomTable(rows: readonly SbomRow[]): void {
  if (rows.length === 0) return
  console.log(
    '\n| SBOM: projects | export D | latency | runs | action | lower bound | action / lower | requests (incl. downloads) | polls / project | peak RSS | sbom-status |'
  )
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
  for (const r of rows) {
    const of = <K extends keyof SbomRun>(key: K): SbomRun[K][] => r.runs.map(run => run[key])
    const ratios = of('wallMs').map(ms => ms / r.lowerMs)
    const statuses = [...new Set(of('status'))].join('; ')
    console.log(
      `| ${r.projects} | ${r.exportSeconds} s | ${r.latencyMs} ms | ${r.runs.length} | ${spread(of('wallMs'), seconds)} | ${seconds(r.lowerMs)} | ${spread(ratios, x => `${x.toFixed(2)}×`)} | ${spread(of('requests'), x => x.toFixed(0))} | ${spread(of('pollsPerProject'), x => x.toFixed(2))} | ${spread(of('rssMb'), x => `${x.toFixed(0)} MB`)} | ${statuses} |`
    )
  }
  console.log(
    'targets (on the medians; brackets: the range of the runs): action ≤ 1.5 × lower bound; with 1,000 projects also polls / project ≤ 6 and peak RSS ≤ 150 MB'
  )
}
