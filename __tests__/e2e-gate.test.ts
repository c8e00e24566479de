/**
 * End-to-end tests of the merge gate: the bundled action (dist/index.js) run in a child process
 * exactly as the runner runs it, against the local emulator of the findings API.
 *
 * Every test asserts the exit code, the outputs, the `::error::`/`::warning::` lines, the job
 * summary and what the emulator received. The emulator is shared per describe; tests that change
 * its state undo the change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml } from 'yaml'
import { PR_REF, sampleCommit, sastFinding, startEmulator } from '../emulator/server.js'
import {
  requireBundle,
  errorLines,
  runAction,
  warningLines,
  type ActionRun,
  type Emulator,
  RELAXED,
  FINDINGS_PATH,
  expectFindingsRef,
  expectShortListRequests,
  LIST_CHAINS,
  findingsRequests,
  proofScansRequests,
  scanOutputs,
  SCANS_PATH
} from './helpers/e2e.js'
import { FakeGitHub } from './helpers/fake-github.js'
import {
  PROJECT,
  WEB_MAIN_BLOCKING,
  WEB_PR,
  WEB_SAST,
  WEB_SCA,
  prCopyId
} from './helpers/sample.js'

requireBundle()

const SQLI = 'python.django.security.injection.sql.sql-injection-db-cursor-execute'
const SUBPROCESS = 'python.lang.security.audit.dangerous-subprocess-use-audit'
const CERT = 'python.requests.security.disabled-cert-validation.disabled-cert-validation'
const MD5 = 'python.lang.security.audit.md5-used-as-password.md5-used-as-password'

const DEFAULT_BLOCKING_MESSAGE =
  `5 blocking findings: high ${SQLI} at src/app/views.py:42, ` +
  `high ${SUBPROCESS} at src/app/tasks/export.py:88, ` +
  `high ${CERT} at src/app/integrations/billing.py:54, and 2 more`

/** Thresholds under which nothing on acme/web main blocks. */

function requestLines(emulator: Emulator): string[] {
  return emulator.requests.map(r => `${r.method} ${r.rawPath}`)
}

/** The outputs every evaluated run on acme/web main sets. */
/** A run's counts; `aiSast` only when the run judged AI SAST (the default types do). */
interface Counts {
  readonly total: number
  readonly sast: number
  readonly sca: number
  readonly aiSast?: number
}

function gateOutputs(
  result: string,
  blockingIds: readonly number[],
  counts: Counts = { total: 16, sast: 10, sca: 6, aiSast: 0 },
  blockingCount = blockingIds.length,
  ref = 'refs/heads/main'
): Record<string, string> {
  return {
    ...scanOutputs(ref),
    result,
    'findings-count': String(counts.total),
    'new-count': String(counts.total),
    'blocking-count': String(blockingCount),
    'sast-count': String(counts.sast),
    'sca-count': String(counts.sca),
    'secrets-count': '0',
    ...(counts.aiSast === undefined ? {} : { 'ai-sast-count': String(counts.aiSast) }),
    'blocking-ids': JSON.stringify(blockingIds),
    'deployment-slug': 'acme-corp',
    'deployment-id': '4242'
  }
}

/** The markdown lines of one `### Title (n)` section, up to the next blank line after its table. */
function sectionRows(summary: string, heading: string): string[] {
  const lines = summary.split('\n')
  const start = lines.indexOf(heading)
  if (start < 0) return []
  const rows: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('| ') && !line.startsWith('| Severity') && !line.startsWith('| ---'))
      rows.push(line)
    else if (rows.length > 0) break
  }
  return rows
}

/** A free TCP port on 127.0.0.1 with nothing listening on it any more. */
async function closedPort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>(resolve => server.close(() => resolve()))
  return port
}

const ACTION_YML = parseYaml(
  readFileSync(fileURLToPath(new URL('../action.yml', import.meta.url)), 'utf8')
) as { inputs: Record<string, { default?: string }> }

/**
 * The inputs as the runner passes them: every input of action.yml that the workflow leaves out
 * gets its default, with `${{ github.* }}` expressions already expanded (the action cannot tell
 * an expanded default from a value the workflow set).
 */
function withRunnerDefaults(
  given: Record<string, string>,
  github: { repository: string; ref: string; token: string }
): Record<string, string> {
  const expand = (value: string): string =>
    value
      .replace(/\$\{\{\s*github\.repository\s*\}\}/g, github.repository)
      .replace(/\$\{\{\s*github\.ref\s*\}\}/g, github.ref)
      .replace(/\$\{\{\s*github\.token\s*\}\}/g, github.token)
  const inputs: Record<string, string> = {}
  for (const [name, input] of Object.entries(ACTION_YML.inputs))
    inputs[name] = given[name] ?? expand(input.default ?? '')
  return inputs
}

function expectNoGateFailure(run: ActionRun): void {
  expect(errorLines(run)).toEqual([])
}

