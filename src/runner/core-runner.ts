/**
 * The runner over @actions/core, the only module that imports it (a lint rule keeps it so).
 * Every log line goes through logText, so a server-supplied line can never start a workflow
 * command (see text/log-text.ts why). Annotations go to @actions/core as they are: it escapes
 * `%`, `\r` and `\n` in their message and `:` and `,` in their properties, so their text stays
 * one command line, and quoting its lines would only change what the annotation shows.
 *
 * @actions/core is loaded by import() once the run's first request is out (preload), not at start:
 * it loads undici through @actions/http-client, which came before the first request. What is said
 * before then waits, in order, so a mask still comes before any line it masks; should the run end
 * without a request, it is written when the event loop runs dry. Inputs are read from the
 * environment as `core.getInput` reads them, since they are needed before any request.
 */
import { errorText } from '../text/error-text.js'
import { logText } from '../text/log-text.js'
import type { Runner } from './runner.js'

type Core = typeof import('@actions/core')

let core: Core | undefined
let loading: Promise<Core> | undefined
const waiting: ((loaded: Core) => void)[] = []

function loadCore(): Promise<Core> {
  loading ??= import('@actions/core').then(
    loaded => {
      core = loaded
      for (const call of waiting.splice(0)) call(loaded)
      return loaded
    },
    (error: unknown) => {
      // Nothing can be reported through the runner: fail the step on stderr rather than pass.
      process.exitCode = 1
      process.stderr.write(`Findings Gate could not load @actions/core: ${errorText(error)}\n`)
      throw error
    }
  )
  return loading
}

function withCore(call: (loaded: Core) => void): void {
  if (core) {
    call(core)
    return
  }
  // A step failure or a mask must never be lost: if nothing has loaded core by the time there is
  // nothing else to do, that loads it ('beforeExit' lets a listener schedule more work).
  if (waiting.length === 0) process.once('beforeExit', () => void loadCore().catch(() => undefined))
  waiting.push(call)
}

/** Loads @actions/core if need be; resolves once everything said so far has reached it. */
export function coreFlushed(): Promise<void> {
  return loadCore().then(
    () => undefined,
    () => undefined
  )
}

/** `core.getInput(name)`: the runner hands inputs over as INPUT_<NAME> variables. */
function input(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim()
}

export const coreRunner: Runner = {
  getInput: input,
  info: message => withCore(c => c.info(logText(message))),
  warning: message => withCore(c => c.warning(logText(message))),
  annotation: (level, message, properties) =>
    withCore(c => {
      if (level === 'error') c.error(message, properties)
      else if (level === 'warning') c.warning(message, properties)
      else c.notice(message, properties)
    }),
  setSecret: secret => withCore(c => c.setSecret(secret)),
  setOutput: (name, value) => withCore(c => c.setOutput(name, value)),
  appendSummary: async markdown => {
    const c = await loadCore()
    try {
      await c.summary.addRaw(markdown).write()
    } catch (error) {
      // The summary buffer is a process-wide singleton: drop what we added so a later write by
      // someone else does not carry our half-written report.
      c.summary.emptyBuffer()
      throw error
    }
  },
  setFailed: message => withCore(c => c.setFailed(logText(message))),
  preload: () => {
    loadCore().catch(() => undefined)
  }
}
