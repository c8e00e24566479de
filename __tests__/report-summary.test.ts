import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { utf8Length } from '../src/text/plain.js'
import { SUMMARY_LIMIT_BYTES, writeJobSummary } from '../src/report/summary.js'
import type { EvaluatedFinding } from '../src/domain.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

// core.summary caches the file path of the first write, so the whole file uses one summary file.
let dir: string
let file: string
let saved: string | undefined

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'summary-'))
  file = join(dir, 'step_summary.md')
  saved = process.env['GITHUB_STEP_SUMMARY']
  process.env['GITHUB_STEP_SUMMARY'] = file
})

afterAll(async () => {
  if (saved === undefined) delete process.env['GITHUB_STEP_SUMMARY']
  else process.env['GITHUB_STEP_SUMMARY'] = saved
  await rm(dir, { recursive: true, force: true })
})

describe('writeJobSummary', () => {
  it('appends the Markdown to $GITHUB_STEP_SUMMARY', async () => {
    await writeFile(file, '')
    await expect(writeJobSummary(failingReport())).resolves.toBe(true)
    const text = await readFile(file, 'utf8')
    expect(text.startsWith('## ❌ Findings Gate: failed · 2 blocking of 4 findings\n')).toBe(true)
    expect(text).toContain('### Blocking findings (2)')
  })

  it('stays under 1 MiB with a huge report', async () => {
    await writeFile(file, '')
    const message = 'm'.repeat(100_000)
    const findings: EvaluatedFinding[] = Array.from({ length: 20_000 }, (_, i) =>
      evaluated(sastFinding({ id: i + 1, ruleMessage: message }))
    )
    await writeJobSummary(runReport({ verdict: verdictOf(findings) }))
    const text = await readFile(file, 'utf8')
    expect(utf8Length(text)).toBeLessThan(SUMMARY_LIMIT_BYTES)
    expect(text).toMatch(/_Truncated: [\d,]+ more blocking findings not shown/)
  })

  it('turns a write failure into a warning instead of throwing', async () => {
    // The cached path now points into a folder that no longer exists.
    await rm(dir, { recursive: true, force: true })
    const written: string[] = []
    const spy = jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array): boolean => {
        written.push(String(chunk))
        return true
      })
    try {
      await expect(writeJobSummary(failingReport())).resolves.toBe(false)
    } finally {
      spy.mockRestore()
    }
    expect(written.join('')).toMatch(/^::warning::Could not write the job summary: /m)
  })
})
