import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse as parseYaml } from 'yaml'
import { sampleCommit } from '../emulator/data/sample-scans.js'

/**
 * Runs the bundled action (dist/index.js) in a child process the way the Actions runner does:
 * inputs as `INPUT_<NAME>` variables with hyphens kept (action.yml's defaults for those not
 * given), and the runner's files for outputs, the job summary, state, env and the event payload.
 */

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
export const BUNDLE = join(ROOT, 'dist', 'index.js')

/** The bundle that runs: this checkout's, or another build's to compare with (bench --bundle). */
export function actionBundle(): string {
  return process.env.FINDINGS_GATE_TEST_BUNDLE ?? BUNDLE
}

export interface ActionRun {
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
  readonly outputs: Readonly<Record<string, string>>
  readonly summary: string
  /** Everything the runner would keep from the run, for secrecy checks. */
  readonly files: Readonly<Record<'output' | 'summary' | 'state' | 'env', string>>
  readonly durationMs: number
  /** Peak resident set size of the action process in bytes, when measured. */
  readonly maxRssBytes?: number
}

export interface RunOptions {
  readonly inputs: Readonly<Record<string, string>>
  readonly eventName?: string
  readonly event?: unknown
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
  /** The node binary (e.g. Node 24, the runner's runtime); defaults to this process's. */
  readonly node?: string
  readonly timeoutMs?: number
  /** Measure the action process's peak RSS (a preload reports it as it exits). */
  readonly measureRss?: boolean
}

/** `name<<delimiter\nvalue\ndelimiter` blocks, the format @actions/core writes. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!match) continue
    const [, name, delimiter] = match as unknown as [string, string, string]
    const value: string[] = []
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '')
    outputs[name] = value.join('\n')
  }
  return outputs
}

/** Reports the process's peak resident set size (kB) on stderr as it exits. */
const RSS_PRELOAD = pathToFileURL(join(ROOT, 'scripts', 'report-rss.mjs')).href

/** The variables of this process a child run keeps: enough to run, nothing of a CI. */
export const BASE_ENV_KEYS = ['PATH', 'HOME', 'LANG', 'TZ', 'SYSTEMROOT', 'NODE_EXTRA_CA_CERTS']

/** The node binary runs are made with: this process's, or the runtime a test asks for. */
export function testNode(node?: string): string {
  return node ?? process.env.FINDINGS_GATE_TEST_NODE ?? process.execPath
}

export interface NodeRun {
  readonly exitCode: number | null
  readonly stdout: string
  readonly stderr: string
  readonly durationMs: number
}

/** Runs `node script ...args` with exactly `env`, collecting what it printed; killed at the timeout. */
export async function runNodeScript(
  script: string,
  args: readonly string[],
  options: { env: Record<string, string>; cwd: string; node: string; timeoutMs: number }
): Promise<NodeRun> {
  const started = performance.now()
  const child = spawn(options.node, [script, ...args], {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
  const exitCode = await new Promise<number | null>(done => child.on('close', code => done(code)))
  clearTimeout(timer)
  return { exitCode, stdout, stderr, durationMs: performance.now() - started }
}

let literalDefaults: Readonly<Record<string, string>> | undefined

/**
 * What the runner passes for an input the workflow does not set: action.yml's default. Only the
 * literal ones: a `${{ }}` default is the runner's to expand, and the action reads the run's
 * context instead.
 */
export function actionDefaults(): Readonly<Record<string, string>> {
  if (literalDefaults === undefined) {
    const action = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default?: unknown }>
    }
    literalDefaults = Object.fromEntries(
      Object.entries(action.inputs).flatMap(([name, input]) =>
        typeof input.default === 'string' && !input.default.includes('${{')
          ? [[name, input.default]]
          : []
      )
    )
  }
  return literalDefaults
}

export async function runBundledAction(options: RunOptions): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'findings-gate-run-'))
  const files = {
    output: join(dir, 'output'),
    summary: join(dir, 'summary.md'),
    state: join(dir, 'state'),
    env: join(dir, 'env')
  }
  const eventPath = join(dir, 'event.json')
  await Promise.all([
    ...Object.values(files).map(path => writeFile(path, '')),
    writeFile(eventPath, JSON.stringify(options.event ?? {}))
  ])
  const env: Record<string, string> = {}
  for (const key of BASE_ENV_KEYS) if (process.env[key] !== undefined) env[key] = process.env[key]
  Object.assign(env, {
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    GITHUB_ENV: files.env,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: options.eventName ?? 'push',
    GITHUB_REPOSITORY: 'acme/web',
    GITHUB_REF: 'refs/heads/main',
    // The commit whose completed scan the emulator's sample data holds for acme/web main.
    GITHUB_SHA: sampleCommit('acme/web', 'refs/heads/main'),
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '1',
    RUNNER_TEMP: dir
  })
  for (const [name, value] of Object.entries({ ...actionDefaults(), ...options.inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  Object.assign(env, options.env)

  const measure = options.measureRss === true
  if (measure) env.NODE_OPTIONS = `--import=${RSS_PRELOAD}`
  const ran = await runNodeScript(actionBundle(), [], {
    env,
    cwd: options.cwd ?? dir,
    node: testNode(options.node),
    timeoutMs: options.timeoutMs ?? 60_000
  })
  const { exitCode, stdout, durationMs } = ran
  let { stderr } = ran

  let maxRssBytes: number | undefined
  if (measure) {
    const match = /maxrss_kb=(\d+)/.exec(stderr)
    if (match) maxRssBytes = Number(match[1]) * 1024
    stderr = stderr.replace(/maxrss_kb=\d+\n?/, '')
  }
  const [output, summary, state, envFile] = await Promise.all(
    [files.output, files.summary, files.state, files.env].map(path => readFile(path, 'utf8'))
  )
  await rm(dir, { recursive: true, force: true })
  return {
    exitCode,
    stdout,
    stderr,
    outputs: parseOutputFile(output ?? ''),
    summary: summary ?? '',
    files: { output: output ?? '', summary: summary ?? '', state: state ?? '', env: envFile ?? '' },
    durationMs,
    ...(maxRssBytes !== undefined ? { maxRssBytes } : {})
  }
}