describe('e2e gate: verdicts on acme/web main', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.clearFaults()
  })

  it('passes with relaxed thresholds: exit 0, counts 16/10/6, no blocking ids', async () => {
    const run = await runAction(emulator, RELAXED)

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual(gateOutputs('passed', []))
    expectNoGateFailure(run)
    expect(warningLines(run)).toEqual([])
    expect(run.stdout).toContain('Gate passed: 16 findings in scope, none blocking\n')
    expect(run.summary.split('\n')[0]).toBe(
      '## ✅ Findings Gate passed: 16 findings, none blocking'
    )
    expect(run.summary).toContain('| Code | 0 | 3 | 4 | 3 | 10 |')
    expect(run.summary).toContain('| Supply Chain | 1 | 2 | 2 | 1 | 6 |')
    expect(run.summary).not.toContain('### Blocking findings')
    // Policy modes are not needed with fail-on-policy-mode: none, so no policy request is made.
    // One sequence: the deployment, the project, the scans search that proves the scans, the
    // findings and secrets, then the search again that proves the scans still hold.
    const lines = requestLines(emulator)
    const projects = 'GET /api/v1/deployments/acme-corp/projects/acme/web'
    const scans = `POST ${SCANS_PATH}`
    expect(lines.slice(0, 3)).toEqual(['GET /api/v1/deployments', projects, scans])
    expect(lines.at(-1)).toBe(scans)
    expect(lines.filter(line => line !== `GET ${FINDINGS_PATH}`)).toEqual([
      'GET /api/v1/deployments',
      projects,
      scans,
      'GET /api/v1/deployments/4242/secrets',
      scans
    ])
    expectShortListRequests(findingsRequests(emulator), LIST_CHAINS)
    expect(proofScansRequests(emulator)).toHaveLength(2)
  })

  it('fails by default: exit 1, one error line naming the worst findings, outputs and summary', async () => {
    const run = await runAction(emulator)

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([DEFAULT_BLOCKING_MESSAGE])
    expect(errorLines(run)[0]).toMatch(
      new RegExp(
        `^5 blocking findings: high ${SQLI.replace(/\./g, '\\.')} at src/app/views\\.py:42`
      )
    )
    expect(run.outputs).toEqual(gateOutputs('failed', WEB_MAIN_BLOCKING))
    // One annotation per blocking finding, at its file and line: the most severe first, then by path.
    const lines = run.stdout.split('\n')
    const annotations = lines.filter(l => l.startsWith('::error title='))
    expect(annotations.map(l => /file=([^,]+),line=(\d+)/.exec(l)?.slice(1).join(':'))).toEqual([
      'src/app/integrations/billing.py:54',
      'src/app/tasks/export.py:88',
      'src/app/views.py:42',
      'web/frontend/package-lock.json:812',
      'src/app/auth/passwords.py:31'
    ])
    // The 11 non-blocking ones fit in what a step shows: each is a warning or a notice, and no
    // note says any was left out.
    const others = lines.filter(l => /^::(warning|notice) title=/.test(l))
    expect(others).toHaveLength(11)
    expect(others.every(l => l.endsWith('%0A%0ADoes not block the gate.'))).toBe(true)
    expect(run.stdout).not.toContain('not every finding is annotated')

    const summaryLines = run.summary.split('\n')
    // A short heading, what was judged, the counts; the blocking table, not a sentence, lists them.
    expect(summaryLines[0]).toBe('## ❌ Findings Gate failed: 5 blocking of 16 findings')
    expect(summaryLines[2]).toMatch(
      new RegExp(
        `^\\*\\*Judged:\\*\\* Code, Supply Chain, Secrets, AI-powered detection in scan \\d+ of commit <code>${sampleCommit('acme/web', 'refs/heads/main').slice(0, 12)}</code> on <code>refs/heads/main</code> \\(full scan, completed .+\\)\\.$`
      )
    )
    expect(summaryLines[4]).toBe(
      '**16** findings in scope: **5** blocking, **0** ignored, **11** not blocking'
    )
    // The headline sentence (escaped in Markdown) is the log's; the summary does not repeat it.
    expect(run.summary).not.toContain('Gate failed\\:')
    expect(run.summary).toContain(
      '**16** findings in scope: **5** blocking, **0** ignored, **11** not blocking'
    )
    expect(run.summary).toContain('| Severity | Finding | Fix · EPSS | Location | Why it blocks |')
    const rows = sectionRows(run.summary, '### Blocking findings (5)')
    expect(rows).toHaveLength(5)
    expect(rows[0]).toMatch(
      new RegExp(
        `^\\| high \\| <code>${SQLI.replace(/\./g, '\\.')}</code><br><sub>[^|]*</sub> \\| — \\| \\[src/app/views\\.py\\\\:42\\]`
      )
    )
    expect(rows[0]).toMatch(/\| severity high ≥ high; policy mode block ≥ block \|$/)
    expect(rows[1]).toContain(`<code>${SUBPROCESS}</code>`)
    // Monitor and comment rules: in no block-mode list, so below the threshold, honestly.
    expect(rows[1]).toMatch(/\| severity high ≥ high \(mode below block\) \|$/)
    expect(rows[2]).toMatch(/\| severity high ≥ high \(mode below block\) \|$/)
    expect(rows[3]).toContain('<code>lodash@&#8203;4.17.20</code> <code>CVE-2021-23337</code>')
    expect(rows[3]).toContain('| <code>lodash@&#8203;4.17.21</code><br>EPSS 0.012 |')
    expect(rows[3]).toMatch(/ \(reachable\) \|$/)
    expect(rows[4]).toMatch(/^\| medium \| <code>python\.lang\.security\.audit\.md5/)
    expect(rows[4]).toMatch(/\| policy mode block ≥ block \|$/)

    // The modes come from the findings endpoint: beside each status's SAST list its block-mode
    // list (open: a short page, then the empty page that ends it), and no v1 policy lookup.
    const modeLists = emulator.requests.filter(r => r.query.policies !== undefined)
    expect(
      modeLists
        .map(r => [r.query.issue_type, r.query.status, r.query.page, r.query.policies])
        .sort()
    ).toEqual([
      [['sast'], ['fixing'], ['0'], ['rule-board-block']],
      [['sast'], ['open'], ['0'], ['rule-board-block']],
      [['sast'], ['open'], ['1'], ['rule-board-block']],
      [['sast'], ['reviewing'], ['0'], ['rule-board-block']]
    ])
    expect(emulator.requests.filter(r => r.path.includes('/policies'))).toEqual([])
  })

  it('warn-only: exit 0, result failed, a warning with the message and no gate error', async () => {
    const run = await runAction(emulator, { 'warn-only': 'true' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual(gateOutputs('failed', WEB_MAIN_BLOCKING))
    expectNoGateFailure(run)
    expect(warningLines(run)).toEqual([
      `Gate failed (warn-only, the step passes): ${DEFAULT_BLOCKING_MESSAGE}`
    ])
    expect(run.summary.split('\n')[0]).toMatch(
      /^## ⚠️ Findings Gate failed: 5 blocking of 16 findings$/
    )
    expect(run.summary).toContain('`warn-only` is set: the gate failed but the step does not.')
  })

  it('policy mode alone (fail-on-severity: none) blocks exactly the BLOCK-mode findings', async () => {
    const run = await runAction(emulator, { 'fail-on-severity': 'none' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual(gateOutputs('failed', [WEB_SAST.sqli, WEB_SAST.md5]))
    expect(errorLines(run)).toEqual([
      `2 blocking findings: high ${SQLI} at src/app/views.py:42, medium ${MD5} at src/app/auth/passwords.py:31`
    ])
    const rows = sectionRows(run.summary, '### Blocking findings (2)')
    expect(rows.map(r => /\| ([^|]+) \|$/.exec(r)?.[1])).toEqual([
      'policy mode block ≥ block',
      'policy mode block ≥ block'
    ])
    expect(emulator.requests.filter(r => r.path.includes('/policies'))).toEqual([])
  })

  it('fail-on-policy-mode: comment adds the COMMENT-mode findings', async () => {
    const run = await runAction(emulator, {
      'fail-on-severity': 'none',
      'fail-on-policy-mode': 'comment'
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual(
      gateOutputs('failed', [
        WEB_SAST.sqli,
        WEB_SAST.certValidation,
        WEB_SAST.openRedirect,
        WEB_SAST.csrf,
        WEB_SAST.md5,
        WEB_SAST.loggerLeak
      ])
    )
    expect(errorLines(run)).toEqual([
      `6 blocking findings: high ${SQLI} at src/app/views.py:42, high ${CERT} at src/app/integrations/billing.py:54, ` +
        'medium javascript.express.security.audit.express-open-redirect.express-open-redirect at web/frontend/server/routes/login.js:23, and 3 more'
    ])
  })

  describe('SCA exposures (issue-types: sca, fail-on-severity: high)', () => {
    const sca = { 'issue-types': 'sca', 'fail-on-severity': 'high', 'fail-on-policy-mode': 'none' }
    const counts = { total: 6, sast: 0, sca: 6 }

    it('default exposures: only the reachable high (lodash) blocks, not the unreachable critical', async () => {
      const run = await runAction(emulator, sca)
      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(gateOutputs('failed', [WEB_SCA.lodash], counts))
      expect(errorLines(run)).toEqual([
        '1 blocking finding: high ssc-d002fd38-1a3f-495f-aacf-2b3eaf3bcf45 at web/frontend/package-lock.json:812'
      ])
      expect(expectShortListRequests(findingsRequests(emulator), 3).length).toBe(3)
      expect(findingsRequests(emulator).filter(r => r.query.issue_type?.[0] !== 'sca')).toEqual([])
    })

    it('conditionally_reachable and unreachable count when listed', async () => {
      const run = await runAction(emulator, {
        ...sca,
        'fail-on-exposures': 'reachable, conditionally reachable, unreachable'
      })
      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(
        gateOutputs('failed', [WEB_SCA.minimist, WEB_SCA.pyyaml, WEB_SCA.lodash], counts)
      )
      expect(run.summary).toContain(
        '**Gate:** severity ≥ high · policy mode: off · Supply Chain exposures: reachable, conditionally reachable, unreachable · malicious dependencies block'
      )
    })

    it('unreachable alone: only the unreachable critical (minimist) blocks', async () => {
      const run = await runAction(emulator, { ...sca, 'fail-on-exposures': 'unreachable' })
      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(gateOutputs('failed', [WEB_SCA.minimist], counts))
      expect(errorLines(run)).toEqual([
        '1 blocking finding: critical ssc-9ae48ce6-dabc-4235-ad05-cf0c0d12d3b3 at web/frontend/package-lock.json:2210'
      ])
    })

    it('none: no SCA finding counts toward severity, even with fail-on-severity: low', async () => {
      const run = await runAction(emulator, {
        ...sca,
        'fail-on-severity': 'low',
        'fail-on-exposures': 'none'
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toEqual(gateOutputs('passed', [], counts))
      expect(run.summary).toContain('Supply Chain exposures: none')
    })
  })

  it('malicious dependency on the PR ref blocks alone; fail-on-malicious: false passes', async () => {
    const pr = { ...RELAXED, ref: 'refs/pull/42/merge' }
    const counts = { total: 18, sast: 11, sca: 7, aiSast: 0 }

    const blocked = await runAction(emulator, pr)
    expect(blocked.exitCode).toBe(1)
    expect(blocked.outputs).toEqual(
      gateOutputs('failed', [WEB_PR.flatmapStream], counts, 1, PR_REF)
    )
    expect(errorLines(blocked)).toEqual([
      '1 blocking finding: malicious low ssc-a37215e2-2d30-4c67-a6c6-3da0934fb77d at web/frontend/package-lock.json:1377'
    ])
    const rows = sectionRows(blocked.summary, '### Blocking findings (1)')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain('<code>flatmap-stream@&#8203;0.1.1</code>')
    expect(rows[0]).toMatch(/\| malicious dependency \(unreachable, malicious\) \|$/)
    expectFindingsRef(emulator, 'refs/pull/42/merge', LIST_CHAINS)

    emulator.requests.length = 0
    const allowed = await runAction(emulator, { ...pr, 'fail-on-malicious': 'false' })
    expect(allowed.exitCode).toBe(0)
    expect(allowed.outputs).toEqual(gateOutputs('passed', [], counts, 0, PR_REF))
    expect(allowed.summary).toContain('malicious dependencies do not block')
  })

  it('denied license: fails naming PyQt5, listing the dependencies of repository id 1001 and its matches', async () => {
    const run = await runAction(emulator, {
      ...RELAXED,
      'deny-licenses': 'GPL-3.0-only'
    })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      '1 dependency with a denied license: PyQt5@5.15.10 (GPL-3.0-only)'
    ])
    expect(run.outputs).toEqual(gateOutputs('failed', [], undefined, 1))
    expect(run.summary).toContain('### Dependencies with a denied license (1)')
    expect(run.summary).toContain(
      '| <code>PyQt5@&#8203;5.15.10</code> | <code>GPL-3.0-only</code> |'
    )
    const dependencyRequests = emulator.requests.filter(
      r => r.path === '/api/v1/deployments/4242/dependencies'
    )
    // The documented shape lists no licenses: the other dependencies are unknown, not passed.
    expect(run.summary).toContain(
      '<details><summary>43 dependencies of unknown license (not judged, not blocking)</summary>'
    )
    // Every dependency of the repository, judged on its own expression, and the server's matches.
    expect(dependencyRequests.map(r => r.method)).toEqual(['POST', 'POST'])
    expect(dependencyRequests.map(r => r.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dependencyFilter: { repositoryId: [PROJECT.web] } }),
        expect.objectContaining({
          dependencyFilter: { license: ['GPL-3.0-only'], repositoryId: [PROJECT.web] }
        })
      ])
    )
  })

  it('two denied licenses: both dependencies are named, sorted', async () => {
    const run = await runAction(emulator, {
      ...RELAXED,
      'deny-licenses': 'GPL-3.0-only\nAGPL-3.0-or-later'
    })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      '2 dependencies with a denied license: PyMuPDF@1.23.8 (AGPL-3.0-or-later), PyQt5@5.15.10 (GPL-3.0-only)'
    ])
    expect(run.outputs['blocking-count']).toBe('2')
    expect(
      emulator.requests
        .filter(r => r.path === '/api/v1/deployments/4242/dependencies')
        .map(r => (r.body as { dependencyFilter: { license?: string[] } }).dependencyFilter.license)
        .sort()
    ).toEqual([['AGPL-3.0-or-later'], ['GPL-3.0-only'], undefined])
  })

  it('ignore-rules globs ignore matching rules; the ignored findings are listed, not blocking', async () => {
    const run = await runAction(emulator, { 'ignore-rules': 'python.django.**\nssc-d002*' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual(
      gateOutputs('failed', [WEB_SAST.subprocess, WEB_SAST.certValidation, WEB_SAST.md5])
    )
    expect(run.summary).toContain('**16** findings in scope: **3** blocking, **4** ignored')
    const ignored = sectionRows(run.summary, '### Ignored findings (4)')
    expect(ignored.map(r => /\| ([^|]+) \| ([^|]+) \|$/.exec(r)?.slice(1))).toEqual([
      ['listed in ignore-rules', 'ignore-rules\\: python.django.\\*\\*'],
      ['listed in ignore-rules', 'ignore-rules\\: ssc-d002\\*'],
      ['listed in ignore-rules', 'ignore-rules\\: python.django.\\*\\*'],
      ['listed in ignore-rules', 'ignore-rules\\: python.django.\\*\\*']
    ])
  })

  describe('ignore-file', () => {
    let dir: string
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'e2e-gate-ignore-'))
    })
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('an active entry ignores the SQL injection finding (with its reason); an expired one warns and does not apply', async () => {
      const file = join(dir, 'ignores.yml')
      await writeFile(
        file,
        [
          'ignores:',
          `  - id: ${WEB_SAST.sqli}`,
          '    reason: Parameterised by the ORM wrapper, see SEC-12',
          '    expires: 2999-12-31',
          `  - rule: ${SUBPROCESS}`,
          '    reason: Accepted until the export rewrite',
          '    expires: 2020-01-31',
          ''
        ].join('\n')
      )
      const run = await runAction(emulator, { 'ignore-file': file })

      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(
        gateOutputs('failed', [
          WEB_SAST.subprocess,
          WEB_SAST.certValidation,
          WEB_SCA.lodash,
          WEB_SAST.md5
        ])
      )
      expect(warningLines(run)).toEqual([
        `Ignore entry "rule ${SUBPROCESS}" expired on 2020-01-31 and no longer applies`
      ])
      expect(errorLines(run)).toEqual([
        `4 blocking findings: high ${SUBPROCESS} at src/app/tasks/export.py:88, high ${CERT} at src/app/integrations/billing.py:54, ` +
          'high ssc-d002fd38-1a3f-495f-aacf-2b3eaf3bcf45 at web/frontend/package-lock.json:812, and 1 more'
      ])
      const ignored = sectionRows(run.summary, '### Ignored findings (1)')
      expect(ignored).toHaveLength(1)
      expect(ignored[0]).toContain(`| high | <code>${SQLI}</code> |`)
      expect(ignored[0]).toContain(
        `| Parameterised by the ORM wrapper, see SEC-12 | id ${WEB_SAST.sqli} |`
      )
      expect(run.summary).toContain('### Expired ignore entries (1)')
      expect(run.summary).toContain(`- rule ${SUBPROCESS} — expired 2020-01-31`)
      expect(run.summary).toContain('**16** findings in scope: **4** blocking, **1** ignored')
    })

    it('an unreadable ignore file is an input error and nothing is sent', async () => {
      const missing = join(dir, 'missing.yml')
      const run = await runAction(emulator, { 'ignore-file': missing })
      expect(run.exitCode).toBe(1)
      expect(errorLines(run)).toEqual([
        `Invalid inputs, nothing was sent:\nignore-file ${missing}: cannot be read (ENOENT)`
      ])
      expect(emulator.requests).toEqual([])
    })
  })

  it('since: 7d counts only findings relevant within 7 days and sends since as epoch seconds', async () => {
    const before = Math.floor(Date.now() / 1000)
    const run = await runAction(emulator, {
      since: '7d',
      'fail-on-severity': 'medium',
      'fail-on-policy-mode': 'none'
    })
    const after = Math.floor(Date.now() / 1000)

    // sqli (3 d), csrf (6 d), dangerousHtml (1 d) and pyyaml (2 d); not subprocess (12 d) etc.
    expect(run.outputs).toEqual(
      gateOutputs('failed', [WEB_SAST.sqli, WEB_SAST.csrf, WEB_SAST.dangerousHtml], {
        total: 4,
        sast: 3,
        sca: 1,
        aiSast: 0
      })
    )
    expect(run.exitCode).toBe(1)
    const requests = findingsRequests(emulator)
    expectShortListRequests(requests, LIST_CHAINS)
    const sent = requests.map(r => r.query.since)
    expect(new Set(sent.map(each => each?.[0])).size).toBe(1)
    const since = Number(sent[0]?.[0])
    expect(sent[0]?.[0]).toMatch(/^\d+$/)
    expect(since).toBeGreaterThanOrEqual(before - 7 * 86_400)
    expect(since).toBeLessThanOrEqual(after - 7 * 86_400)
    const iso = new Date(since * 1000).toISOString()
    expect(run.summary).toContain(`**Since** ${iso.replace(/:/g, '\\:')} ·`)
  })

  it('scope: findings requests carry repos, ref and status; a finding of acme/web-legacy is dropped', async () => {
    // What the emulator would answer for acme/web, plus a critical finding of acme/web-legacy
    // (the prefix look-alike) that a sloppy server could return.
    const query = (repo: string): string =>
      `${emulator.url}${FINDINGS_PATH}?issue_type=sast&repos=${encodeURIComponent(repo)}&ref=refs%2Fheads%2Fmain&status=open&page_size=3000`
    const headers = { authorization: `Bearer ${emulator.token}` }
    const web = (await (await fetch(query('acme/web'), { headers })).json()) as Record<
      string,
      unknown
    >
    const legacy = (await (await fetch(query('acme/web-legacy'), { headers })).json()) as Record<
      string,
      unknown
    >
    const listOf = (page: Record<string, unknown>): unknown[] => {
      const nested = page.sastFindings as { findings: unknown[] } | undefined
      return nested?.findings ?? (page.findings as unknown[])
    }
    const legacyFindings = listOf(legacy)
    expect(legacyFindings).toHaveLength(1)
    const body = { ...web, sastFindings: { findings: [...listOf(web), ...legacyFindings] } }
    delete (body as Record<string, unknown>).findings
    emulator.requests.length = 0
    emulator.addFault({
      kind: 'json',
      method: 'GET',
      path: FINDINGS_PATH,
      query: { page: '0' },
      body,
      times: 1
    })

    const run = await runAction(emulator, {
      ...RELAXED,
      'issue-types': 'sast',
      status: 'open'
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual(gateOutputs('passed', [], { total: 10, sast: 10, sca: 0 }))
    expect(warningLines(run)).toEqual([
      'Dropped 1 finding(s) the server returned out of scope: 1 of another repository (acme/web-legacy)'
    ])
    // Page 0, and perhaps page 1, asked for with it and cancelled once page 0 showed the end.
    const requests = findingsRequests(emulator)
    expectShortListRequests(requests, 1)
    for (const request of requests) {
      expect(request.query).toEqual({
        issue_type: ['sast'],
        repos: ['acme/web'],
        ref: ['refs/heads/main'],
        status: ['open'],
        page: [request.query.page?.[0]],
        page_size: ['3000']
      })
      expect(request.headers.authorization).toBe(`Bearer ${emulator.token}`)
    }
  })

  it('gate: false evaluates nothing: result skipped, no findings request', async () => {
    const run = await runAction(emulator, { gate: 'false' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({
      result: 'skipped',
      'deployment-slug': 'acme-corp',
      'deployment-id': '4242'
    })
    expectNoGateFailure(run)
    expect(findingsRequests(emulator)).toEqual([])
    expect(requestLines(emulator)).toEqual(['GET /api/v1/deployments'])
    expect(run.summary.split('\n')[0]).toBe('## ⚠️ Findings Gate skipped')
    expect(run.summary.split('\n')[2]).toBe(
      'Gate skipped\\: gate is false; only the configured effects ran'
    )
  })

  it('invalid inputs: exit 1, one error listing every problem, and zero requests', async () => {
    const run = await runAction(emulator, {
      'ticket-limit': '50',
      since: 'yesterday',
      'fail-on-severity': 'urgent'
    })

    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      [
        'Invalid inputs, nothing was sent:',
        'since: must be ISO 8601 with Z or an offset, epoch seconds, or a duration like 30m, 12h, 7d, 2w (got "yesterday")',
        'fail-on-severity: must be one of critical, high, medium, low, none (got "urgent")',
        'ticket-limit: must be an integer from 1 to 20 (got "50")'
      ].join('\n')
    ])
    expect(emulator.requests).toEqual([])
    expect(run.outputs).toEqual({})
  })
})

