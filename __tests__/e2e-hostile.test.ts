/**
 * Hostile server data end to end: the bundled action (dist/index.js) against an emulator whose
 * findings and project tags carry Markdown, HTML, forged workflow commands and line breaks, and
 * against responses of 20,000+ findings with megabyte rule messages.
 *
 * The promises checked: no server text becomes HTML, a heading, a link or a mention in the job
 * summary, nor a workflow command of its own in the log; the summary tables keep one row per
 * finding with the right number of cells; the summary stays under the runner's 1 MiB limit with
 * a truncation note, and the annotations stay within max-annotations plus one notice.
 */
import { describe, expect, it } from '@jest/globals'
import { sastFinding, scaFinding } from '../emulator/data/factories.js'
import {
  requireBundle,
  errorLines,
  runAction,
  withEmulator,
  type ActionRun
} from './helpers/e2e.js'
import { annotations, commandLines, stackFrames } from './helpers/e2e-inspect.js'

requireBundle()

const FAST = { 'timeout-seconds': '10', 'max-retries': '1' }
const FORGED = '::error file=x::forged'

const HOSTILE_MESSAGE = [
  'First line of the message',
  `${FORGED}-message`,
  '::warning::forged warning\r',
  '::add-mask::forged mask',
  '<script>alert("xss")</script><img src=x onerror=alert(1)>',
  '# Forged heading',
  '**bold** [click](javascript:alert(1)) | a | b | @octocat www.evil.example https://evil.example/x',
  '| forged | table | row |'
].join('\n')

interface HostileSpec {
  readonly ruleName: string
  readonly path: string
  readonly line: number
}

const HOSTILE_SAST: readonly HostileSpec[] = [
  {
    ruleName: `acme.evil.rule\n${FORGED}-rule <script>alert(1)</script> | cell |`,
    path: `src/evil\n${FORGED}-path|<b>x</b>.py`,
    line: 7
  },
  {
    ruleName: '# heading-rule\n- list\n<!-- comment --> `code` ~~strike~~',
    path: 'src/a,b:c%0A::notice::forged.py',
    line: 8
  },
  {
    ruleName: 'acme.mention @octocat @acme/security-team :rocket:',
    path: 'src/<details><summary>open</summary>.py',
    line: 9
  }
]

const HOSTILE_PACKAGE = `evil<script>|pkg\n${FORGED}-package`
const HOSTILE_TAGS = [
  '<script>alert(1)</script>',
  `${FORGED}-tag`,
  'multi\nline',
  '| pipe |',
  '@octocat'
]

/** What annotation properties become: one line, whitespace collapsed. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Cells of a GFM table row: splits on `|` not escaped by a backslash. */
function tableCells(row: string): string[] {
  const cells: string[] = []
  let current = ''
  for (let i = 0; i < row.length; i++) {
    const ch = row[i] ?? ''
    if (ch === '\\') {
      current += ch + (row[i + 1] ?? '')
      i++
    } else if (ch === '|') {
      cells.push(current)
      current = ''
    } else current += ch
  }
  cells.push(current)
  // A row `| a | b |` splits into ['', ' a ', ' b ', '']: drop the outer empties.
  return cells.slice(1, -1)
}

/** The rows of the table whose header line is `header`, up to the first non-row line. */
function tableRows(summary: string, header: string): string[] {
  const lines = summary.split('\n')
  const start = lines.indexOf(header)
  if (start < 0) return []
  const rows: string[] = []
  for (let i = start + 2; i < lines.length && (lines[i] ?? '').startsWith('|'); i++)
    rows.push(lines[i] ?? '')
  return rows
}

const ALLOWED_TAGS = new Set([
  'code',
  '/code',
  'br',
  'sub',
  '/sub',
  'details',
  '/details',
  'summary',
  '/summary'
])

/** Every raw HTML tag (or comment, or declaration) in the Markdown. */
function htmlTags(markdown: string): string[] {
  return [...markdown.matchAll(/<(\/?[A-Za-z][A-Za-z0-9-]*|!--|!)/g)].map(m => m[1] ?? '')
}

