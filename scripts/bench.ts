/**
 * `npm run bench [-- --findings 6000,60000,120000 --latency-ms 50,300 --connect-round-trips 2
 *   --naive-seconds 30
 *   --sbom 200:5 --sbom-large --sbom-runs 3
 *   --node /path/to/node --bundle /other/checkout/dist/index.js
 *   --fail-on-policy-mode none --tls --projects 5000]`
 *
 * `--node`: the Node binary that runs the action (the runner's is Node 24, as action.yml says);
 * default FINDINGS_GATE_TEST_NODE, else this process's; the lower bound runs on it too. The
 * emulator always runs on this process's Node. `--bundle`: another build of the action to measure
 * with the same cases (an earlier commit's dist/, for before and after); default this checkout's.
 * `--fail-on-policy-mode`: the action's input for every measured run; with `none` no SAST mode list
 * is read, so the run shows what the findings lists alone cost. Default: the action's (`block`).
 * `--tls`: the findings cases over HTTPS (a self-signed certificate the clients trust), so both
 * clients pay TLS; on this machine so does the emulator, which shares the two cores with them.
 * `--projects P`: the findings cases' deployment lists P projects before the benchmark's repository
 * (default: the sample's 254), as a large deployment's list would.
 *
 * For each size N and each latency L: starts the API emulator (a separate process, so it does not
 * share a thread with the clients measured) with N open findings of one repository, half SAST and
 * half SCA, L ms added to every response, the first request on each new connection held for
 * `--connect-round-trips` more round trips (default 2: against the real API, which is HTTPS, a
 * new connection costs a TCP and a TLS 1.3 handshake; 0 gives the model of the README's
 * figures until 2026-11-26, 11:10), and precomputed findings pages (each page rendered once,
 * then served as bytes, so that both clients wait on the network and their own work, not on page
 * generation). After one unmeasured run of the action (which also renders the pages), it measures
 *   1. the bundled action as the runner runs it (scan evidence proven, default inputs), five
 *      times each with the deployment discovered from the token, with `deployment-slug` set, and
 *      with `deployment-slug` and `deployment-id` set, taking turns: per way, the median wall time
 *      and CPU time (user + system, less sensitive to the machine's load than wall time), and the
 *      most requests and the highest peak RSS;
 *   2. the lower bound: exactly the findings pages the action needs (every type and status chain
 *      and the SAST mode lists beside them, each chain's size read through the emulator first;
 *      page_size 3000, up to the page that proves each end), all in flight at once, only
 *      JSON.parse'd, by a fresh process of the action's Node (scripts/bench-lower-bound.mjs, timed
 *      from its first request); median of five, each run taking its turn before a round of the
 *      action's, so that the machine's drift over the minutes of a benchmark moves both alike;
 *   3. at the first latency only, the naive client: page_size 100, one page after another,
 *      stopped after a time budget and extrapolated from the pages it fetched;
 *   4. cold start: `node dist/index.js` with nothing to do vs `node -e 0`, median of 5.
 * "Proof, then pages" adds to the lower bound what a run spends before and after its pages: the
 * cold start, the round trips one after another before the findings go out (three with the
 * deployment discovered: the deployment, the project, the scans search; two with the slug set:
 * the deployment checked while the project is looked up, then the search), and the search again
 * after the last page that proves the scans still hold.
 * The fewest requests: the deployment, project and scan lookups (the search twice), the other
 * requests the run made (each counted once), and per findings chain floor(n / 3000) + 1 pages.
 * Prints a table and the ratios against the targets.
 */
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { Response } from 'undici'
import { sampleCommit } from '../emulator/data/sample-scans.js'
import { FAIL_ON_POLICY_MODE_VALUES } from '../src/inputs/gate.js'
import { actionBundle, ROOT, runBundledAction } from './run-action.js'
import {
  startEmulatorProcess,
  stopEmulatorProcess,
  type EmulatorProcess
} from './emulator-process.js'
import { fetchTrusting, makeBenchTls, type BenchTls } from './bench-tls.js'
import { measureSbom, parseSbomCases, printSbomTable, type SbomRow } from './bench-sbom.js'
import { median } from './median.js'

