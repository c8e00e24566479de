import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BASE_ENV_KEYS, ROOT, runNodeScript, testNode, type NodeRun } from './run-action.js'

/**
 * Runs the bundled command (bin/findings-gate.js, which loads dist/cli/index.js) in a child
 * process the way a CI job does: flags, and an environment with nothing of GitHub's runner in it
 * beyond what the test sets. The run's working directory is a fresh temporary one (no git
 * repository) unless the test gives its own; files the test names are read back from it.
 */

export const COMMAND = join(ROOT, 'bin', 'findings-gate.js')
export const COMMAND_BUNDLE = join(ROOT, 'dist', 'cli', 'index.js')

export interface CommandRun extends NodeRun {
  /** The files asked for in `read`, by the name given (absent when not written). */
  readonly files: Readonly<Record<string, string>>
}

export interface CommandOptions {
  readonly args?: readonly string[]
  readonly env?: Readonly<Record<string, string>>
  /** The working directory; default a fresh empty one, removed after the run. */
  readonly cwd?: string
  /** Files to read back after the run, relative to the working directory. */
  readonly read?: readonly string[]
  readonly node?: string
  readonly timeoutMs?: number
}

export async function runBundledCommand(options: CommandOptions = {}): Promise<CommandRun> {
  if (!existsSync(COMMAND_BUNDLE)) {
    throw new Error(`${COMMAND_BUNDLE} is missing: run \`npm run package\` first`)
  }
  const own = options.cwd === undefined ? await mkdtemp(join(tmpdir(), 'findings-gate-cmd-')) : ''
  const cwd = options.cwd ?? own
  const env: Record<string, string> = {}
  for (const key of BASE_ENV_KEYS) if (process.env[key] !== undefined) env[key] = process.env[key]
  Object.assign(env, options.env)
  try {
    const ran = await runNodeScript(COMMAND, options.args ?? [], {
      env,
      cwd,
      node: testNode(options.node),
      timeoutMs: options.timeoutMs ?? 60_000
    })
    const files: Record<string, string> = {}
    for (const name of options.read ?? []) {
      const text = await readFile(join(cwd, name), 'utf8').catch(() => undefined)
      if (text !== undefined) files[name] = text
    }
    return { ...ran, files }
  } finally {
    if (own !== '') await rm(own, { recursive: true, force: true })
  }
}