function expectNoForgedCommands(run: ActionRun): void {
  for (const line of commandLines(run)) {
    expect(line).toMatch(/^::(add-mask|error|warning|notice)( [^:]*)?::/)
    expect(line).not.toMatch(/^::(error|warning|notice|add-mask)[^:]*::forged/)
  }
  expect(run.stdout).not.toMatch(/^::(error|warning|notice) file=x::/m)
  expect(run.stdout).not.toMatch(/^::warning::forged/m)
  expect(run.stdout).not.toMatch(/^::add-mask::forged/m)
}

describe('hostile text in findings and project tags', () => {
  it('is escaped: no HTML, headings or mentions in the summary, no forged commands, rows intact', async () => {
    await withEmulator({}, async emulator => {
      const { state } = emulator
      for (const [i, spec] of HOSTILE_SAST.entries()) {
        state.sastFindings.push(
          sastFinding({
            id: 7_950_001 + i,
            severity: 'critical',
            ruleName: spec.ruleName,
            ruleMessage: HOSTILE_MESSAGE,
            location: {
              filePath: spec.path,
              line: spec.line,
              column: 1,
              endLine: spec.line,
              endColumn: 10
            }
          })
        )
      }
      state.scaFindings.push(
        scaFinding({
          id: 7_960_001,
          severity: 'critical',
          ruleName: `ssc-evil\n${FORGED}-sca`,
          ruleMessage: HOSTILE_MESSAGE,
          vulnerabilityIdentifier: `CVE-1|<script>\n${FORGED}-cve`,
          foundDependency: {
            package: HOSTILE_PACKAGE,
            version: '1.0.0|<b>',
            ecosystem: 'npm',
            transitivity: 'direct',
            lockfileLineUrl: 'javascript:alert(1)'
          },
          // The fix column shows server text too.
          fixRecommendations: [{ package: HOSTILE_PACKAGE, version: '2.0.0|<b>' }]
        })
      )
      const web = state.projects.find(p => p.name === 'acme/web')
      if (web === undefined) throw new Error('no acme/web project')
      web.tags = [...HOSTILE_TAGS]

      const run = await runAction(emulator, { ...FAST, 'project-tags': 'ci-gate' })

      // The verdict: the 5 usual blocking findings and the 4 hostile ones.
      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-count']).toBe('9')
      expect(run.outputs['findings-count']).toBe('20')
      expect(JSON.parse(run.outputs['project-tags'] ?? '[]')).toEqual([...HOSTILE_TAGS, 'ci-gate'])
      expect(stackFrames(run.stderr)).toEqual([])

      // --- the log: one ::error per annotation a step shows (8 of the 9: the step's failure line
      // takes one of GitHub's 10), plus the one failure line.
      const commands = commandLines(run)
      expect(commands.filter(line => line.startsWith('::error'))).toHaveLength(8 + 1)
      expect(commands.filter(line => line.startsWith('::error title='))).toHaveLength(8)
      expect(errorLines(run)).toHaveLength(1)
      // The hostile rules are in no policy, so in no mode list: below block, nothing to warn of.
      // Besides the findings' annotations, only the mask and the note on what was not annotated.
      const findingAnnotation = /^::(error|warning|notice) title=(?!Findings Gate)/
      expect(
        commands.filter(line => !findingAnnotation.test(line) && !line.startsWith('::error::'))
      ).toEqual([
        `::add-mask::${emulator.token}`,
        expect.stringMatching(
          /^::notice title=Findings Gate%3A not every finding is annotated::1 of 9 blocking findings /
        )
      ])
      expectNoForgedCommands(run)
      const notes = annotations(run)
      for (const spec of HOSTILE_SAST) {
        const matching = notes.filter(a => a.properties.title === oneLine(spec.ruleName))
        expect(matching).toHaveLength(1)
        expect(matching[0]?.properties.file).toBe(oneLine(spec.path))
        expect(matching[0]?.properties.line).toBe(String(spec.line))
        // The message keeps its line breaks, inside the one command.
        expect(matching[0]?.message.startsWith('First line of the message\n')).toBe(true)
      }
      const sca = notes.filter(a => a.properties.title === `ssc-evil ${FORGED}-sca`)
      expect(sca).toHaveLength(1)

      // --- the summary: no HTML but our own, no forged structure.
      const summary = run.summary
      expect(summary).not.toMatch(/<script/i)
      expect(summary).not.toMatch(/<img/i)
      expect(summary).not.toMatch(/<b>/i)
      expect(new Set(htmlTags(summary)).size).toBeGreaterThan(0)
      for (const tag of htmlTags(summary)) expect(ALLOWED_TAGS).toContain(tag)
      expect(summary).not.toContain('](javascript:')
      expect(summary).not.toMatch(/@octocat|@acme\/security-team/)
      expect(summary).not.toMatch(/(^|[^\\])https:\/\/evil\.example/)
      for (const line of summary.split('\n').filter(l => l.startsWith('#')))
        expect(line).toMatch(
          /^(## \S+ Findings Gate[: ]|### (Blocking findings \(\d+\)|Project tags|Warnings)$)/
        )

      // Table rows: one per finding, each with exactly the header's cells.
      const blockingHeader = '| Severity | Finding | Fix · EPSS | Location | Why it blocks |'
      const blockingRows = tableRows(summary, blockingHeader)
      expect(blockingRows).toHaveLength(9)
      for (const row of blockingRows) {
        expect(row).toMatch(/^\| (critical|high|medium|low) \| .* \|$/)
        expect(tableCells(row)).toHaveLength(5)
      }
      const otherHeader = '| Severity | Finding | Fix · EPSS | Mode / reachability | Location |'
      const otherRows = tableRows(summary, otherHeader)
      expect(otherRows).toHaveLength(20 - 9)
      for (const row of otherRows) expect(tableCells(row)).toHaveLength(5)

      // Project tags: one line under the heading, tags escaped.
      const tagLines = summary.split('### Project tags\n\n')[1]?.split('\n') ?? []
      expect(tagLines[0]).toMatch(/^<code>acme\/web<\/code>: .*— added: <code>ci-gate<\/code>$/)
      expect(tagLines[1]).toBe('')
      expect(tagLines[0]).toContain('&lt;script&gt;')
    })
  }, 30_000)
})

// Regression: the final ::error:: line quotes server text, which must be one bounded line without
// control characters (ANSI escapes, BEL, bidi overrides).
describe('server text in the failure line', () => {
  function hostileFinding(id: number, ruleName: string, filePath: string) {
    return sastFinding({
      id,
      severity: 'critical',
      ruleName,
      location: { filePath, line: 7, column: 1, endLine: 7, endColumn: 9 }
    })
  }

  it('a 300 KB rule name and a 200 KB path: every log line stays bounded', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.sastFindings.push(
        hostileFinding(7_970_001, `acme.${'r'.repeat(300_000)}`, `src/${'d/'.repeat(100_000)}x.py`)
      )
      const run = await runAction(emulator, FAST)

      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-count']).toBe('6')
      expect(errorLines(run)).toHaveLength(1)
      // Annotations are bounded; so must be the failure line.
      for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThan(20_000)
    })
  })

  it('ANSI escapes, BEL and bidi overrides in rule names and paths never reach the log', async () => {
    await withEmulator({}, async emulator => {
      emulator.state.sastFindings.push(
        hostileFinding(7_970_002, 'acme.bidi\u202eevil\u0007bell\u001b[31mred', 'src/\u202etxt.exe')
      )
      const run = await runAction(emulator, FAST)

      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-count']).toBe('6')
      // The annotation of that finding is clean already.
      const title = annotations(run).find(a => a.properties.title?.startsWith('acme.bidi'))
      expect(title?.properties.title).toBe('acme.bidievilbell[31mred')
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(run.stdout).not.toMatch(/[\u0007\u001b\u202e]/)
    })
  })
})

