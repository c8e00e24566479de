/**
 * `npm run bench [-- --findings 6000,60000,120000 --latency-ms 50 --naive-seconds 30]`
 *   `[--sbom 200:5] [--sbom-large]` (SBOM export of P projects whose exports take D s; see bench-sbom.ts)
 *
 * For each size N: starts the API emulator (a separate process, so it does not share a thread
 * with the clients measured) with N open findings of one repository, half SAST and half SCA, and
 * a per-response latency, then measures
 *   1. the bundled action as the runner runs it, three times: the median wall time, and the most
 *      requests and the highest peak RSS of its process among the three runs;
 *   2. the lower bound: exactly the findings pages the action needs, page_size 3000, all in
 *      flight at once, only JSON.parse'd;
 *   3. the naive client: page_size 100, one page after another, stopped after a time budget and
 *      extrapolated from the pages it fetched;
 *   4. cold start: `node dist/index.js` with nothing to do vs `node -e 0`, median of 5.
 * Prints a table and the ratios against the targets.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fetch } from 'undici'
import { BUNDLE, ROOT, runBundledAction } from './run-action.js'
import { measureSbom, parseSbomCases, printSbomTable, type SbomRow } from './bench-sbom.js'

const REPOSITORY = 'acme/bench'
const REF = 'refs/heads/main'
const TOKEN = 'fg-bench-token'
const PAGE = 3000
const ACTION_RUNS = 3

interface EmulatorProcess {
  readonly url: string
  readonly child: ChildProcess
}

async function startEmulatorProcess(findings: number, latencyMs: number): Promise<EmulatorProcess> {
  const child = spawn(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [
      join(ROOT, 'emulator', 'cli.ts'),
      '--token',
      TOKEN,
      '--latency-ms',
      String(latencyMs),
      '--bulk-findings',
      String(findings),
      '--bulk-sast-share',
      '0.5',
      '--bulk-repo',
      REPOSITORY,
      '--bulk-ref',
      REF
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  const url = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)
      if (match?.[1]) resolve(match[1])
    })
    child.on('exit', code => reject(new Error(`emulator exited with ${code}`)))
  })
  return { url, child }
}

async function stop(emulator: EmulatorProcess): Promise<void> {
  const exited = new Promise(resolve => emulator.child.on('exit', resolve))
  emulator.child.kill('SIGTERM')
  await exited
}

async function resetRequestLog(url: string): Promise<void> {
  await fetch(`${url}/_emulator/requests`, { method: 'DELETE' })
}

interface RequestCount {
  readonly total: number
  readonly findings: number
}

async function requestCount(url: string): Promise<RequestCount> {
  const response = await fetch(`${url}/_emulator/requests`)
  const log = (await response.json()) as { requests: { path: string }[] }
  return {
    total: log.requests.length,
    findings: log.requests.filter(r => r.path.endsWith('/findings')).length
  }
}

function findingsUrl(url: string, type: string, page: number, pageSize: number): string {
  const query = new URLSearchParams({
    issue_type: type,
    repos: REPOSITORY,
    ref: REF,
    status: 'open',
    page: String(page),
    page_size: String(pageSize)
  })
  return `${url}/api/v1/deployments/acme-corp/findings?${query.toString()}`
}

async function fetchJson(target: string): Promise<unknown> {
  const response = await fetch(target, { headers: { authorization: `Bearer ${TOKEN}` } })
  return JSON.parse(await response.text()) as unknown
}

/** Exactly the pages that hold the findings, all requested at once. */
async function lowerBound(url: string, findings: number): Promise<number> {
  const perType = Math.ceil(findings / 2 / PAGE)
  const started = performance.now()
  await Promise.all(
    ['sast', 'sca'].flatMap(type =>
      Array.from({ length: perType }, (_, page) => fetchJson(findingsUrl(url, type, page, PAGE)))
    )
  )
  return performance.now() - started
}