const REPOSITORY = 'acme/bench'
const REF = 'refs/heads/main'
const TOKEN = 'fg-bench-token'
const PAGE = 3000
/** Runs of each way and of the lower bound; the table shows their medians. */
const ACTION_RUNS = 5
/**
 * How the run finds its deployment, and the round trips one after another before the proof's
 * search answers with the findings count: discovered from the token, the deployment, the project,
 * the scans search; with `deployment-slug` set (and `deployment-id` or not), the deployment is
 * checked while the project is looked up, then the search.
 */
const DEPLOYMENT_INPUTS = [
  { deployment: 'discovered', inputs: {}, proofRoundTrips: 3 },
  { deployment: 'slug set', inputs: { 'deployment-slug': 'acme-corp' }, proofRoundTrips: 2 },
  {
    deployment: 'slug and id set',
    inputs: { 'deployment-slug': 'acme-corp', 'deployment-id': '4242' },
    proofRoundTrips: 2
  }
] as const
type DeploymentInputs = (typeof DEPLOYMENT_INPUTS)[number]
/** The findings endpoint's types: the bench scan runs every product (AI SAST finds nothing). */
const TYPES = ['sast', 'sca', 'ai_sast'] as const
/** Where the documented shape puts each type's list. */
const LIST_KEYS: Readonly<Record<(typeof TYPES)[number], string>> = {
  sast: 'sastFindings',
  sca: 'scaFindings',
  ai_sast: 'aiSastFindings'
}
/** The action's default `status`: one findings request chain per type and status. */
const STATUSES = ['open', 'reviewing', 'fixing'] as const

/**
 * How the emulator serves: the handshakes a new connection costs, HTTPS or not, and how many
 * projects the deployment lists before the benchmark's repository (undefined: the sample's 254).
 */
interface Served {
  readonly connectRoundTrips: number
  readonly tls?: BenchTls
  readonly projects?: number
}

/** The emulator as the benchmark's clients reach it. */
interface BenchApi {
  readonly url: string
  readonly fetch: ReturnType<typeof fetchTrusting>
  /** What a child process (the action, the lower bound) needs in its environment to reach it. */
  readonly childEnv: Readonly<Record<string, string>>
}

async function startBenchEmulator(
  findings: number,
  latencyMs: number,
  served: Served
): Promise<{ emulator: EmulatorProcess; api: BenchApi }> {
  const { tls } = served
  const emulator = await startEmulatorProcess([
    ...['--token', TOKEN, '--latency-ms', String(latencyMs)],
    ...['--connect-round-trips', String(served.connectRoundTrips)],
    ...(served.projects === undefined ? [] : ['--projects', String(served.projects)]),
    ...['--bulk-findings', String(findings), '--bulk-sast-share', '0.5'],
    ...['--bulk-repo', REPOSITORY, '--bulk-ref', REF, '--precomputed-findings-pages'],
    ...(tls ? ['--tls-key', tls.keyFile, '--tls-cert', tls.certFile] : [])
  ])
  const api: BenchApi = {
    url: emulator.url,
    fetch: fetchTrusting(tls),
    childEnv: tls ? { NODE_EXTRA_CA_CERTS: tls.certFile } : {}
  }
  return { emulator, api }
}

async function resetRequestLog(api: BenchApi): Promise<void> {
  await api.fetch(`${api.url}/_emulator/requests`, { method: 'DELETE' })
}

interface RequestCount {
  readonly total: number
  readonly findings: number
  /** The fewest requests the run could have made (see the header). */
  readonly minimum: number
}

interface LoggedRequest {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string[]>
  readonly body: unknown
}

async function requestCount(api: BenchApi, chains: readonly Chain[]): Promise<RequestCount> {
  const response = await api.fetch(`${api.url}/_emulator/requests`)
  const log = (await response.json()) as { requests: LoggedRequest[] }
  const isFindings = (r: LoggedRequest): boolean => r.path.endsWith('/findings')
  const others = new Set(
    log.requests
      .filter(r => !isFindings(r))
      .map(r => JSON.stringify([r.method, r.path, r.query, r.body]))
  )
  // The scans search is sent twice with the same body: the proof, and its check after the pages.
  const CHECK_AFTER_PAGES = 1
  return {
    total: log.requests.length,
    findings: log.requests.filter(isFindings).length,
    minimum: others.size + CHECK_AFTER_PAGES + minimumPages(chains).length
  }
}

/**
 * One findings list the action reads: a type and status, and for a SAST mode list its `policies`
 * filter; `size` is how many findings it holds.
 */
