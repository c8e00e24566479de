/**
 * Report files are written whole or not at all: a temporary file beside the report, renamed into
 * place. A write that fails part way (a full disk) leaves no partial file, and says which file.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ReportFileError, writeReportFile, writeReportText } from '../src/report/report-file.js'
import { publishReports } from '../src/report/publish.js'
import { readConfig } from '../src/inputs/index.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import { evaluated, runReport, sastFinding, verdictOf } from './fixtures/report-fixtures.js'
import { tempDir } from './helpers/temp-dir.js'

const dir = tempDir('fg-report-file-')

describe('writeReportFile', () => {
  it('writes the text in pieces, creating the folders, and leaves nothing else behind', async () => {
    const path = join(dir(), 'new', 'deep', 'report.json')
    await writeReportFile(path, async sink => {
      await sink.write('{"a":')
      await sink.write('1}\n')
    })
    expect(await readFile(path, 'utf8')).toBe('{"a":1}\n')
    expect(await readdir(join(dir(), 'new', 'deep'))).toEqual(['report.json'])
  })

  it('a write that fails part way leaves no partial file, nor an older one, and names the file', async () => {
    const folder = join(dir(), 'failing')
    await mkdir(folder)
    const path = join(folder, 'report.json')
    await writeFile(path, '{"an older run": true}\n')
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC'
    })
    const failed = writeReportFile(path, async sink => {
      await sink.write('{"findings": [')
      throw full
    })
    await expect(failed).rejects.toThrow(ReportFileError)
    await expect(failed).rejects.toMatchObject({
      path,
      message: 'ENOSPC: no space left on device, write'
    })
    expect(await readdir(folder)).toEqual([])
  })

  it('a file size limit (ulimit -f, as a full disk) fails the write: no truncated file', () => {
    const folder = join(dir(), 'limited')
    const path = join(folder, 'big.json')
    // A child under a 1 KiB file size limit; Node ignores SIGXFSZ, so the write fails with EFBIG.
    const script = `import(${JSON.stringify(new URL('../src/report/report-file.ts', import.meta.url).href)}).then(m => m.writeReportText(${JSON.stringify(path)}, 'x'.repeat(100000))).then(() => console.log('written'), e => console.log(e.name, e.path === ${JSON.stringify(path)}, e.message))`
    const child = spawnSync(
      'bash',
      ['-c', `ulimit -f 1; exec "${process.execPath}" --import tsx -e "$0"`, script],
      { encoding: 'utf8' }
    )
    expect(child.stdout.trim()).toMatch(/^ReportFileError true EFBIG: file too large/)
    expect(spawnSync('ls', ['-A', folder], { encoding: 'utf8' }).stdout).toBe('')
  })

  it('writeReportText replaces a report whole', async () => {
    const path = join(dir(), 'text.xml')
    await writeReportText(path, 'first')
    await writeReportText(path, 'second')
    expect(await readFile(path, 'utf8')).toBe('second')
  })
})

describe('publishReports and a report file that cannot be written', () => {
  it('returns a line naming the file and the error, for the step to fail; other reports still written', async () => {
    const blocker = join(dir(), 'a-file')
    await writeFile(blocker, '')
    // A folder path under a file: every write there fails (ENOTDIR), even as root.
    const json = join(blocker, 'sub', 'report.json')
    const sarif = join(dir(), 'ok.sarif')
    const config = readConfig(
      name => ({ 'api-token': 't', 'report-file': json, 'sarif-file': sarif })[name] ?? '',
      {
        now: new Date(),
        env: {
          GITHUB_REPOSITORY: 'acme/web',
          GITHUB_REF: 'refs/heads/main',
          GITHUB_SHA: 'a'.repeat(40)
        }
      }
    )
    const runner = new RecordingRunner()
    const report = runReport({ verdict: verdictOf([evaluated(sastFinding({}))]) })
    const failures = await publishReports(report, config, { now: new Date(), env: {} }, runner)
    expect(failures).toEqual([
      expect.stringMatching(
        // Jest's module realm shows a Node error as `Error: …`; a real run shows its message.
        new RegExp(
          `^Could not write the JSON report to ${json}: (Error: )?ENOTDIR: not a directory`
        )
      )
    ])
    expect(runner.outputs['report-file']).toBeUndefined()
    expect(runner.outputs['sarif-file']).toBe(sarif)
  })
})
