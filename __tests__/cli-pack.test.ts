/**
 * The packed command: `npm pack` ships only what runs (the bin, the command's bundle, its
 * licenses, README, LICENSE), and the tarball installed into an empty prefix runs with nothing
 * else installed, offline (the bundle carries every package the command uses).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../scripts/run-action.js'
import { VERSION } from '../src/version.js'

const exec = promisify(execFile)

let dir: string
let packed: { filename: string; files: { path: string }[] }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fg-pack-'))
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT })
  const [first] = JSON.parse(stdout) as (typeof packed)[]
  if (first === undefined) throw new Error('npm pack listed no package')
  packed = first
}, 60_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('npm pack', () => {
  it('ships the command and nothing else', () => {
    const paths = packed.files.map(file => file.path).sort()
    expect(paths).toEqual(
      expect.arrayContaining(['bin/findings-gate.js', 'dist/cli/index.js', 'dist/cli/licenses.txt'])
    )
    const shipped =
      /^(bin\/findings-gate\.js|dist\/cli\/[^/]+\.(js|json|txt)|README\.md|LICENSE|package\.json)$/
    expect(paths.filter(path => !shipped.test(path))).toEqual([])
    expect(paths.some(path => path.endsWith('.map'))).toBe(false)
  })

  it("the command's bundle carries no @actions/core: it runs where no GitHub runner files exist", () => {
    // A sentence of @actions/core's file commands, in the action's bundle and not the command's.
    const marker = 'Unable to find environment variable for file command'
    const text = (folder: string): string =>
      readdirSync(join(ROOT, folder))
        .filter(name => name.endsWith('.js'))
        .map(name => readFileSync(join(ROOT, folder, name), 'utf8'))
        .join('\n')
    expect(text('dist')).toContain(marker)
    expect(text('dist/cli')).not.toContain(marker)
  })

  it('installs offline into an empty prefix, and npx findings-gate runs from there', async () => {
    const prefix = join(dir, 'prefix')
    await exec(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--offline',
        '--no-audit',
        '--no-fund',
        join(dir, packed.filename)
      ],
      { cwd: dir }
    )
    const version = await exec('npx', ['--no-install', 'findings-gate', '--version'], {
      cwd: prefix
    })
    expect(version.stdout).toBe(`findings-gate ${VERSION}\n`)
    const help = await exec(join(prefix, 'node_modules', '.bin', 'findings-gate'), ['--help'], {
      cwd: prefix
    })
    expect(help.stdout).toContain('Usage: findings-gate [flags]')
    expect(help.stdout).toContain('  --gitlab-code-quality FILE\n')
  }, 60_000)
})