interface Chain {
  readonly type: (typeof TYPES)[number]
  readonly status: string
  readonly policies?: string
  readonly size: number
}

/** The `policies` filters of the SAST mode lists each `fail-on-policy-mode` reads. */
const MODE_LISTS: Readonly<Record<string, readonly string[]>> = {
  block: ['rule-board-block'],
  comment: ['rule-board-block', 'rule-board-pr-comments'],
  monitor: ['rule-board-block', 'rule-board-pr-comments', 'rule-board-audit'],
  none: []
}

/**
 * The lists a run reads (a list per type and status, and beside each SAST list its mode lists),
 * each counted through the emulator's pages before anything is measured.
 */
async function readChains(api: BenchApi, policyMode: string): Promise<Chain[]> {
  const lists = TYPES.flatMap(type =>
    STATUSES.flatMap((status): Omit<Chain, 'size'>[] => [
      { type, status },
      ...(type === 'sast'
        ? (MODE_LISTS[policyMode] ?? []).map(policies => ({ type, status, policies }))
        : [])
    ])
  )
  return Promise.all(
    lists.map(async list => {
      let size = 0
      for (let page = 0; ; page++) {
        const url = findingsUrl(api.url, list.type, page, PAGE, list.status, list.policies)
        const body = (await fetchJson(api, url)) as Record<string, { findings?: unknown[] }> & {
          findings?: unknown[]
        }
        const items =
          (body.findings ?? []).length + (body[LIST_KEYS[list.type]]?.findings?.length ?? 0)
        size += items
        if (items < PAGE) return { ...list, size }
      }
    })
  )
}

/** The findings pages a run needs: each chain's full pages and the page that ends it. */
function minimumPages(chains: readonly Chain[]): (Chain & { page: number })[] {
  return chains.flatMap(chain =>
    Array.from({ length: Math.floor(chain.size / PAGE) + 1 }, (_, page) => ({ ...chain, page }))
  )
}

function findingsUrl(
  url: string,
  type: string,
  page: number,
  pageSize: number,
  status = 'open',
  policies?: string
): string {
  const query = new URLSearchParams({
    issue_type: type,
    repos: REPOSITORY,
    ref: REF,
    status,
    ...(policies === undefined ? {} : { policies }),
    page: String(page),
    page_size: String(pageSize)
  })
  return `${url}/api/v1/deployments/acme-corp/findings?${query.toString()}`
}

async function fetchJson(api: BenchApi, target: string): Promise<unknown> {
  const get = (): Promise<Response> =>
    api.fetch(target, { headers: { authorization: `Bearer ${TOKEN}` } })
  // A connection kept alive through a long pause may have been closed by the emulator just as it
  // is reused (undici: "other side closed"); that GET is sent once more on a new connection.
  const response = await get().catch((error: unknown) => {
    if (socketClosed(error)) return get()
    throw error
  })
  return JSON.parse(await response.text()) as unknown
}

function socketClosed(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined
  return cause instanceof Error && 'code' in cause && cause.code === 'UND_ERR_SOCKET'
}

const LOWER_BOUND_CLIENT = join(ROOT, 'scripts', 'bench-lower-bound.mjs')

/**
 * Exactly the findings pages the action needs, all requested at once, in a fresh process of the
 * Node that runs the action: the same runtime, started as cold as the action is. In this process,
 * warm, the bound moved with the runtime: at 50 ms it took 0.76 s on Node 20 and 0.55 s on Node 24
 * (one benchmark each); in fresh processes, medians of six, 0.88 s and 0.75 s (2026-11-25).
 */
function lowerBound(api: BenchApi, chains: readonly Chain[]): number {
  const urls = minimumPages(chains).map(({ type, status, page, policies }) =>
    findingsUrl(api.url, type, page, PAGE, status, policies)
  )
  const run = spawnSync(actionNode(), [LOWER_BOUND_CLIENT, TOKEN, ...urls], {
    encoding: 'utf8',
    env: { ...process.env, ...api.childEnv }
  })
  const measured = /lower_bound_ms=([\d.]+)/.exec(run.stdout)
  if (run.status !== 0 || !measured?.[1]) {
    throw new Error(`the lower bound's client failed (exit ${run.status}): ${run.stderr.trim()}`)
  }
  return Number(measured[1])
}

