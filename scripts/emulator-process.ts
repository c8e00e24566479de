/** The emulator in a process of its own, so the benchmarks measure the client, not a shared CPU. */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from './run-action.js'

export interface EmulatorProcess {
  readonly url: string
  readonly child: ChildProcess
}

/** Starts `emulator/cli.ts` with `flags` and resolves once it prints the URL it listens on. */
export async function startEmulatorProcess(flags: readonly string[]): Promise<EmulatorProcess> {
  const child = spawn(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'emulator', 'cli.ts'), ...flags],
    {
      stdio: ['ignore', 'pipe', 'inherit']
    }
  )
  const url = await new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk
      const match = /on (https?:\/\/127\.0\.0\.1:\d+)/.exec(text)
      if (match?.[1]) resolve(match[1])
    })
    child.on('exit', code => reject(new Error(`emulator exited with ${code}`)))
  })
  return { url, child }
}

export async function stopEmulatorProcess(emulator: EmulatorProcess): Promise<void> {
  const exited = new Promise(resolve => emulator.child.on('exit', resolve))
  emulator.child.kill('SIGTERM')
  await exited
}
