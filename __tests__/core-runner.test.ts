/**
 * The runner over the real @actions/core: what reaches stdout and the runner's files. Every
 * other suite records through RecordingRunner; this one proves the real implementation keeps
 * server text from starting a workflow command.
 */
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  jest
} from '@jest/globals'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { EOL, tmpdir } from 'node:os'
import { join } from 'node:path'
import { logText, quoted } from '../src/text/log-text.js'
import { coreRunner } from '../src/runner/core-runner.js'
import { stepLimits } from '../src/report/annotation-budget.js'
import {
  emitAnnotations,
  notAnnotatedNotice,
  planAnnotations,
  type AnnotationSpec
} from '../src/report/annotations.js'
import type { RunReport } from '../src/report/model.js'
import { setOutputs } from '../src/report/outputs.js'
import { writeJobSummary } from '../src/report/summary.js'
import {
  evaluated,
  failingReport,
  forgingReport,
  runReport,
  sastFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

function planned(report: RunReport, max = 25): readonly AnnotationSpec[] {
  return planAnnotations(report, max, stepLimits(0))?.annotations ?? []
}

describe('logText', () => {
  it('quotes every line that the runner would read as a workflow command', () => {
    expect(
      logText(
        'ok\n::error title=x::y\n   ::add-mask::z\r::stop-commands::t\u2028##[error]legacy\n a :: b'
      )
    ).toBe(
      'ok\n> ::error title=x::y\n>    ::add-mask::z\n> ::stop-commands::t\n> ##[error]legacy\n a :: b'
    )
  })

  it('drops ANSI escapes and bidi overrides, keeps tabs and plain text', () => {
    expect(logText('\u001b[8mhidden\u001b[0m\tpath\u202e.py')).toBe('[8mhidden[0m\tpath.py')
    expect(logText('Gate passed: 3 findings in scope')).toBe('Gate passed: 3 findings in scope')
  })
})

describe('quoted', () => {
  it('makes a server value one bounded line', () => {
    expect(quoted('tok\n::error::x\r\n\u2028y')).toBe('tok ::error::x y')
    expect(quoted('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})

describe('coreRunner writes to stdout', () => {
  let written: string[]

  beforeEach(() => {
    written = []
    jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array): boolean => {
        written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
        return true
      })
  })

  afterEach(() => {
    jest.restoreAllMocks()
    process.exitCode = undefined
  })

  function outputLines(): string[] {
    return written
      .join('')
      .split(EOL)
      .filter(l => l !== '')
  }

  it('writes what it is told at once and in order, the mask first', () => {
    coreRunner.setSecret('fgt_s3cret-value')
    coreRunner.info('using fgt_s3cret-value')
    coreRunner.setFailed('failed')
    expect(outputLines()).toEqual([
      '::add-mask::fgt_s3cret-value',
      'using fgt_s3cret-value',
      '::error::failed'
    ])
    expect(process.exitCode).toBe(1)
  })

  it('quotes a server line that would start a workflow command, in info, warning and setFailed', () => {
    const forged = 'token abc\n::add-mask::x\n  ##[error]legacy\u001b[8m'
    coreRunner.info(forged)
    coreRunner.warning(forged)
    coreRunner.setFailed(forged)
    expect(process.exitCode).toBe(1)
    expect(outputLines()).toEqual([
      'token abc',
      '> ::add-mask::x',
      '>   ##[error]legacy[8m',
      '::warning::token abc%0A> ::add-mask::x%0A>   ##[error]legacy[8m',
      '::error::token abc%0A> ::add-mask::x%0A>   ##[error]legacy[8m'
    ])
  })

  it('writes exactly one ::error line per annotation, whatever the server text', () => {
    const count = emitAnnotations(planned(forgingReport()), coreRunner)
    expect(count).toBe(2)
    const out = outputLines()
    expect(out).toHaveLength(2)
    expect(out.every(l => l.startsWith('::error '))).toBe(true)
    expect(out.filter(l => l.includes('::error')).length).toBe(2)
    // The message's newlines are escaped by core, and its `%` too, so `%0A` stays literal text.
    expect(out[0]).toContain(
      '::Looks fine%0A::error file=x::forged%0A::warning::also forged%250A::error::encoded'
    )
    // Properties: `:` and `,` escaped, so the title cannot add a `file=` property of its own.
    expect(out[1]).toMatch(
      /^::error title=rule%3A%3Aerror title=x%2Cfile=evil\.py%3A%3Aboom next,file=src\/a%2Cb%3Ac\.py %3A%3Aerror%3A%3Ax,line=3::Looks fine%0A/
    )
  })

  it('writes warnings and notices with @actions/core, and the note on what was not annotated', () => {
    const report = runReport({
      verdict: verdictOf([
        evaluated(sastFinding({ id: 1 })),
        evaluated(sastFinding({ id: 2, severity: 'critical' }), { blocking: false, reasons: [] }),
        evaluated(sastFinding({ id: 3, severity: 'low' }), { blocking: false, reasons: [] })
      ])
    })
    const plan = planAnnotations(report, 2, stepLimits(0))
    if (!plan) throw new Error('no plan')
    const notice = notAnnotatedNotice(plan.coverage, ['the job summary'])
    expect(emitAnnotations([...plan.annotations, ...(notice ? [notice] : [])], coreRunner)).toBe(1)
    const out = outputLines()
    expect(out.map(l => l.slice(0, l.indexOf(' ')))).toEqual(['::error', '::warning', '::notice'])
    expect(out[1]).toMatch(
      /^::warning title=python\.lang\.security\.audit\.eval-detected,file=app\/views\.py,line=12,/
    )
    expect(out[1]).toMatch(/%0A%0ADoes not block the gate\.$/)
    expect(out[2]).toBe(
      '::notice title=Findings Gate%3A not every finding is annotated::1 of 2 non-blocking findings is not annotated: GitHub shows 10 annotations of each level in a step (max-annotations: 2). They are in the job summary.'
    )
  })
})

describe('coreRunner writes the runner files', () => {
  // core.summary caches the file path of the first write, so the whole file uses one summary file.
  let dir: string
  const saved = {
    output: process.env['GITHUB_OUTPUT'],
    summary: process.env['GITHUB_STEP_SUMMARY']
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'core-runner-'))
    process.env['GITHUB_OUTPUT'] = join(dir, 'output')
    process.env['GITHUB_STEP_SUMMARY'] = join(dir, 'step_summary.md')
    await writeFile(join(dir, 'output'), '')
    await writeFile(join(dir, 'step_summary.md'), '')
  })

  afterAll(async () => {
    for (const [name, value] of [
      ['GITHUB_OUTPUT', saved.output],
      ['GITHUB_STEP_SUMMARY', saved.summary]
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    await rm(dir, { recursive: true, force: true })
  })

  /** Parses the `name<<delimiter\nvalue\ndelimiter` blocks @actions/core appends. */
  function parseOutputFile(text: string): Record<string, string> {
    const parsed: Record<string, string> = {}
    const lines = text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      const match = /^([\w-]+)<<(.+)$/.exec(lines[i] ?? '')
      if (!match?.[1] || !match[2]) continue
      const end = lines.indexOf(match[2], i + 1)
      parsed[match[1]] = lines.slice(i + 1, end).join('\n')
      i = end
    }
    return parsed
  }

  it('writes every output to $GITHUB_OUTPUT', async () => {
    const outputs = setOutputs(failingReport(), { reportFile: 'r.json' }, coreRunner)
    expect(parseOutputFile(await readFile(join(dir, 'output'), 'utf8'))).toEqual(outputs)
    expect(outputs['report-file']).toBe('r.json')
    expect(outputs['blocking-ids']).toBe('[1,2]')
  })

  it('appends the job summary to $GITHUB_STEP_SUMMARY', async () => {
    await expect(writeJobSummary(failingReport(), coreRunner)).resolves.toBe(true)
    const text = await readFile(join(dir, 'step_summary.md'), 'utf8')
    expect(text.startsWith('## ❌ Findings Gate failed: 2 blocking of 4 findings\n')).toBe(true)
  })

  it('rejects a summary it cannot write and keeps none of it for the next write', async () => {
    // The cached path now points into a folder that no longer exists.
    await rm(dir, { recursive: true, force: true })
    await expect(coreRunner.appendSummary('half-written')).rejects.toThrow()
    await mkdir(dir)
    await coreRunner.appendSummary('next')
    expect(await readFile(join(dir, 'step_summary.md'), 'utf8')).toBe('next')
  })
})