/** A critical finding the pull_request_target scan recorded on the PR's head branch name. */
const HEAD_BRANCH = 'feature/login'
const HEAD_BRANCH_FINDING = 7130001
/**
 * The head branch finding is added without a scan: judge it as it is. (`require-scan` is the
 * scan-evidence input; a build without it ignores it.)
 */
const NO_SCAN = { 'require-scan': 'none' }

describe('e2e gate: pull requests', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
    emulator.state.sastFindings.push(
      sastFinding({ id: HEAD_BRANCH_FINDING, ref: HEAD_BRANCH, severity: 'critical' })
    )
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.requests.length = 0
  })

  const prEvent = (head: string) => ({
    number: 42,
    pull_request: {
      number: 42,
      head: {
        ref: HEAD_BRANCH,
        repo: { full_name: head },
        sha: sampleCommit('acme/web', 'refs/pull/42/merge')
      },
      base: { repo: { full_name: 'acme/web' } }
    }
  })

  it('on pull_request without a ref input, the findings of refs/pull/42/merge are gated', async () => {
    const run = await runAction(
      emulator,
      { ref: '' },
      {
        eventName: 'pull_request',
        event: prEvent('acme/web'),
        env: { GITHUB_REF: 'refs/pull/42/merge' }
      }
    )

    expect(run.exitCode).toBe(1)
    expectFindingsRef(emulator, 'refs/pull/42/merge')
    // The PR copies of main's blocking findings, the new BLOCK-mode rule finding WEB_PR.jwtSecret (its rule
    // is on the second policy page) and the malicious dependency, in report order.
    expect(run.outputs).toEqual(
      gateOutputs(
        'failed',
        [
          WEB_PR.jwtSecret,
          prCopyId(WEB_SAST.sqli),
          prCopyId(WEB_SAST.subprocess),
          prCopyId(WEB_SAST.certValidation),
          prCopyId(WEB_SCA.lodash),
          prCopyId(WEB_SAST.md5),
          WEB_PR.flatmapStream
        ],
        { total: 18, sast: 11, sca: 7, aiSast: 0 },
        7,
        PR_REF
      )
    )
    expect(run.summary).toContain('**Ref** <code>refs/pull/42/merge</code>')
  })

  it('pull_request_target without a ref input gates the head branch name the scanner records', async () => {
    const run = await runAction(
      emulator,
      { ref: '', ...RELAXED, ...NO_SCAN },
      {
        eventName: 'pull_request_target',
        event: prEvent('acme/web'),
        env: { GITHUB_REF: 'refs/heads/main', GITHUB_HEAD_REF: HEAD_BRANCH }
      }
    )
    expectFindingsRef(emulator, HEAD_BRANCH, LIST_CHAINS)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-ids']).toBe(`[${HEAD_BRANCH_FINDING}]`)
    expect(run.summary).toContain(`**Ref** <code>${HEAD_BRANCH}</code>`)
  })

  describe('every input as the runner passes it (action.yml defaults, expressions expanded)', () => {
    const github = (ref: string) => ({ repository: 'acme/web', ref, token: 'ghs_runnerToken0001' })

    it('push: the expanded defaults gate acme/web main like the default run', async () => {
      const run = await runAction(
        emulator,
        withRunnerDefaults(
          { 'api-token': emulator.token, 'base-url': emulator.url },
          github('refs/heads/main')
        )
      )
      expect(run.exitCode).toBe(1)
      expect(run.outputs).toEqual(gateOutputs('failed', WEB_MAIN_BLOCKING))
      expectFindingsRef(emulator, 'refs/heads/main')
    })

    it('pull_request: ${{ github.ref }} is already the merge ref', async () => {
      const run = await runAction(
        emulator,
        withRunnerDefaults(
          { 'api-token': emulator.token, 'base-url': emulator.url, ...RELAXED },
          github('refs/pull/42/merge')
        ),
        {
          eventName: 'pull_request',
          event: prEvent('acme/web'),
          env: { GITHUB_REF: 'refs/pull/42/merge' }
        }
      )
      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-ids']).toBe(`[${WEB_PR.flatmapStream}]`)
      expectFindingsRef(emulator, 'refs/pull/42/merge', LIST_CHAINS)
    })

    // Regression: the ref default is empty so the action derives the head branch; a ${{ github.ref }} default would gate the base branch.
    it('pull_request_target: the head branch is gated, not the base branch', async () => {
      const run = await runAction(
        emulator,
        withRunnerDefaults(
          { 'api-token': emulator.token, 'base-url': emulator.url, ...RELAXED, ...NO_SCAN },
          github('refs/heads/main')
        ),
        {
          eventName: 'pull_request_target',
          event: prEvent('acme/web'),
          env: { GITHUB_REF: 'refs/heads/main', GITHUB_HEAD_REF: HEAD_BRANCH }
        }
      )
      expectFindingsRef(emulator, HEAD_BRANCH, LIST_CHAINS)
      expect(run.exitCode).toBe(1)
      expect(run.outputs['blocking-ids']).toBe(`[${HEAD_BRANCH_FINDING}]`)
    })
  })

  it('a fork pull request without api-token: no verdict, exit 1, one line on how to gate forks', async () => {
    const run = await runAction(
      emulator,
      { 'api-token': '', ref: '' },
      {
        eventName: 'pull_request',
        event: prEvent('someone/web'),
        env: { GITHUB_REF: 'refs/pull/42/merge' }
      }
    )

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)).toEqual([
      "No verdict. No api-token: this pull request comes from a fork, and GitHub gives a fork's pull request no secrets. To gate forks, run the gate on pull_request_target as docs/forks-and-dependabot.md shows (it checks out nothing of the fork); or set on-missing-token: warn to let these runs pass unchecked."
    ])
    expect(emulator.requests).toEqual([])
  })

  it('a fork pull request review without api-token: no verdict too', async () => {
    const run = await runAction(
      emulator,
      { 'api-token': '', ref: '' },
      {
        eventName: 'pull_request_review',
        event: prEvent('someone/web'),
        env: { GITHUB_REF: 'refs/pull/42/merge' }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)[0]).toMatch(
      /^No verdict\. No api-token: this pull request comes from a fork/
    )
  })

  it('on-missing-token: warn turns a fork pull request without api-token into a warning and exit 0', async () => {
    const run = await runAction(
      emulator,
      { 'api-token': '', ref: '', 'on-missing-token': 'warn' },
      {
        eventName: 'pull_request',
        event: prEvent('someone/web'),
        env: { GITHUB_REF: 'refs/pull/42/merge' }
      }
    )

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(warningLines(run)).toEqual([
      "No api-token: this pull request comes from a fork, and GitHub gives a fork's pull request no secrets. To gate forks, run the gate on pull_request_target as docs/forks-and-dependabot.md shows (it checks out nothing of the fork). on-missing-token is warn: the gate was skipped and the step passes."
    ])
    expectNoGateFailure(run)
    expect(emulator.requests).toEqual([])
  })

  it('a Dependabot pull request without api-token: no verdict, and where the token must be added', async () => {
    const run = await runAction(
      emulator,
      { 'api-token': '', ref: '' },
      {
        eventName: 'pull_request',
        event: prEvent('acme/web'),
        env: { GITHUB_REF: 'refs/pull/42/merge', GITHUB_ACTOR: 'dependabot[bot]' }
      }
    )

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)).toEqual([
      "No verdict. No api-token: Dependabot opened this pull request, and its runs get Dependabot's secrets, not the repository's Actions secrets. Add the token under Settings > Secrets and variables > Dependabot; or set on-missing-token: warn to let these runs pass unchecked."
    ])
    expect(emulator.requests).toEqual([])
  })

  it('a bad on-missing-token is refused before any request, naming the allowed values', async () => {
    const run = await runAction(
      emulator,
      { 'api-token': '', ref: '', 'on-missing-token': 'ignore' },
      {
        eventName: 'pull_request',
        event: prEvent('someone/web'),
        env: { GITHUB_REF: 'refs/pull/42/merge' }
      }
    )
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\non-missing-token: must be one of fail, warn (got "ignore")'
    ])
    expect(emulator.requests).toEqual([])
  })

  it('an empty api-token outside a fork pull request is an input error', async () => {
    const run = await runAction(emulator, { 'api-token': '' })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\napi-token: is required (store it as a secret)'
    ])
    expect(emulator.requests).toEqual([])
  })
})

