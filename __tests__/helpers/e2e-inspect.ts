/**
 * Inspection helpers for the reliability and security end-to-end suites: when each request
 * reached the emulator, which workflow commands a run printed, and where a secret leaked to.
 */
import type { LoggedRequest } from '../../emulator/server.js'
import type { ActionRun, Emulator } from './e2e.js'

export interface TimedRequest {
  /** `Date.now()` when the emulator logged the request (same clock as the action's). */
  readonly at: number
  readonly request: LoggedRequest
}

/**
 * Records the arrival time of every request the emulator logs from now on. The emulator appends
 * each request to `emulator.requests` as soon as its body is read, so timing the `push` gives
 * the arrival time without touching the emulator.
 */
export function timeRequests(emulator: Emulator): TimedRequest[] {
  const timed: TimedRequest[] = []
  const list = emulator.requests
  const push = list.push.bind(list)
  list.push = (...items: LoggedRequest[]): number => {
    const at = Date.now()
    for (const request of items) timed.push({ at, request })
    return push(...items)
  }
  return timed
}

/** Lines of stdout, without the trailing empty one. */
export function stdoutLines(run: ActionRun): string[] {
  return run.stdout.split('\n').filter((line, i, all) => line !== '' || i < all.length - 1)
}

/** Every stdout line that starts a workflow command (`::name ...::`). */
export function commandLines(run: ActionRun): string[] {
  return stdoutLines(run).filter(line => line.startsWith('::'))
}

/** Lines that look like a JavaScript stack frame: a crash or a logged raw error. */
export function stackFrames(text: string): string[] {
  return text.split('\n').filter(line => /^\s+at\s/.test(line))
}

/** Log lines of the transport's retry notices (`GET /path: reason; retry n of m in x s`). */
export function retryLines(run: ActionRun, method: string, path: string): string[] {
  const prefix = `${method} ${path}: `
  return stdoutLines(run).filter(line => line.startsWith(prefix) && line.includes('; retry '))
}

/** The delay (seconds) each retry notice announced. */
export function retryDelays(lines: readonly string[]): number[] {
  return lines.map(line => Number(/ in (\d+(?:\.\d+)?) s$/.exec(line)?.[1] ?? NaN))
}

/** Decodes a workflow-command property or message the way the runner does. */
export function decodeCommand(text: string): string {
  return text
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%')
}

export interface Annotation {
  readonly level: string
  readonly properties: Readonly<Record<string, string>>
  readonly message: string
}

/** Parses `::error title=…,file=…::message` lines (any level with properties). */
export function annotations(run: ActionRun): Annotation[] {
  const out: Annotation[] = []
  for (const line of commandLines(run)) {
    const match = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line)
    if (!match) continue
    const [, level = '', props = '', message = ''] = match
    const properties: Record<string, string> = {}
    for (const pair of props.split(',')) {
      const eq = pair.indexOf('=')
      if (eq > 0) properties[pair.slice(0, eq)] = decodeCommand(pair.slice(eq + 1))
    }
    out.push({ level, properties, message: decodeCommand(message) })
  }
  return out
}

/**
 * Where `secret` occurs in what the runner would keep of a run: stdout (minus the lines listed
 * in `allowedStdoutLines`, e.g. the `::add-mask::` line the runner consumes), stderr, the
 * summary, the output/state/env files and any extra files (report, SARIF). Returns the names of
 * the places, so a failing expectation says where it leaked.
 */
export function secretLocations(
  run: ActionRun,
  secret: string,
  extraFiles: Readonly<Record<string, string | undefined>> = {},
  allowedStdoutLines: ReadonlySet<number> = new Set()
): string[] {
  const places: string[] = []
  stdoutLines(run).forEach((line, index) => {
    if (!allowedStdoutLines.has(index) && line.includes(secret))
      places.push(`stdout line ${index + 1}: ${line.slice(0, 200)}`)
  })
  if (run.stderr.includes(secret)) places.push('stderr')
  if (run.summary.includes(secret)) places.push('summary')
  for (const [name, text] of Object.entries(run.files))
    if (text.includes(secret)) places.push(`${name} file`)
  for (const [name, value] of Object.entries(run.outputs))
    if (value.includes(secret)) places.push(`output ${name}`)
  for (const [name, text] of Object.entries(extraFiles))
    if (text !== undefined && text.includes(secret)) places.push(name)
  return places
}
