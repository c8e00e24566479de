/**
 * The emulator's command line: the flags of the server clock, the page size cap and the scans
 * search that ignores its filters, the usage text (--help) and that it lists every flag.
 */
import { describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { FLAGS, parseCliOptions, USAGE } from '../emulator/cli-options.js'

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
  it('reads the clock offset, the page size cap and the filter-ignoring search', () => {
    expect(
      parseCliOptions([
        '--clock-offset-ms=-3600000',
        '--findings-page-size-cap',
        '50',
        '--scans-search-ignores-filters'
      ])
    ).toMatchObject({
      clockOffsetMs: -3_600_000,
      findingsPageSizeCap: 50,
      scansSearchIgnoresFilters: true
    })
    expect(parseCliOptions(['--clock-offset-ms', '90000']).clockOffsetMs).toBe(90_000)
    expect(parseCliOptions([])).toMatchObject({
      clockOffsetMs: undefined,
      findingsPageSizeCap: undefined,
      scansSearchIgnoresFilters: undefined
    })
  })

  it('names the flag and what it takes when a value is wrong', () => {
    expect(() => parseCliOptions(['--clock-offset-ms=1.5'])).toThrow(
      "--clock-offset-ms expects an integer (a negative one as --clock-offset-ms=-N), got '1.5'"
    )
    expect(() => parseCliOptions(['--clock-offset-ms', '-5'])).toThrow(
      "use '--clock-offset-ms=-XYZ'"
    )
    expect(() => parseCliOptions(['--findings-page-size-cap', '0'])).toThrow(
      '--findings-page-size-cap expects at least 1, got 0'
    )
  })

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

  it('serves on a clock an hour behind with --clock-offset-ms=-3600000', async () => {
    const child = cli('--clock-offset-ms=-3600000')
    const exited = exitCode(child)
    const banner = await new Promise<string>(resolve =>
      createInterface({ input: child.stdout! }).once('line', resolve)
    )
    const url = /on (http:\/\/127\.0\.0\.1:\d+) /.exec(banner)?.[1] ?? ''
    const from = Date.now()
    const response = await fetch(`${url}/api/v1/ping`)
    const to = Date.now()
    const stamped = Date.parse(response.headers.get('date') ?? '')
    expect(stamped).toBeGreaterThanOrEqual(Math.floor((from - 3_600_000) / 1000) * 1000)
    expect(stamped).toBeLessThanOrEqual(to - 3_600_000)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})