/** page_size 100, sequential, until the budget runs out; extrapolated to all pages. */
async function naive(
  api: BenchApi,
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
      await fetchJson(api, findingsUrl(api.url, type, page, 100))
      done++
    }
  }
  return { ms: performance.now() - started, extrapolated: false }
}

/** The Node binary that runs the action (run-action.ts reads the same variable). */
function actionNode(): string {
  return process.env.FINDINGS_GATE_TEST_NODE ?? process.execPath
}

function timeCommand(args: string[]): number {
  const started = performance.now()
  spawnSync(actionNode(), args, { stdio: 'ignore', env: { PATH: process.env.PATH ?? '' } })
  return performance.now() - started
}

/** The bundle with no inputs fails at once on the missing api-token: start-up and nothing else. */
function coldStart(): { action: number; node: number } {
  const action: number[] = []
  const node: number[] = []
  for (let i = 0; i < 5; i++) {
    node.push(timeCommand(['-e', '0']))
    action.push(timeCommand([actionBundle()]))
  }
  return { action: median(action), node: median(node) }
}

interface Row {
  readonly findings: number
  readonly latencyMs: number
  readonly variant: DeploymentInputs
  readonly actionMs: number
  /** Median CPU time (user + system) of the action process. */
  readonly cpuMs: number
  /** The run with the most requests. */
  readonly requests: RequestCount
  readonly rssMb: number
  readonly lowerMs: number
  readonly naive?: { readonly ms: number; readonly extrapolated: boolean }
  readonly verdict: string
}

/** Reports the action process's peak RSS and CPU time on stderr as it exits. */
const USAGE_PRELOAD = pathToFileURL(join(ROOT, 'scripts', 'bench-usage.mjs')).href

interface ActionUsage {
  readonly durationMs: number
  readonly rssMb: number
  readonly cpuMs: number
  readonly outputs: Readonly<Record<string, string>>
}

/** The values of the action's `fail-on-policy-mode`. */
const POLICY_MODES: readonly string[] = FAIL_ON_POLICY_MODE_VALUES

/** Inputs every measured run gets on top of its way of naming the deployment (`--fail-on-policy-mode`). */
type CommonInputs = Readonly<Record<string, string>>

async function runAction(
  api: BenchApi,
  variant: DeploymentInputs,
  common: CommonInputs
): Promise<ActionUsage> {
  const run = await runBundledAction({
    inputs: {
      ...common,
      ...variant.inputs,
      'api-token': TOKEN,
      'base-url': api.url,
      repository: REPOSITORY,
      ref: REF,
      // The emulator's completed scan of the bulk findings: the run proves it, as on a runner.
      commit: sampleCommit(REPOSITORY, REF),
      'max-annotations': '0'
    },
    env: { NODE_OPTIONS: `--import=${USAGE_PRELOAD}`, ...api.childEnv },
    timeoutMs: 300_000
  })
  if (run.exitCode !== 0 && run.exitCode !== 1)
    throw new Error(`action exited ${run.exitCode}: ${run.stdout.slice(-2000)}`)
  const usage = /maxrss_kb=(\d+) cpu_ms=(\d+)/.exec(run.stderr)
  return {
    durationMs: run.durationMs,
    rssMb: Number(usage?.[1] ?? 0) / 2 ** 10,
    cpuMs: Number(usage?.[2] ?? 0),
    outputs: run.outputs
  }
}

interface ActionRun {
  readonly ms: number
  readonly cpuMs: number
  readonly requests: RequestCount
  readonly rssMb: number
  readonly verdict: string
}

async function measuredRun(
  api: BenchApi,
  chains: readonly Chain[],
  variant: DeploymentInputs,
  common: CommonInputs
): Promise<ActionRun> {
  await resetRequestLog(api)
  const run = await runAction(api, variant, common)
  return {
    ms: run.durationMs,
    cpuMs: run.cpuMs,
    requests: await requestCount(api, chains),
    rssMb: run.rssMb,
    verdict: `${run.outputs.result ?? '?'} (${run.outputs['findings-count'] ?? '?'} findings)`
  }
}

