import { describe, expect, it } from '@jest/globals'
import { utf8Length } from '../src/text/plain.js'
import { SUMMARY_LIMIT_BYTES, writeJobSummary } from '../src/report/summary.js'
import type { EvaluatedFinding } from '../src/domain.js'
import { RecordingRunner } from '../src/runner/recording-runner.js'
import {
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

describe('writeJobSummary', () => {
  it('appends the Markdown to the job summary', async () => {
    const runner = new RecordingRunner()
    await expect(writeJobSummary(failingReport(), runner)).resolves.toBe(true)
    const text = runner.summary
    expect(text.startsWith('## ❌ Findings Gate failed: 2 blocking of 4 findings\n')).toBe(true)
    expect(text).toContain('### Blocking findings (2)')
  })

  it('stays under 1 MiB with a huge report', async () => {
    const runner = new RecordingRunner()
    const message = 'm'.repeat(100_000)
    const findings: EvaluatedFinding[] = Array.from({ length: 20_000 }, (_, i) =>
      evaluated(sastFinding({ id: i + 1, ruleMessage: message }))
    )
    await writeJobSummary(runReport({ verdict: verdictOf(findings) }), runner)
    const text = runner.summary
    expect(utf8Length(text)).toBeLessThan(SUMMARY_LIMIT_BYTES)
    expect(text).toMatch(/_Truncated: [\d,]+ more blocking findings not shown/)
  })

  it('turns a write failure into a warning instead of throwing', async () => {
    const runner = new RecordingRunner({ summaryError: new Error('ENOENT: no such directory') })
    await expect(writeJobSummary(failingReport(), runner)).resolves.toBe(false)
    expect(runner.warnings).toEqual(['Could not write the job summary: ENOENT: no such directory'])
  })
})
