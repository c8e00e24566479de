import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import type { EvaluatedFinding } from '../src/domain.js'
import { escapeCell, escapeMarkdown, safeUrl } from '../src/report/escape.js'
import { oneLine, truncate, truncateUtf8, utf8Length } from '../src/text/plain.js'
import { COMMENT_MARKER, renderMarkdown, ROW_CAP } from '../src/report/markdown.js'
import {
  aiSastFinding,
  evaluated,
  failingReport,
  runReport,
  sastFinding,
  scaFinding,
  verdictOf
} from './fixtures/report-fixtures.js'

const BIG = 1_000_000

function lines(markdown: string): string[] {
  return markdown.split('\n')
}

/** The lines of the table under a heading, up to the first blank line after it. */
function tableUnder(markdown: string, headingPrefix: string): string[] {
  const all = lines(markdown)
  const start = all.findIndex(l => l.startsWith(headingPrefix))
  expect(start).toBeGreaterThanOrEqual(0)
  const rows: string[] = []
  for (const line of all.slice(start + 2)) {
    if (line === '') break
    rows.push(line)
  }
  return rows
}

describe('renderMarkdown: verdict and scope', () => {
  it('puts the verdict first, then the counts; the headline is not repeated', () => {
    const md = renderMarkdown(failingReport(), { maxBytes: BIG })
    expect(lines(md)[0]).toBe('## ❌ Findings Gate failed: 2 blocking of 4 findings')
    // The counts come next; the headline's sentence would repeat the heading and the table.
    expect(lines(md)[2]).toBe(
      '**4** findings in scope: **2** blocking, **1** ignored, **1** not blocking'
    )
    expect(md).not.toContain('2 blocking findings\n')
  })

  it('uses ✅ for a pass and ⚠️ for warn-only failures and skipped runs', () => {
    expect(lines(renderMarkdown(runReport(), { maxBytes: BIG }))[0]).toBe(
      '## ✅ Findings Gate passed'
    )
    const warnOnly = failingReport({
      thresholds: { ...runReport().thresholds, warnOnly: true }
    })
    const md = renderMarkdown(warnOnly, { maxBytes: BIG })
    expect(lines(md)[0]).toBe('## ⚠️ Findings Gate failed: 2 blocking of 4 findings')
    expect(md).toContain('`warn-only` is set: the gate failed but the step does not.')
    const skipped = runReport({
      status: { result: 'skipped', headline: 'API unreachable', apiError: true }
    })
    const skippedMd = renderMarkdown(skipped, { maxBytes: BIG })
    expect(lines(skippedMd)[0]).toBe('## ⚠️ Findings Gate: no verdict')
    expect(lines(skippedMd)[2]).toBe('API unreachable')
    expect(lines(skippedMd)[4]).toBe(
      'The action could not prove what it would judge (the scan, the findings or the policy modes), so it judged nothing.'
    )
    // Said once: no second line that the gate was not evaluated.
    expect(skippedMd).not.toContain('_The gate was not evaluated._')
    // No counts to fold without a verdict: the scope and thresholds only.
    expect(skippedMd).toContain('<details><summary>Scope and thresholds</summary>')
    expect(skippedMd).not.toContain('| Type |')
    const gateOff = runReport({
      status: { result: 'skipped', headline: 'Gate skipped: gate is false' }
    })
    const offMd = renderMarkdown({ ...gateOff, verdict: undefined }, { maxBytes: BIG })
    expect(lines(offMd)[0]).toBe('## ⚠️ Findings Gate skipped')
    expect(lines(offMd)[2]).toBe('Gate skipped\\: gate is false')
    expect(offMd).toContain('_The gate was not evaluated._')
  })

  it('folds the scope and the thresholds at the end, the types by their product names', () => {
    const md = renderMarkdown(failingReport(), { maxBytes: BIG })
    const all = lines(md)
    const start = all.indexOf('<details><summary>Scope, thresholds and counts by type</summary>')
    expect(start).toBeGreaterThan(all.indexOf('### Blocking findings (2)'))
    expect(all[start + 2]).toBe(
      '**Deployment** <code>acme</code> (id 4242) · **Repository** <code>acme/web</code> · ' +
        '**Ref** <code>refs/pull/7/merge</code> · **Since** 2024-05-01T00\\:00\\:00Z · ' +
        '**Types** Code, Supply Chain · **Status** open, reviewing, fixing'
    )
    expect(all[start + 4]).toBe(
      '**Gate:** severity ≥ high · policy mode ≥ block · Supply Chain exposures: reachable, always reachable · ' +
        'malicious dependencies block · confirmed-valid secrets block'
    )
  })

  it('says which types were judged, in which scan, and which were not, by product name', () => {
    const base = failingReport()
    const report = failingReport({
      scope: { ...base.scope, issueTypes: ['sast', 'sca'] },
      evidence: {
        required: 'commit',
        scans: [
          {
            id: '880000',
            commit: 'ea862925470e5c66dbb34397daea3b803902f271',
            branch: 'refs/pull/7/merge',
            status: 'SCAN_STATUS_COMPLETED',
            types: ['sast', 'sca'],
            fullScan: false,
            completedAt: '2024-05-02T10:20:30.000Z',
            ageSeconds: 180
          }
        ],
        notJudged: ['secrets'],
        requestedRef: 'refs/pull/7/merge',
        branch: 'refs/pull/7/merge',
        waitedSeconds: 0
      }
    })
    const md = renderMarkdown(report, { maxBytes: BIG })
    expect(lines(md)[2]).toBe(
      '**Judged:** Code, Supply Chain in scan 880000 of commit <code>ea862925470e</code> on ' +
        '<code>refs/pull/7/merge</code> (diff scan, completed 2024-05-02 10\\:20 UTC, 3 min before this run); ' +
        '**not judged:** Secrets — no completed scan of this commit ran it.'
    )
    // The Judged line names the types: the scope does not list them again.
    expect(md).not.toContain('**Types**')
    // No API name in what a person reads: the heading, the Judged line, the settings.
    const prose = md.replace(/### Blocking findings[\s\S]*?\n\n(?=<details>|###)/, '')
    expect(prose).not.toMatch(/\bsast\b|\bsca\b|SAST|SCA|SECRETS/)
  })
})

describe('renderMarkdown: counts and tables', () => {
  it('names no policy mode for a Code finding whose mode was never fetched', () => {
    const notFetched = (id: number, blocking: boolean): EvaluatedFinding =>
      evaluated(sastFinding({ id, severity: blocking ? 'high' : 'low' }), {
        mode: 'not-fetched',
        blocking,
        reasons: blocking ? [{ kind: 'severity', severity: 'high', threshold: 'high' }] : []
      })
    const md = renderMarkdown(
      runReport({ verdict: verdictOf([notFetched(1, true), notFetched(2, false)]) }),
      {
        maxBytes: BIG
      }
    )
    expect(tableUnder(md, '### Blocking findings (1)')[2]).toMatch(/ \| severity high ≥ high \|$/)
    // The Mode column of the non-blocking table: a dash, not "not fetched".
    expect(md).toMatch(/\| low \| <code>[^|]*<\/code>[^|]* \| — \| /)
    expect(md).not.toContain('fetched')
  })

  it('counts by type and severity', () => {
    const md = renderMarkdown(failingReport(), { maxBytes: BIG })
    expect(md).toContain(
      [
        '| Type | Critical | High | Medium | Low | Total |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        '| Code | 0 | 1 | 1 | 1 | 3 |',
        '| Supply Chain | 1 | 0 | 0 | 0 | 1 |',
        '| **Total** | 1 | 1 | 1 | 1 | 4 |'
      ].join('\n')
    )
    expect(md).toContain(
      '**4** findings in scope: **2** blocking, **1** ignored, **1** not blocking'
    )
  })

  it('counts AI-powered detection findings in a row of their own, in the total and the scope', () => {
    const ai = evaluated(aiSastFinding({ id: 9, severity: 'high' }), {
      reasons: [{ kind: 'severity', severity: 'high', threshold: 'high' }]
    })
    const base = runReport()
    const report = runReport({
      scope: { ...base.scope, issueTypes: ['sast', 'sca', 'ai_sast'] },
      verdict: verdictOf([
        ai,
        evaluated(sastFinding({ id: 1, severity: 'low' }), { blocking: false })
      ])
    })
    const md = renderMarkdown(report, { maxBytes: BIG })
    expect(md).toContain(
      [
        '| Code | 0 | 0 | 0 | 1 | 1 |',
        '| Supply Chain | 0 | 0 | 0 | 0 | 0 |',
        '| AI-powered detection | 0 | 1 | 0 | 0 | 1 |',
        '| **Total** | 0 | 1 | 0 | 1 | 2 |'
      ].join('\n')
    )
    expect(md).toContain('**Types** Code, Supply Chain, AI-powered detection')
    // Blocking by severity only: no mode is claimed for it.
    expect(md).toMatch(
      /\| high \| <code>ai\.detection\.idor<\/code>[^\n]*\| severity high ≥ high \|\n/
    )
  })

  it('shows a SAST mode below the threshold as such in the Mode column, never as a mode', () => {
    const below = evaluated(sastFinding({ id: 1, severity: 'low' }), {
      mode: 'below-block',
      blocking: false
    })
    const md = renderMarkdown(runReport({ verdict: verdictOf([below]) }), { maxBytes: BIG })
    expect(md).toMatch(/\| low \| <code>[^|]*<\/code>[^|]* \| below block \| /)
    expect(md).not.toContain('unknown')
  })

  it('lists blocking findings in five columns: the message under the rule, the SCA fix, the exposure in the reasons', () => {
    const md = renderMarkdown(failingReport(), { maxBytes: BIG })
    const rows = tableUnder(md, '### Blocking findings (2)')
    expect(rows).toHaveLength(4)
    expect(rows[0]).toBe('| Severity | Finding | Fix · EPSS | Location | Why it blocks |')
    expect(rows[2]).toBe(
      '| high | <code>python.lang.security.audit.eval-detected</code>' +
        '<br><sub>Detected the use of eval(). eval() can be dangerous if used to evaluate dynamic content.</sub> | — | ' +
        '[app/views.py\\:12](https://github.com/acme/web/blob/abc123/app/views.py#L12) | ' +
        'severity high ≥ high; policy mode block ≥ block |'
    )
    // The dependency's transitivity, which fail-on-transitivities reads, beside it.
    expect(rows[3]).toContain(
      '<code>lodash@&#8203;4.17.20</code> <code>CVE-2021-23337</code> direct<br>'
    )
    expect(rows[3]).toContain(' | <code>4\\.17.21</code> | ')
    expect(rows[3]).toMatch(/ \(reachable\) \|$/)
  })

  it('the fix column shows up to three fixed versions, no fix, and the EPSS score; SAST-only tables have none', () => {
    const sca = (
      id: number,
      fixVersions: string[],
      epss?: { score: number; percentile?: number }
    ) =>
      evaluated(scaFinding({ id, fixVersions, ...(epss && { epss }) }), {
        reasons: [{ kind: 'severity', severity: 'critical', threshold: 'high' }]
      })
    const md = renderMarkdown(
      runReport({
        verdict: verdictOf([
          sca(1, ['a@1', 'a@2', 'a@3', 'a@4', 'a@5'], { score: 0.97565, percentile: 0.99996 }),
          sca(2, [], { score: 0.00045 }),
          sca(3, ['b@2'])
        ])
      }),
      { maxBytes: BIG }
    )
    const cells = tableUnder(md, '### Blocking findings (3)')
      .slice(2)
      .map(row => row.split(' | ')[2])
    expect(cells).toEqual([
      '<code>a@&#8203;1</code> <code>a@&#8203;2</code> <code>a@&#8203;3</code> +2 more<br>EPSS 0.976',
      'no fix<br>EPSS 0.00045',
      '<code>b@&#8203;2</code>'
    ])
    const sastOnly = evaluated(sastFinding({ id: 9 }), {
      reasons: [{ kind: 'severity', severity: 'high', threshold: 'high' }]
    })
    const plain = renderMarkdown(runReport({ verdict: verdictOf([sastOnly]) }), { maxBytes: BIG })
    expect(tableUnder(plain, '### Blocking findings (1)')[0]).toBe(
      '| Severity | Finding | Location | Why it blocks |'
    )
  })

  it('marks malicious dependencies', () => {
    const finding = evaluated(
      scaFinding({ id: 5, malicious: true, reachability: 'always_reachable' }),
      {
        reasons: [{ kind: 'malicious' }]
      }
    )
    const md = renderMarkdown(runReport({ verdict: verdictOf([finding]) }), { maxBytes: BIG })
    const row = tableUnder(md, '### Blocking findings')[2]
    expect(row).toMatch(/\| malicious dependency \(always reachable, malicious\) \|$/)
  })

  it('collapses non-blocking findings and lists ignored ones with their reason', () => {
    const md = renderMarkdown(failingReport(), { maxBytes: BIG })
    expect(md).toContain('<details><summary>1 non-blocking finding</summary>')
    expect(md).toContain('\n</details>\n')
    const ignored = tableUnder(md, '### Ignored findings (1)')
    expect(ignored[2]).toContain(
      '| Debug only in the dev image | rule python.flask.debug-enabled |'
    )
  })

  it('shows licenses, expired ignores, tickets, tags, SBOM exports and warnings', () => {
    const base = failingReport()
    const report = runReport({
      ...base,
      verdict: verdictOf(base.verdict?.findings ?? [], {
        licenseViolations: [
          { package: 'left-pad', version: '1.0.0', license: 'GPL-3.0', judgement: 'denied' }
        ],
        expiredIgnores: [{ description: 'rule python.x', expires: '2024-01-01' }]
      }),
      tickets: {
        created: [
          { findingIds: [1, 2], url: 'https://acme.atlassian.net/browse/SEC-1', key: 'SEC-1' }
        ],
        failed: [{ findingIds: [3], error: 'Jira said no' }],
        skipped: [{ findingIds: [4], reason: 'ticket-limit reached' }],
        alreadyTicketed: 2
      },
      tags: { project: 'acme/web', added: ['gated'], tags: ['gated', 'team-web'] },
      sbom: {
        exports: [
          { project: 'acme/web', taskToken: 'tok-1', status: 'completed', file: 'out/sbom.json' }
        ]
      },
      warnings: ['Policy modes could not be fetched']
    })
    const md = renderMarkdown(report, { maxBytes: BIG })
    expect(tableUnder(md, '### Dependencies with a denied license (1)')[2]).toBe(
      '| <code>left-pad@&#8203;1.0.0</code> | <code>GPL-3.0</code> | denied by deny-licenses |'
    )
    expect(md).toContain('- rule python.x — expired 2024-01-01')
    const tickets = tableUnder(md, '### Tickets')
    expect(tickets.slice(2)).toEqual([
      '| created | 1, 2 | [SEC-1](https://acme.atlassian.net/browse/SEC-1) |',
      '| failed | 3 | Jira said no |',
      '| skipped | 4 | ticket-limit reached |'
    ])
    expect(md).toContain('2 findings already had a ticket.')
    expect(md).toContain(
      '<code>acme/web</code>: <code>gated</code>, <code>team-web</code> — added: <code>gated</code>'
    )
    expect(tableUnder(md, '### SBOM exports')[2]).toBe(
      '| <code>acme/web</code> | completed | <code>tok-1</code> | <code>out/sbom.json</code> |'
    )
    expect(md).toContain('- Policy modes could not be fetched')
    expect(
      md.trimEnd().endsWith('[View the workflow run](https://github.com/acme/web/actions/runs/99)')
    ).toBe(true)
  })

  it('exports the comment marker', () => {
    expect(COMMENT_MARKER).toBe('<!-- findings-gate-comment -->')
  })
})

describe('renderMarkdown: hostile text', () => {
  const hostile =
    'a|b <script>alert(1)</script> <!-- x --> &amp; `tick` [x](https://evil.example) *b* _i_ ~~s~~ ' +
    '@octocat @acme/team\n::error file=x::forged\r\n# heading\n- item www.evil.example https://evil.example'

  function hostileReport(): ReturnType<typeof runReport> {
    const finding = evaluated(
      sastFinding({
        id: 9,
        ruleName: 'rule|`x`<b>@octocat',
        ruleMessage: hostile,
        location: { path: 'src/<img src=x onerror=alert(1)>|x.py', line: 3 },
        url: 'javascript:alert(1)'
      })
    )
    return runReport({
      verdict: verdictOf([finding]),
      tags: { project: 'p|<b>', added: [], tags: ['@octocat', '`x`|y'] },
      warnings: [hostile]
    })
  }

  it('keeps every table row on one line and every pipe escaped', () => {
    const md = renderMarkdown(hostileReport(), { maxBytes: BIG })
    const rows = tableUnder(md, '### Blocking findings')
    expect(rows).toHaveLength(3)
    // 5 unescaped pipes: the row has exactly four cells.
    expect(rows[2]?.match(/(?<!\\)\|/g)).toHaveLength(5)
  })

  it('leaves no raw HTML, mention, link, autolink or command from the data', () => {
    const md = renderMarkdown(hostileReport(), { maxBytes: BIG })
    expect(md).not.toContain('<script>')
    expect(md).not.toContain('<img')
    expect(md).not.toContain('<b>')
    expect(md).not.toContain('<!-- x')
    expect(md).not.toMatch(/@octocat|@acme/)
    expect(md).toContain('@&#8203;octocat')
    expect(md).not.toContain('](https://evil')
    expect(md).not.toContain('https://evil')
    expect(md).not.toContain('www.evil')
    expect(md).not.toContain('javascript:')
    expect(
      lines(md).some(l => l.startsWith('::') || l.startsWith('#  heading') || l === '# heading')
    ).toBe(false)
    expect(md).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(md).toContain('&amp;amp;')
    expect(md).toContain('\\`tick\\` \\[x\\](https\\://evil.example) \\*b\\* \\_i\\_ \\~\\~s\\~\\~')
    expect(md).toContain('\\:\\:error file=x\\:\\:forged # heading - item')
  })

  it('escapes paths and tags and does not link unsafe URLs', () => {
    const md = renderMarkdown(hostileReport(), { maxBytes: BIG })
    expect(md).toContain('| src/&lt;img src=x onerror=alert(1)&gt;\\|x.py\\:3 |')
    expect(md).toContain(
      '<code>p\\|&lt;b&gt;</code>: <code>@&#8203;octocat</code>, <code>\\`x\\`\\|y</code>'
    )
  })

  it('escapes leading block markers of a list item', () => {
    const md = renderMarkdown(runReport({ warnings: ['# h', '1. one', '- two', '+ three'] }), {
      maxBytes: BIG
    })
    expect(md).toContain('- \\# h\n- 1\\. one\n- \\- two\n- \\+ three\n')
  })
})

describe('escape helpers', () => {
  it('bounds before escaping and never splits a surrogate pair', () => {
    expect(truncate('abcdef', 4)).toBe('abc…')
    expect(truncate('😀😀😀😀😀', 3)).toBe('😀😀…')
    expect(truncate('😀😀', 2)).toBe('😀😀')
    expect(escapeMarkdown('x'.repeat(5_000_000), 10)).toBe(`${'x'.repeat(9)}…`)
    expect(escapeCell('')).toBe('—')
  })

  it('escapes plain text to itself and everything else as the full set of replacements', () => {
    // The replacements as escape.ts made them before it skipped text with nothing to escape.
    const everyReplacement = (line: string): string =>
      line
        .replace(/[\\`*_[\]|~:]/g, ch => `\\${ch}`)
        .replace(/\b(www)\./gi, '$1\\.')
        .replace(/^(\d+)([.)])/, '$1\\$2')
        .replace(/^([#+\-=])/, '\\$1')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/@/g, '@&#8203;')
    expect(escapeMarkdown('python.lang.security.audit.eval-detected')).toBe(
      'python.lang.security.audit.eval-detected'
    )
    expect(escapeMarkdown('1) WWW.x.org @me <b>')).toBe('1\\) WWW\\.x.org @&#8203;me &lt;b&gt;')
    const pieces = fc.constantFrom(
      ...'ab1 9.)#+-=_*`[]|~:\\&<>"@\t\n'.split(''),
      'www.',
      'WwW.',
      'xwww.',
      '12.',
      'é',
      '😀'
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), parts => {
        const text = parts.join('')
        expect(escapeMarkdown(text)).toBe(everyReplacement(oneLine(truncate(text, 1_000))))
      }),
      { numRuns: 2_000 }
    )
  })

  it('cuts UTF-8 at a character boundary', () => {
    expect(truncateUtf8('aé😀', 3)).toBe('aé')
    expect(truncateUtf8('aé😀', 6)).toBe('aé')
    expect(truncateUtf8('aé😀', 7)).toBe('aé😀')
  })

  it('accepts only http(s) URLs and encodes what would end a link', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeUrl('data:text/html,x')).toBeUndefined()
    expect(safeUrl('not a url')).toBeUndefined()
    expect(safeUrl('https://x.example/a(b)|c d')).toBe('https://x.example/a%28b%29%7Cc%20d')
  })
})