describe('e2e gate: report files', () => {
  let emulator: Emulator
  let dir: string
  beforeAll(async () => {
    emulator = await startEmulator({ token: 'fg-e2e-secret-token-4711' })
    dir = await mkdtemp(join(tmpdir(), 'e2e-gate-reports-'))
  })
  afterAll(async () => {
    await emulator.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('writes the JSON report and the SARIF file, creating their folders', async () => {
    const reportFile = join(dir, 'nested', 'deeper', 'report.json')
    const sarifFile = join(dir, 'sarif', 'out', 'gate.sarif')
    const run = await runAction(emulator, { 'report-file': reportFile, 'sarif-file': sarifFile })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({
      ...gateOutputs('failed', WEB_MAIN_BLOCKING),
      'report-file': reportFile,
      'sarif-file': sarifFile
    })

    const reportText = await readFile(reportFile, 'utf8')
    expect(reportText).not.toContain(emulator.token)
    expect(run.files.output + run.files.summary + run.files.state + run.files.env).not.toContain(
      emulator.token
    )
    expect(run.stdout).toContain(`::add-mask::${emulator.token}`)
    const report = JSON.parse(reportText) as {
      schemaVersion: number
      tool: { name: string }
      status: { result: string }
      counts: { total: number; blocking: number; ignored: number }
      config: Record<string, unknown>
      findings: {
        id: number
        blocking: boolean
        reasons: { kind: string; text: string }[]
      }[]
    }
    expect(report.schemaVersion).toBe(1)
    expect(report.tool.name).toBe('Findings Gate')
    expect(report.status.result).toBe('failed')
    expect(report.counts).toMatchObject({ total: 16, blocking: 5, ignored: 0 })
    expect(report.config).not.toHaveProperty('apiToken')
    expect(report.config).not.toHaveProperty('githubToken')
    expect(report.config).toMatchObject({ repository: 'acme/web', ref: 'refs/heads/main' })
    expect(report.findings).toHaveLength(16)
    const blocking = report.findings.filter(f => f.blocking)
    expect(blocking.map(f => f.id)).toEqual(WEB_MAIN_BLOCKING)
    expect(blocking.map(f => f.reasons.map(r => r.text))).toEqual([
      ['severity high ≥ high', 'policy mode block ≥ block'],
      ['severity high ≥ high'],
      ['severity high ≥ high'],
      ['severity high ≥ high'],
      ['policy mode block ≥ block']
    ])
    expect(report.findings.filter(f => !f.blocking).every(f => f.reasons.length === 0)).toBe(true)

    const sarif = JSON.parse(await readFile(sarifFile, 'utf8')) as {
      version: string
      runs: {
        tool: { driver: { name: string } }
        automationDetails: { id: string }
        results: {
          ruleId: string
          level: string
          properties: { findingId: number; blocking: boolean }
          locations: {
            physicalLocation: {
              artifactLocation: { uri: string }
              region?: { startLine: number }
            }
          }[]
        }[]
      }[]
    }
    expect(sarif.version).toBe('2.1.0')
    expect(sarif.runs).toHaveLength(1)
    const sarifRun = sarif.runs[0]
    expect(sarifRun?.tool.driver.name).toBe('Findings Gate')
    expect(sarifRun?.automationDetails.id).toBe('findings-gate/sast-sca-secrets-ai_sast/')
    const errors = (sarifRun?.results ?? []).filter(r => r.level === 'error')
    expect(errors.map(r => r.properties.findingId)).toEqual(WEB_MAIN_BLOCKING)
    expect(errors.every(r => r.properties.blocking)).toBe(true)
    expect(errors[0]?.ruleId).toBe(SQLI)
    expect(errors[0]?.locations[0]?.physicalLocation).toMatchObject({
      artifactLocation: { uri: 'src/app/views.py' },
      region: { startLine: 42 }
    })
    expect(sarifRun?.results).toHaveLength(16)
    expect(
      (sarifRun?.results ?? []).filter(r => r.level !== 'error').every(r => !r.properties.blocking)
    ).toBe(true)
  })
})

describe('e2e gate: pull-request comment', () => {
  let emulator: Emulator
  const github = new FakeGitHub()
  beforeAll(async () => {
    emulator = await startEmulator()
    await github.start()
  })
  afterAll(async () => {
    await emulator.close()
    await github.close()
  })

  /** A pull_request run of PR #42 on acme/web, commenting through the fake GitHub. */
  function pullRequest42() {
    return {
      eventName: 'pull_request',
      event: {
        number: 42,
        pull_request: {
          number: 42,
          head: { repo: { full_name: 'acme/web' }, sha: sampleCommit('acme/web', PR_REF) },
          base: { repo: { full_name: 'acme/web' } }
        }
      },
      env: { GITHUB_API_URL: github.url, GITHUB_REF: 'refs/pull/42/merge' }
    }
  }

  it('comment-on-pr: always creates one comment, then updates the same comment', async () => {
    const options = pullRequest42()
    const inputs = { ref: '', 'comment-on-pr': 'always', 'github-token': 'x' }

    const first = await runAction(emulator, { ...inputs, ...RELAXED }, options)
    expect(first.exitCode).toBe(1)
    expect(first.outputs['comment-url']).toBe(
      'https://github.com/acme/web/pull/42#issuecomment-9001'
    )
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body.startsWith('<!-- findings-gate-comment -->\n## ❌')).toBe(true)
    expect(github.comments[0]?.body).toContain('malicious dependency')
    expect(github.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/issues/42/comments',
      'POST /repos/acme/web/issues/42/comments'
    ])
    expect(github.requests.every(r => r.authorization === 'token x')).toBe(true)

    github.requests.length = 0
    const second = await runAction(
      emulator,
      { ...inputs, ...RELAXED, 'fail-on-malicious': 'false' },
      options
    )
    expect(second.exitCode).toBe(0)
    expect(second.outputs['comment-url']).toBe(
      'https://github.com/acme/web/pull/42#issuecomment-9001'
    )
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body.startsWith('<!-- findings-gate-comment -->\n## ✅')).toBe(true)
    expect(github.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/web/issues/42/comments',
      'GET /user',
      'PATCH /repos/acme/web/issues/comments/9001'
    ])
    expect(warningLines(second)).toEqual([])
  })

  // Regression: on-failure refreshes its earlier failure comment once the gate passes, so no stale ❌ stays up.
  it('comment-on-pr: on-failure updates its earlier failure comment once the gate passes', async () => {
    github.comments.length = 0
    github.requests.length = 0
    const options = pullRequest42()
    const inputs = { ref: '', ...RELAXED, 'comment-on-pr': 'on-failure', 'github-token': 'x' }

    const failing = await runAction(emulator, inputs, options)
    expect(failing.exitCode).toBe(1)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).toContain('## ❌ Findings Gate')

    const passing = await runAction(emulator, { ...inputs, 'fail-on-malicious': 'false' }, options)
    expect(passing.exitCode).toBe(0)
    expect(github.comments).toHaveLength(1)
    expect(github.comments[0]?.body).not.toContain('## ❌ Findings Gate')
  })

  it('comment-on-pr: a marked comment by someone else is left alone; its own is updated', async () => {
    github.comments.length = 0
    github.requests.length = 0
    const hostileBody = '<!-- findings-gate-comment -->\n## ✅ Findings Gate: nothing to see'
    const hostile = github.seed(hostileBody, 'mallory')
    const options = pullRequest42()
    const inputs = { ref: '', ...RELAXED, 'comment-on-pr': 'always', 'github-token': 'x' }

    const first = await runAction(emulator, inputs, options)
    expect(first.exitCode).toBe(1)
    expect(hostile.body).toBe(hostileBody)
    expect(github.comments.map(c => c.user.login)).toEqual(['mallory', 'github-actions[bot]'])
    const ours = github.comments[1]
    expect(first.outputs['comment-url']).toBe(ours?.html_url)
    expect(ours?.body).toContain('## ❌ Findings Gate')

    await runAction(emulator, { ...inputs, 'fail-on-malicious': 'false' }, options)
    expect(hostile.body).toBe(hostileBody)
    expect(github.comments).toHaveLength(2)
    expect(ours?.body).not.toContain('## ❌ Findings Gate')
    expect(github.requests.filter(r => r.method === 'PATCH').map(r => r.path)).toEqual([
      `/repos/acme/web/issues/comments/${ours?.id}`
    ])
  })

  it('comment-on-pr on a push run comments nothing and says so', async () => {
    github.requests.length = 0
    const run = await runAction(emulator, {
      ...RELAXED,
      'comment-on-pr': 'always',
      'github-token': 'x'
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['comment-url']).toBeUndefined()
    expect(run.stdout).toContain(
      'comment-on-pr: always, but this run is not for a pull request; no comment'
    )
    expect(github.requests).toEqual([])
  })
})