/** One row per way of naming the deployment, their runs taking turns against one emulator. */
async function measure(
  findings: number,
  latencyMs: number,
  naiveBudgetMs: number | undefined,
  common: CommonInputs,
  served: Served
): Promise<Row[]> {
  const { emulator, api } = await startBenchEmulator(findings, latencyMs, served)
  try {
    // Unmeasured: renders every page either client asks for, and warms the emulator up.
    await runAction(api, DEPLOYMENT_INPUTS[0], common)
    const chains = await readChains(api, common['fail-on-policy-mode'] ?? 'block')
    // Wall times are medians; requests and peak RSS the worst of the runs.
    const runs = DEPLOYMENT_INPUTS.map((): ActionRun[] => [])
    const lowerRuns: number[] = []
    for (let i = 0; i < ACTION_RUNS; i++) {
      lowerRuns.push(lowerBound(api, chains))
      for (const [index, variant] of DEPLOYMENT_INPUTS.entries()) {
        runs[index]?.push(await measuredRun(api, chains, variant, common))
      }
    }
    const naiveRun =
      naiveBudgetMs === undefined ? undefined : await naive(api, findings, naiveBudgetMs)
    return DEPLOYMENT_INPUTS.map((variant, index) => {
      const ofVariant = runs[index] ?? []
      const worst = ofVariant.reduce((a, b) => (b.requests.total > a.requests.total ? b : a))
      return {
        findings,
        latencyMs,
        variant,
        actionMs: median(ofVariant.map(r => r.ms)),
        cpuMs: median(ofVariant.map(r => r.cpuMs)),
        requests: worst.requests,
        rssMb: Math.max(...ofVariant.map(r => r.rssMb)),
        lowerMs: median(lowerRuns),
        ...(naiveRun && index === 0 ? { naive: naiveRun } : {}),
        verdict: ofVariant[0]?.verdict ?? '?'
      }
    })
  } finally {
    await stopEmulatorProcess(emulator)
  }
}

/** The targets: 1.5× the lower bound at 50 ms and at 300 ms; none at other latencies. */
const RATIO_TARGETS: Readonly<Record<number, number>> = { 50: 1.5, 300: 1.5 }