/** page_size 100, sequential, until the budget runs out; extrapolated to all pages. */
async function naive(
  url: string,
  findings: number,
  budgetMs: number
): Promise<{ ms: number; extrapolated: boolean }> {
  const totalPages = ['sast', 'sca'].map(() => Math.ceil(findings / 2 / 100) + 1)
  const all = totalPages.reduce((a, b) => a + b, 0)
  const started = performance.now()
  let done = 0
  for (const [index, type] of ['sast', 'sca'].entries()) {
    for (let page = 0; page < (totalPages[index] ?? 0); page++) {
      if (performance.now() - started > budgetMs) {
        return { ms: ((performance.now() - started) / done) * all, extrapolated: true }
      }
      await fetchJson(findingsUrl(url, type, page, 100))
      done++
    }
  }
  return { ms: performance.now() - started, extrapolated: false }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

function timeCommand(args: string[]): number {
  const started = performance.now()
  spawnSync(process.execPath, args, { stdio: 'ignore', env: { PATH: process.env.PATH ?? '' } })
  return performance.now() - started
}

/** The bundle with no inputs fails at once on the missing api-token: start-up and nothing else. */
function coldStart(): { action: number; node: number } {
  const action: number[] = []
  const node: number[] = []
  for (let i = 0; i < 5; i++) {
    node.push(timeCommand(['-e', '0']))
    action.push(timeCommand([BUNDLE]))
  }
  return { action: median(action), node: median(node) }
}

interface Row {
  readonly findings: number
  readonly actionMs: number
  readonly requests: number
  readonly findingsRequests: number
  readonly rssMb: number
  readonly lowerMs: number
  readonly naiveMs: number
  readonly naiveExtrapolated: boolean
  readonly verdict: string
}

async function measure(findings: number, latencyMs: number, naiveBudgetMs: number): Promise<Row> {
  const emulator = await startEmulatorProcess(findings, latencyMs)
  try {
    // One warm-up request so neither client pays for the emulator's first-request costs.
    await fetchJson(findingsUrl(emulator.url, 'sast', 0, 100))
    // Three runs of each: wall times are medians; requests and peak RSS the worst of the three.
    const runs: { ms: number; requests: RequestCount; rssMb: number; verdict: string }[] = []
    for (let i = 0; i < ACTION_RUNS; i++) {
      await resetRequestLog(emulator.url)
      const run = await runBundledAction({
        inputs: {
          'api-token': TOKEN,
          'base-url': emulator.url,
          repository: REPOSITORY,
          ref: REF,
          annotations: 'false'
        },
        measureRss: true,
        timeoutMs: 300_000
      })
      if (run.exitCode !== 0 && run.exitCode !== 1)
        throw new Error(`action exited ${run.exitCode}: ${run.stdout.slice(-2000)}`)
      runs.push({
        ms: run.durationMs,
        requests: await requestCount(emulator.url),
        rssMb: (run.maxRssBytes ?? 0) / 2 ** 20,
        verdict: `${run.outputs.result ?? '?'} (${run.outputs['findings-count'] ?? '?'} findings)`
      })
    }
    const worst = runs.reduce((a, b) => (b.requests.total > a.requests.total ? b : a))
    const lowerRuns: number[] = []
    for (let i = 0; i < ACTION_RUNS; i++) lowerRuns.push(await lowerBound(emulator.url, findings))
    const lowerMs = median(lowerRuns)
    const naiveRun = await naive(emulator.url, findings, naiveBudgetMs)
    return {
      findings,
      actionMs: median(runs.map(r => r.ms)),
      requests: worst.requests.total,
      findingsRequests: worst.requests.findings,
      rssMb: Math.max(...runs.map(r => r.rssMb)),
      lowerMs,
      naiveMs: naiveRun.ms,
      naiveExtrapolated: naiveRun.extrapolated,
      verdict: runs[0]?.verdict ?? '?'
    }
  } finally {
    await stop(emulator)
  }
}

function fmt(ms: number): string {
  return ms >= 10_000
    ? `${(ms / 1000).toFixed(0)} s`
    : ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${ms.toFixed(0)} ms`
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      findings: { type: 'string', default: '60000' },
      'latency-ms': { type: 'string', default: '50' },
      'naive-seconds': { type: 'string', default: '30' },
      // P:D pairs (projects, export seconds); '' skips the SBOM benchmark.
      sbom: { type: 'string', default: '200:5' },
      // The 1,000-project case takes over a minute, so it is asked for separately.
      'sbom-large': { type: 'boolean', default: false }
    }
  })
  const sbomCases = parseSbomCases(values.sbom)
  if (values['sbom-large']) sbomCases.push({ projects: 1000, exportSeconds: 30 })
  const sizes = values.findings === '' ? [] : values.findings.split(',').map(Number)
  const latency = Number(values['latency-ms'])
  const budget = Number(values['naive-seconds']) * 1000
  console.log(
    `Findings Gate benchmark: latency ${latency} ms per response, node ${process.version}, ${(await import('node:os')).cpus().length} cores`
  )
  const rows: Row[] = []
  for (const size of sizes) {
    process.stdout.write(`  measuring ${size} findings ...\n`)
    rows.push(await measure(size, latency, budget))
  }
  const sbomRows: SbomRow[] = []
  for (const sbomCase of sbomCases) {
    process.stdout.write(
      `  measuring SBOM export of ${sbomCase.projects} projects, ${sbomCase.exportSeconds} s each ...\n`
    )
    sbomRows.push(await measureSbom(sbomCase, latency))
  }
  const cold = coldStart()
  console.log(
    '\n| findings | action | lower bound | action / lower | requests (findings) | target ≤ | peak RSS | naive (page_size 100) | verdict |'
  )
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
  for (const r of rows) {
    const target = Math.ceil(r.findings / PAGE) + 5
    console.log(
      `| ${r.findings} | ${fmt(r.actionMs)} | ${fmt(r.lowerMs)} | ${(r.actionMs / r.lowerMs).toFixed(2)}× | ${r.requests} (${r.findingsRequests}) | ${target} | ${r.rssMb.toFixed(0)} MB | ${fmt(r.naiveMs)}${r.naiveExtrapolated ? ' (extrapolated)' : ''} | ${r.verdict} |`
    )
  }
  console.log(
    `\ncold start (median of 5): node dist/index.js ${fmt(cold.action)} vs node -e 0 ${fmt(cold.node)} → +${fmt(cold.action - cold.node)} (target ≤ +150 ms)`
  )
  console.log(
    'targets: action ≤ 1.3 × lower bound; requests ≤ ceil(N/3000) + 5; peak RSS ≤ 250 MB at 60 000 findings'
  )
  printSbomTable(sbomRows)
}

await main()