describe('huge responses', () => {
  it('20,000+ findings with 1 MB messages: summary < 1 MiB with a truncation note, annotations capped', async () => {
    const MAX_ANNOTATIONS = 20
    await withEmulator(
      { bulk: { repository: 'acme/web', ref: 'refs/heads/main', sast: 20_000, sca: 0 } },
      async emulator => {
        const huge = ('x'.repeat(1000) + `\n${FORGED}-huge\n`).repeat(1000)
        expect(huge.length).toBeGreaterThan(1_000_000)
        const targets = emulator.state.sastFindings
          .filter(f => f.ref === 'refs/heads/main' && f.repository.name === 'acme/web')
          .filter(f => f.severity === 'critical')
          .slice(0, 4)
        expect(targets).toHaveLength(4)
        for (const finding of targets) {
          finding.ruleMessage = huge
          finding.rule = { ...finding.rule, message: huge }
        }

        const run = await runAction(emulator, {
          ...FAST,
          'max-annotations': String(MAX_ANNOTATIONS)
        })

        expect(run.exitCode).toBe(1)
        expect(stackFrames(run.stderr)).toEqual([])
        expect(Number(run.outputs['findings-count'])).toBeGreaterThan(20_000)
        const blocking = Number(run.outputs['blocking-count'])
        expect(blocking).toBeGreaterThan(MAX_ANNOTATIONS)

        // The summary fits the runner's limit and says it was cut.
        expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThan(1024 * 1024)
        expect(run.summary).toMatch(
          /_Truncated: [\d,]+ more (blocking|non-blocking) findings not shown — see the JSON report \(`report-file`\)\._/
        )
        expect(run.summary).not.toContain('x'.repeat(1000))

        // Annotations: 8 errors (GitHub shows 10 of a step, the action keeps 2 for its own), then
        // what the other levels leave of max-annotations, then one notice for the rest.
        const commands = commandLines(run)
        expect(commands.filter(line => line.startsWith('::error title='))).toHaveLength(8)
        // The non-blocking ones: at most 9 notices, and at most 7 warnings (the step's warnings
        // hold 10; the blocking-ids warning came before, and the action keeps 2 for later lines).
        const level = (name: string) =>
          commands.filter(
            line => line.startsWith(`::${name} title=`) && !line.includes('=Findings Gate')
          )
        expect(level('notice')).toHaveLength(9)
        expect(level('warning').length).toBeLessThanOrEqual(7)
        const findingNotes = [...level('warning'), ...level('notice')]
        const notices = commands.filter(line => line.startsWith('::notice title=Findings Gate'))
        const notAnnotated = (blocking - 8).toLocaleString('en-US')
        expect(notices).toEqual([
          expect.stringMatching(
            new RegExp(
              `^::notice title=Findings Gate%3A not every finding is annotated::${notAnnotated} of ${blocking.toLocaleString('en-US')} blocking findings and [\\d,]+ of [\\d,]+ non-blocking findings are not annotated: GitHub shows 10 annotations of each level in a step \\(max-annotations: ${MAX_ANNOTATIONS}\\)\\. They are in the job summary\\.$`
            )
          )
        ])
        expect(errorLines(run)).toHaveLength(1)
        // blocking-ids holds the first 1,000 ids, and a warning says so.
        expect(commands.filter(line => line.startsWith('::warning::'))).toEqual([
          expect.stringMatching(/^::warning::Output blocking-ids holds the first 1,000 of /)
        ])
        expect(commands).toHaveLength(1 + 8 + findingNotes.length + 1 + 1 + 1)
        expectNoForgedCommands(run)
        // Every log line is bounded, whatever the server sent.
        for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThan(20_000)
        expect(run.stdout.length).toBeLessThan(512 * 1024)
      }
    )
  }, 120_000)
})