/** The action's time over the lower bound, with the target where the issue sets one. */
function ratioText(r: Row): string {
  const target = RATIO_TARGETS[r.latencyMs]
  return `${(r.actionMs / r.lowerMs).toFixed(2)}×${target === undefined ? '' : ` (≤ ${target}×)`}`
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
      'latency-ms': { type: 'string', default: '50,300' },
      // Round trips of latency a new connection costs: TCP and TLS 1.3, as the real API's HTTPS.
      'connect-round-trips': { type: 'string', default: '2' },
      // The emulator serves HTTPS and both clients pay TLS (on this machine, the emulator's too).
      tls: { type: 'boolean', default: false },
      // The findings cases' deployment lists this many projects before the benchmark's repository.
      projects: { type: 'string' },
      'naive-seconds': { type: 'string', default: '30' },
      // P:D pairs (projects, export seconds); '' skips the SBOM benchmark.
      sbom: { type: 'string', default: '200:5' },
      // The 1,000-project case takes over a minute, so it is asked for separately.
      'sbom-large': { type: 'boolean', default: false },
      // Runs of each SBOM case: peak RSS and wall time spread by several percent between runs.
      'sbom-runs': { type: 'string', default: '3' },
      node: { type: 'string' },
      bundle: { type: 'string' },
      // The action's input, for runs that read no SAST mode list; default the action's own.
      'fail-on-policy-mode': { type: 'string' }
    }
  })
  const policyMode = values['fail-on-policy-mode']
  if (policyMode !== undefined && !POLICY_MODES.includes(policyMode)) {
    throw new Error(
      `--fail-on-policy-mode must be one of ${POLICY_MODES.join(', ')} (got "${policyMode}")`
    )
  }
  const common: CommonInputs = policyMode === undefined ? {} : { 'fail-on-policy-mode': policyMode }
  if (values.node !== undefined) process.env.FINDINGS_GATE_TEST_NODE = values.node
  if (values.bundle !== undefined) process.env.FINDINGS_GATE_TEST_BUNDLE = resolve(values.bundle)
  const actionVersion = spawnSync(actionNode(), ['--version'], { encoding: 'utf8' }).stdout.trim()
  const sbomCases = parseSbomCases(values.sbom)
  if (values['sbom-large']) sbomCases.push({ projects: 1000, exportSeconds: 30 })
  const sbomRuns = Number(values['sbom-runs'])
  if (!Number.isInteger(sbomRuns) || sbomRuns < 1) {
    throw new Error(
      `--sbom-runs must be a whole number of runs, 1 or more (got "${values['sbom-runs']}")`
    )
  }
  const sizes = values.findings === '' ? [] : values.findings.split(',').map(Number)
  const latencies = values['latency-ms'].split(',').map(Number)
  const budget = Number(values['naive-seconds']) * 1000
  const connectRoundTrips = Number(values['connect-round-trips'])
  if (!Number.isInteger(connectRoundTrips) || connectRoundTrips < 0) {
    throw new Error(
      `--connect-round-trips must be a whole number, 0 or more (got "${values['connect-round-trips']}")`
    )
  }
  const projects = values.projects === undefined ? undefined : Number(values.projects)
  if (projects !== undefined && (!Number.isInteger(projects) || projects < 0)) {
    throw new Error(`--projects must be a whole number, 0 or more (got "${values.projects}")`)
  }
  console.log(
    `Findings Gate benchmark: latency ${latencies.join(' and ')} ms per response${sizes.length === 0 ? '' : ` (the findings cases: ${connectRoundTrips} round trips of it to open a connection, ${values.tls ? 'HTTPS' : 'HTTP'}${projects === undefined ? '' : `, ${projects} projects listed before the repository`})`}, the action ${actionBundle()} on node ${actionVersion} (the lower bound too; the emulator on ${process.version}), ${(await import('node:os')).cpus().length} cores${policyMode === undefined ? '' : `, fail-on-policy-mode ${policyMode}`}`
  )
  const rows: Row[] = []
  const served: Served = {
    connectRoundTrips,
    ...(values.tls && sizes.length > 0 ? { tls: makeBenchTls() } : {}),
    ...(projects === undefined ? {} : { projects })
  }
  try {
    for (const size of sizes) {
      for (const [index, latency] of latencies.entries()) {
        process.stdout.write(`  measuring ${size} findings at ${latency} ms ...\n`)
        const budgetMs = index === 0 ? budget : undefined
        rows.push(...(await measure(size, latency, budgetMs, common, served)))
      }
    }
  } finally {
    served.tls?.remove()
  }
  const sbomRows: SbomRow[] = []
  for (const sbomCase of sbomCases) {
    process.stdout.write(
      `  measuring SBOM export of ${sbomCase.projects} projects, ${sbomCase.exportSeconds} s each ...\n`
    )
    // The SBOM benchmark runs at the first (lowest) latency asked for.
    sbomRows.push(await measureSbom(sbomCase, latencies[0] ?? 50, sbomRuns))
  }
  const cold = coldStart()
  const proofThenPagesMs = (r: Row): number =>
    cold.action + (r.variant.proofRoundTrips + 1) * r.latencyMs + r.lowerMs
  console.log(
    '\n| findings | latency | deployment | action | action CPU | lower bound | action / lower (target) | proof, then pages | action / that | requests (findings) | minimum | peak RSS | naive (page_size 100) | verdict |'
  )
  console.log(
    '| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |'
  )
  for (const r of rows) {
    const naiveText = r.naive
      ? `${fmt(r.naive.ms)}${r.naive.extrapolated ? ' (extrapolated)' : ''}`
      : '–'
    console.log(
      `| ${r.findings} | ${r.latencyMs} ms | ${r.variant.deployment} | ${fmt(r.actionMs)} | ${fmt(r.cpuMs)} | ${fmt(r.lowerMs)} | ${ratioText(r)} | ${fmt(proofThenPagesMs(r))} | ${(r.actionMs / proofThenPagesMs(r)).toFixed(2)}× | ${r.requests.total} (${r.requests.findings}) | ${r.requests.minimum} + ${r.requests.total - r.requests.minimum} | ${r.rssMb.toFixed(0)} MB | ${naiveText} | ${r.verdict} |`
    )
  }
  console.log(
    `\ncold start (median of 5): node dist/index.js ${fmt(cold.action)} vs node -e 0 ${fmt(cold.node)} → +${fmt(cold.action - cold.node)} (target ≤ +150 ms)`
  )
  console.log(
    'targets: action ≤ 1.5 × lower bound at 50 ms and at 300 ms; requests ≤ minimum + 8; peak RSS ≤ 250 MB at 60 000 findings'
  )
  printSbomTable(sbomRows)
}

await main()