describe('e2e gate: API errors', () => {
  let emulator: Emulator
  beforeAll(async () => {
    emulator = await startEmulator()
  })
  afterAll(async () => {
    await emulator.close()
  })
  beforeEach(() => {
    emulator.requests.length = 0
    emulator.clearFaults()
  })

  it('on-api-error: warn with an unreachable API: exit 0, result skipped, a warning', async () => {
    const port = await closedPort()
    const run = await runAction(emulator, {
      'base-url': `http://127.0.0.1:${port}`,
      'on-api-error': 'warn',
      'max-retries': '0'
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expectNoGateFailure(run)
    expect(warningLines(run)).toEqual([
      `No verdict (on-api-error: warn, the step passes): GET /api/v1/deployments failed: connection refused: 127.0.0.1:${port} (ECONNREFUSED) after 1 attempt`
    ])
    expect(run.summary).toContain(
      'The action could not prove what it would judge (the scan, the findings or the policy modes), so it judged nothing.'
    )
    expect(emulator.requests).toEqual([])
  })

  it('on-api-error: fail (the default) with an unreachable API: exit 1, the gate could not be evaluated', async () => {
    const port = await closedPort()
    const run = await runAction(emulator, {
      'base-url': `http://127.0.0.1:${port}`,
      'max-retries': '1'
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)).toEqual([
      `No verdict: GET /api/v1/deployments failed: connection refused: 127.0.0.1:${port} (ECONNREFUSED) after 2 attempts`
    ])
    expect(run.stdout).toMatch(
      /GET \/api\/v1\/deployments: ECONNREFUSED; retry 1 of 1 in \d+\.\d s/
    )
  })

  it('on-api-error: warn still writes the JSON report, marked skipped with apiError', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'e2e-gate-apierror-'))
    try {
      const port = await closedPort()
      const reportFile = join(dir, 'report.json')
      const run = await runAction(emulator, {
        'base-url': `http://127.0.0.1:${port}`,
        'on-api-error': 'warn',
        'max-retries': '0',
        'report-file': reportFile
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toEqual({ result: 'skipped', 'report-file': reportFile })
      const report = JSON.parse(await readFile(reportFile, 'utf8')) as Record<string, unknown>
      expect(report).toMatchObject({
        schemaVersion: 1,
        status: {
          result: 'skipped',
          apiError: true,
          headline: `No verdict: GET /api/v1/deployments failed: connection refused: 127.0.0.1:${port} (ECONNREFUSED) after 1 attempt`
        },
        counts: null,
        findings: []
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  // Regression: an empty SARIF run would tell code scanning the analysis found nothing and close every alert.
  it('on-api-error: warn does not write a SARIF file that reports a clean analysis', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'e2e-gate-sarif-'))
    try {
      const port = await closedPort()
      const sarifFile = join(dir, 'gate.sarif')
      const run = await runAction(emulator, {
        'base-url': `http://127.0.0.1:${port}`,
        'on-api-error': 'warn',
        'max-retries': '0',
        'sarif-file': sarifFile
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs.result).toBe('skipped')
      expect(run.outputs['sarif-file']).toBeUndefined()
      expect(existsSync(sarifFile)).toBe(false)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  // Regression: findings requests start before the slug is checked; a wrong slug must fail whatever answers first.
  it('a deployment-slug the token cannot access fails even with on-api-error: warn, whatever answers first', async () => {
    emulator.addFault({ kind: 'delay', ms: 300, method: 'GET', path: '/api/v1/deployments' })
    const run = await runAction(emulator, {
      'deployment-slug': 'acme-corporation',
      'on-api-error': 'warn'
    })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      'No verdict: deployment-slug "acme-corporation" does not match a deployment this api-token can access (acme-corp (id 4242))'
    ])
  })

  it('deployment-slug and deployment-id together are checked against each other: one deployments request', async () => {
    const run = await runAction(emulator, {
      'deployment-slug': 'acme-corp',
      'deployment-id': '4242',
      'fail-on-policy-mode': 'none'
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual(
      gateOutputs('failed', [
        WEB_SAST.sqli,
        WEB_SAST.subprocess,
        WEB_SAST.certValidation,
        WEB_SCA.lodash
      ])
    )
    // The findings and the early count's search (under the set id) do not wait for the check;
    // they are judged, or size requests, only once it passed. The proof's search needs the project.
    expect(
      requestLines(emulator)
        .filter(line => line !== `GET ${FINDINGS_PATH}`)
        .sort()
    ).toEqual([
      'GET /api/v1/deployments',
      'GET /api/v1/deployments/4242/secrets',
      'GET /api/v1/deployments/acme-corp/projects/acme/web',
      'POST /api/v1/deployments/4242/scans/search',
      'POST /api/v1/deployments/4242/scans/search'
    ])
    expectShortListRequests(findingsRequests(emulator), LIST_CHAINS)
  })

  it('a deployment-id the token cannot access fails with the accessible deployments named', async () => {
    const run = await runAction(emulator, { 'deployment-id': '4243', 'on-api-error': 'warn' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({ result: 'skipped' })
    expect(errorLines(run)).toEqual([
      'No verdict: deployment-id "4243" does not match a deployment this api-token can access (acme-corp (id 4242))'
    ])
    expect(requestLines(emulator)).toEqual(['GET /api/v1/deployments'])
  })

  it('on-api-error: warn with a 500 from the findings API: skipped, the warning names the request', async () => {
    emulator.addFault({
      kind: 'status',
      status: 500,
      path: FINDINGS_PATH,
      times: Infinity,
      body: { error: 'database unavailable' }
    })
    const run = await runAction(emulator, { 'on-api-error': 'warn', 'max-retries': '0' })

    expect(run.exitCode).toBe(0)
    // The deployment was resolved before the findings failed, so it is reported.
    expect(run.outputs).toEqual({
      ...scanOutputs('refs/heads/main'),
      result: 'skipped',
      'deployment-id': '4242',
      'deployment-slug': 'acme-corp'
    })
    expectNoGateFailure(run)
    const warnings = warningLines(run)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^No verdict \(on-api-error: warn, the step passes\): GET \/api\/v1\/deployments\/acme-corp\/findings failed with HTTP 500 Internal Server Error: database unavailable \(1 attempt\)/
    )
  })
})