describe('renderMarkdown: size cap', () => {
  const MiB = 1024 * 1024

  function hugeReport(count: number): ReturnType<typeof runReport> {
    const message = `${'m'.repeat(MiB - 3)}é\n` // 1 MB, one string shared by every finding
    const findings: EvaluatedFinding[] = []
    for (let i = 0; i < count; i++) {
      findings.push(
        evaluated(
          sastFinding({
            id: i + 1,
            ruleMessage: message,
            ruleName: `rules.r${i % 50}`,
            severity: 'critical'
          })
        )
      )
    }
    return runReport({ verdict: verdictOf(findings) })
  }

  it('keeps 30,000 findings with 1 MB messages under the limit, with a truncation note', () => {
    const maxBytes = MiB - 16 * 1024
    const md = renderMarkdown(hugeReport(30_000), { maxBytes })
    expect(utf8Length(md)).toBeLessThanOrEqual(maxBytes)
    const rows = tableUnder(md, '### Blocking findings (30,000)').slice(2)
    // At most ROW_CAP rows are rendered at all; the note counts every finding not shown.
    expect(rows).toHaveLength(ROW_CAP)
    const note =
      /_Truncated: ([\d,]+) more blocking findings not shown — see the JSON report \(`report-file`\)\._/.exec(
        md
      )
    expect(note).not.toBeNull()
    expect(Number(note?.[1]?.replace(/,/g, ''))).toBe(30_000 - ROW_CAP)
    // Whole rows only: every kept row is a complete, six-cell row.
    for (const row of rows) {
      expect(row.startsWith('| critical | ')).toBe(true)
      expect(row.endsWith(' |')).toBe(true)
      expect(row.match(/(?<!\\)\|/g)).toHaveLength(5)
    }
    // The note is separated from the table by a blank line, so it is not read as a row.
    expect(md).toContain(' |\n\n_Truncated: ')
  })

  it('drops rows below the row cap when the byte budget needs it, counting the unrendered ones too', () => {
    const md = renderMarkdown(hugeReport(3_000), { maxBytes: 100_000 })
    expect(utf8Length(md)).toBeLessThanOrEqual(100_000)
    expect(utf8Length(md)).toBeGreaterThan(100_000 - 2_000)
    const rows = tableUnder(md, '### Blocking findings (3,000)').slice(2)
    expect(rows.length).toBeLessThan(ROW_CAP)
    const note = /_Truncated: ([\d,]+) more blocking findings not shown/.exec(md)
    expect(Number(note?.[1]?.replace(/,/g, ''))).toBe(3_000 - rows.length)
  })

  it('is byte-exact: a budget of exactly the full size keeps everything, one byte less truncates', () => {
    const findings = Array.from({ length: 40 }, (_, i) =>
      evaluated(sastFinding({ id: i + 1, ruleMessage: `Message ${i} — 漢字 😀 ünïcödé` }))
    )
    const report = runReport({ verdict: verdictOf(findings) })
    const full = renderMarkdown(report, { maxBytes: BIG })
    const size = utf8Length(full)
    expect(size).toBeGreaterThan(full.length) // multi-byte content: bytes, not characters, count
    expect(renderMarkdown(report, { maxBytes: size })).toBe(full)
    const cut = renderMarkdown(report, { maxBytes: size - 1 })
    expect(utf8Length(cut)).toBeLessThanOrEqual(size - 1)
    expect(cut).toContain('_Truncated: ')
    // Dropping rows frees at least the space the note takes, and the kept rows are whole.
    expect(cut).not.toContain('\uFFFD')
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut)
  })

  it('drops rows from the largest table first', () => {
    const blocking = Array.from({ length: 200 }, (_, i) => evaluated(sastFinding({ id: i + 1 })))
    const ignored = Array.from({ length: 3 }, (_, i) =>
      evaluated(sastFinding({ id: 1000 + i, severity: 'low' }), {
        ignored: { reason: 'accepted', source: 'id' }
      })
    )
    const report = runReport({ verdict: verdictOf([...blocking, ...ignored]) })
    const md = renderMarkdown(report, { maxBytes: 20_000 })
    expect(utf8Length(md)).toBeLessThanOrEqual(20_000)
    expect(tableUnder(md, '### Ignored findings (3)')).toHaveLength(5)
    expect(md).toMatch(/_Truncated: [\d,]+ more blocking findings not shown/)
  })

  it('never exceeds a tiny budget nor breaks a character', () => {
    for (const maxBytes of [0, 1, 5, 40, 200, 1_000]) {
      const md = renderMarkdown(failingReport(), { maxBytes })
      expect(utf8Length(md)).toBeLessThanOrEqual(maxBytes)
      expect(Buffer.from(md, 'utf8').toString('utf8')).toBe(md)
    }
  })
})
