/**
 * The emulator's command line: the usage text (--help) and that it lists every flag.
 */
import { describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { FLAGS, USAGE } from '../emulator/cli-options.js'

function cli(...flags: string[]): ReturnType<typeof spawn> {
  return spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'emulator/cli.ts', ...flags], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe']
  })
}

function exitCode(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise(resolve => child.on('exit', code => resolve(code)))
}

describe('emulator CLI', () => {
  it('lists every flag it reads in its usage text, and no other', () => {
    const listed = new Set([...USAGE.matchAll(/--([a-z][a-z-]*)/g)].map(match => match[1]))
    listed.delete('help')
    expect([...listed].sort()).toEqual(Object.keys(FLAGS).sort())
  })

  it('prints the usage text with --help and exits 0', async () => {
    const child = cli('--help')
    let stdout = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    expect(await exitCode(child)).toBe(0)
    expect(stdout).toBe(USAGE)
  })
})
