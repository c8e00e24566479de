/**
 * The `findings-gate` command end to end: the committed bundle (bin/findings-gate.js loading
 * dist/cli/index.js) in a child process, against the emulator, as GitLab CI, another CI or a
 * shell runs it. Each run's output and files are checked for the token.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { headScan, sampleCommit, type Emulator } from '../emulator/server.js'
import { WEB_SAST } from './helpers/sample.js'
import { shardOf } from '../src/effects/sbom-shard.js'
import { COMMAND_BUNDLE, runBundledCommand, type CommandRun } from '../scripts/run-command.js'
import { findingsRequests, sharedEmulator, withEmulator } from './helpers/e2e.js'
import { WEB_MAIN_BLOCKING } from './helpers/sample.js'

const TOKEN = 'sgp_e2e-Command-Token-0123456789'
const MAIN_COMMIT = sampleCommit('acme/web', 'refs/heads/main')
const EXPORT_PATH = '/api/v1/deployments/4242/sbom/export'

const runs: CommandRun[] = []

/** Runs the command with the token in SEMGREP_APP_TOKEN and the emulator's URL; keeps the run. */
async function command(
  emulator: Emulator,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; read?: string[] } = {}
): Promise<CommandRun> {
  const run = await runBundledCommand({
    args,
    env: { SEMGREP_APP_TOKEN: TOKEN, FINDINGS_GATE_BASE_URL: emulator.url, ...options.env },
    ...(options.cwd !== undefined && { cwd: options.cwd }),
    read: options.read ?? []
  })
  runs.push(run)
  return run
}

/** A GitLab pipeline's variables: acme/web, the bare branch, the commit. */
function gitlab(ref: string, commit: string, extra: Record<string, string> = {}) {
  return {
    GITLAB_CI: 'true',
    CI_PROJECT_PATH: 'acme/web',
    CI_COMMIT_REF_NAME: ref,
    CI_COMMIT_SHA: commit,
    CI_PIPELINE_SOURCE: 'push',
    ...extra
  }
}

/** Makes the sample's acme/web main scan and findings record the bare `main`, as GitLab CI's do. */
function recordBareMain(emulator: Emulator): void {
  const head = headScan(emulator.state, 'acme/web', 'refs/heads/main')
  if (head) head.branch = 'main'
  for (const finding of [...emulator.state.sastFindings, ...emulator.state.scaFindings]) {
    if (finding.repository.name === 'acme/web' && finding.ref === 'refs/heads/main') {
      finding.ref = 'main'
    }
  }
}

type Node = Record<string, unknown>

function junit(xml: string | undefined): Node {
  expect(XMLValidator.validate(xml ?? '')).toBe(true)
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })
  return (parser.parse(xml ?? '') as { testsuites: Node }).testsuites
}

interface CodeQualityIssue {
  severity: string
  fingerprint: string
  check_name: string
  location: { path: string; lines: { begin: number } }
}

beforeAllRequireBundle()

function beforeAllRequireBundle(): void {
  // Fails (never skips) without the bundle, so a green run always ran these.
  if (!existsSync(COMMAND_BUNDLE)) throw new Error(`${COMMAND_BUNDLE} is missing: npm run package`)
}

afterAll(() => {
  // The token reaches the command through the environment or a flag; no output may show it.
  for (const run of runs) {
    for (const text of [run.stdout, run.stderr, ...Object.values(run.files)]) {
      expect(text).not.toContain(TOKEN)
    }
  }
  expect(runs.length).toBeGreaterThan(0)
})

describe('findings-gate in GitLab CI', () => {
  it('a push pipeline that blocks: exit 1, the summary, Code Quality and JUnit files', async () => {
    await withEmulator({ token: TOKEN }, async emulator => {
      recordBareMain(emulator)
      const run = await command(
        emulator,
        ['--gitlab-code-quality', 'gl-code-quality-report.json', '--junit', 'out/gate.junit.xml'],
        {
          env: gitlab('main', MAIN_COMMIT),
          read: ['gl-code-quality-report.json', 'out/gate.junit.xml']
        }
      )
      expect(run.exitCode).toBe(1)
      const [first, second] = run.stdout.split('\n')
      expect(first).toBe('Findings Gate failed: 5 blocking of 16 findings')
      expect(second).toMatch(/^Gate failed: 5 blocking findings: high /)
      expect(run.stdout).toContain('on main (full scan, completed ')
      expect(run.stdout).toContain('Blocking findings (5):')
      expect(run.stdout).not.toContain('\u001b')
      expect(run.stderr).toContain(
        `findings-gate 0.1.0, GitLab CI pipeline: detected repository acme/web, ref main, commit ${MAIN_COMMIT}`
      )
      expect(run.stderr).toMatch(/^error: 5 blocking findings: /m)
      // The findings asked for are those of the bare ref GitLab's scan recorded.
      const refs = new Set(findingsRequests(emulator).map(r => r.query.ref?.[0]))
      expect([...refs]).toEqual(['main'])

      const issues = JSON.parse(
        run.files['gl-code-quality-report.json'] ?? '[]'
      ) as CodeQualityIssue[]
      expect(issues).toHaveLength(16)
      expect(issues.filter(i => i.severity === 'blocker')).toHaveLength(5)
      expect(new Set(issues.map(i => i.fingerprint)).size).toBe(16)
      expect(issues[0]?.location).toEqual({ path: 'src/app/views.py', lines: { begin: 42 } })

      const suites = junit(run.files['out/gate.junit.xml'])
      expect([suites['@tests'], suites['@failures'], suites['@errors']]).toEqual(['16', '5', '0'])
      const failed = JSON.stringify(suites)
      for (const id of WEB_MAIN_BLOCKING) expect(failed).toContain(`finding ${id}`)
    })
  })

  it('a merge-request pipeline that passes: the source branch is judged against the target, exit 0', async () => {
    await withEmulator({ token: TOKEN }, async emulator => {
      const commit = 'f00dfeed'.repeat(5)
      emulator.addScan({
        repository: 'acme/web',
        branch: 'feature/login',
        commit,
        sast: [
          {
            severity: 'low',
            // A rule in monitor mode: it blocks by severity alone.
            ruleName: 'python.lang.security.audit.dangerous-subprocess-use-audit',
            location: { filePath: 'src/login.py', line: 7, column: 1, endLine: 7, endColumn: 9 }
          },
          {
            // Also on main (the platform gives it the same match id): existing, not blocking.
            matchBasedId: emulator.state.sastFindings.find(f => f.id === WEB_SAST.sqli)
              ?.matchBasedId,
            severity: 'high',
            ruleName: 'python.django.security.injection.sql.sql-injection-db-cursor-execute',
            location: {
              filePath: 'src/app/views.py',
              line: 44,
              column: 9,
              endLine: 44,
              endColumn: 48
            }
          }
        ]
      })
      const run = await command(
        emulator,
        ['--junit', 'j.xml', '--gitlab-code-quality', 'cq.json'],
        {
          env: gitlab('feature/login', commit, {
            CI_PIPELINE_SOURCE: 'merge_request_event',
            CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main'
          }),
          read: ['j.xml', 'cq.json']
        }
      )
      expect(run.exitCode).toBe(0)
      expect(run.stdout).toMatch(/^Findings Gate passed: 2 findings, none blocking\n/)
      expect(run.stdout).toContain(
        `\nJudged: Code, Supply Chain, Secrets, AI-powered detection in scan `
      )
      expect(run.stdout).toContain(` of commit ${commit.slice(0, 12)} on feature/login (`)
      expect(run.stderr).toContain(
        'GitLab CI merge-request pipeline into main: detected repository acme/web, ref feature/login'
      )
      // The merge request's findings, and those of its target branch (the baseline).
      const refs = new Set(findingsRequests(emulator).map(r => r.query.ref?.[0]))
      expect([...refs].sort()).toEqual(['feature/login', 'refs/heads/main'])
      // The existing high finding is no blocker: its severity says how bad it is.
      expect(JSON.parse(run.files['cq.json'] ?? '')).toEqual([
        expect.objectContaining({
          severity: 'major',
          location: { path: 'src/app/views.py', lines: { begin: 44 } }
        }),
        expect.objectContaining({
          severity: 'info',
          location: { path: 'src/login.py', lines: { begin: 7 } }
        })
      ])
      expect(junit(run.files['j.xml'])['@failures']).toBe('0')
    })
  })

  it('on GitLab a target branch its scans record bare (main) is the baseline: its finding is existing', async () => {
    await withEmulator({ token: TOKEN }, async emulator => {
      recordBareMain(emulator)
      const commit = 'f00dfeed'.repeat(5)
      const sqli = emulator.state.sastFindings.find(f => f.id === WEB_SAST.sqli)
      emulator.addScan({
        repository: 'acme/web',
        branch: 'feature/login',
        commit,
        sast: [{ ...sqli, id: 8_000_001 }]
      })
      const run = await command(emulator, ['--fail-on-policy-mode', 'none'], {
        env: gitlab('feature/login', commit, {
          CI_PIPELINE_SOURCE: 'merge_request_event',
          CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main'
        })
      })
      expect(run.exitCode).toBe(0)
      expect(run.stdout).toMatch(/^Findings Gate passed: 1 finding, none blocking\n/)
      // The title says it once: no second line repeats the pass.
      expect(run.stdout).not.toMatch(/^Gate passed/m)
      const refs = new Set(findingsRequests(emulator).map(r => r.query.ref?.[0]))
      expect([...refs].sort()).toEqual(['feature/login', 'main'])
    })
  })
})

describe('findings-gate in a GitLab merge-request pipeline', () => {
  const shared = sharedEmulator({ token: TOKEN })
  const MR = gitlab('feature/login', 'f00dfeed'.repeat(5), {
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main'
  })

  it("refuses a workspace ignore file or config file, the merge request's own: exit 2, nothing sent", async () => {
    const ignore = await command(shared.current(), ['--ignore-file', '.findings-gate-ignore.yml'], {
      env: MR
    })
    expect(ignore.exitCode).toBe(2)
    expect(ignore.stderr).toMatch(
      /^ignore-file: cannot be read in a GitLab merge-request pipeline: the checkout is the merge request's own tree, so it could exempt its own findings; .*config-file as OWNER\/REPO\/PATH@REF.*target branch's pipelines/m
    )
    const config = await command(shared.current(), [], {
      env: { ...MR, FINDINGS_GATE_CONFIG_FILE: 'findings-gate.yml' }
    })
    expect(config.exitCode).toBe(2)
    expect(config.stderr).toMatch(
      /^config-file: cannot be read in a GitLab merge-request pipeline: the checkout is the merge request's own tree, so it could soften its own gate; .*OWNER\/REPO\/PATH@REF/m
    )
    expect(shared.current().requests).toEqual([])
  })

  it('a push pipeline still reads the workspace ignore file', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'fg-ignore-'))
    try {
      await writeFile(join(cwd, 'ignore.yml'), 'ignores: []\n')
      const run = await command(
        shared.current(),
        ['--ignore-file', 'ignore.yml', '--fail-on-severity=none', '--fail-on-policy-mode=none'],
        { env: gitlab('main', MAIN_COMMIT), cwd }
      )
      expect(run.stderr).not.toContain('cannot be read in a GitLab')
      expect(run.exitCode).toBe(0)
    } finally {
      await rm(cwd, { recursive: true, force: true })
    }
  })
})

describe('findings-gate anywhere else', () => {
  const shared = sharedEmulator({ token: TOKEN })
  const FLAGS = ['--repository', 'acme/web', '--ref', 'refs/heads/main', '--commit', MAIN_COMMIT]

  it('--help lists the flags; --version; neither sends anything', async () => {
    const help = await command(shared.current(), ['--help'])
    expect(help.exitCode).toBe(0)
    expect(help.stdout).toContain('  --fail-on-severity VALUE (default high)\n')
    expect(help.stdout).toContain('  --junit FILE\n')
    const version = await command(shared.current(), ['--version'])
    expect(version.stdout).toBe('findings-gate 0.1.0\n')
    expect(shared.current().requests).toEqual([])
  })

  it('a shell with flags: the environment sets thresholds, a flag wins over it', async () => {
    const env = {
      FINDINGS_GATE_FAIL_ON_SEVERITY: 'critical',
      FINDINGS_GATE_FAIL_ON_POLICY_MODE: 'none'
    }
    const relaxed = await command(shared.current(), FLAGS, { env })
    expect(relaxed.exitCode).toBe(0)
    expect(relaxed.stdout).toMatch(/^Findings Gate passed: 16 findings, none blocking/)
    expect(relaxed.stderr).toContain(
      'outside GitHub Actions and GitLab CI: the flags name the scan'
    )
    const strict = await command(shared.current(), [...FLAGS, '--fail-on-severity', 'high'], {
      env
    })
    expect(strict.exitCode).toBe(1)
    expect(strict.stdout).toMatch(/^Findings Gate failed: 4 blocking of 16 findings/)
  })

  it('on GitHub Actions: the repository, ref and commit as the action derives them', async () => {
    const run = await command(
      shared.current(),
      ['--fail-on-severity=critical', '--fail-on-policy-mode=none'],
      {
        env: {
          GITHUB_ACTIONS: 'true',
          GITHUB_EVENT_NAME: 'push',
          GITHUB_REPOSITORY: 'acme/web',
          GITHUB_REF: 'refs/heads/main',
          GITHUB_SHA: MAIN_COMMIT
        }
      }
    )
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/^Findings Gate passed: 16 findings, none blocking\n/)
    expect(run.stdout).toContain(` of commit ${MAIN_COMMIT.slice(0, 12)} on `)
    expect(run.stdout).toContain('ref refs/heads/main')
    expect(run.stderr).not.toContain('detected')
  })

  it('warn-only softens a failed verdict to exit 0, and the summary says so', async () => {
    const run = await command(shared.current(), [...FLAGS, '--warn-only'])
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/^Findings Gate failed: 5 blocking/)
    expect(run.stderr).toMatch(/^warning: Gate failed \(warn-only, the step passes\): /m)
  })

  it('git says which scan: the origin remote, the branch, HEAD', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'fg-e2e-git-'))
    try {
      const git = (...args: string[]): string =>
        execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
          cwd: repo,
          encoding: 'utf8'
        }).trim()
      git('init', '-q', '-b', 'main')
      git('commit', '-q', '--allow-empty', '-m', 'first')
      git('remote', 'add', 'origin', 'git@github.com:acme/web.git')
      const head = git('rev-parse', 'HEAD')
      shared.current().addScan({
        repository: 'acme/web',
        branch: 'main',
        commit: head,
        sast: [
          {
            severity: 'high',
            location: { filePath: 'cli/run.py', line: 3, column: 1, endLine: 3, endColumn: 9 }
          }
        ]
      })
      const run = await command(shared.current(), [], { cwd: repo })
      expect(run.stderr).toContain(`detected repository acme/web, ref main, commit ${head}`)
      expect(run.exitCode).toBe(1)
      expect(run.stdout).toMatch(/^Findings Gate failed: 1 blocking of 1 finding/)
      expect(run.stdout).toContain('  HIGH  Code  cli/run.py:3  ')
    } finally {
      await rm(repo, { recursive: true, force: true })
    }
  })

  it('no scan of the commit: no verdict, exit 2; JUnit says so, no Code Quality file', async () => {
    const run = await command(
      shared.current(),
      [
        ...FLAGS.slice(0, 2),
        '--ref=refs/heads/nowhere',
        `--commit=${MAIN_COMMIT}`,
        '--scan-wait-timeout-seconds=0',
        '--junit=j.xml',
        '--gitlab-code-quality=cq.json'
      ],
      { read: ['j.xml', 'cq.json'] }
    )
    expect(run.exitCode).toBe(2)
    expect(run.stdout).toMatch(/^Findings Gate: no verdict\nNo verdict: /)
    expect(run.stderr).toMatch(/^error: No verdict: /m)
    expect(run.stderr).toContain('warning: No GitLab Code Quality report was written to cq.json')
    expect(run.files['cq.json']).toBeUndefined()
    expect(junit(run.files['j.xml'])['@errors']).toBe('1')
  })

  it('a bad flag: exit 2 before any request, naming it', async () => {
    const run = await command(shared.current(), [...FLAGS, '--fail-on-severty', 'high'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toBe(
      'error: Invalid flags, nothing was sent:\n' +
        'argument 7: is not a flag of findings-gate (did you mean --fail-on-severity?); see findings-gate --help\n' +
        'argument 8: findings-gate takes only flags (--name value or --name=value), not arguments; see findings-gate --help\n'
    )
    expect(run.stdout).toBe('')
    expect(shared.current().requests).toEqual([])
  })

  it('--help=1, a misspelt FINDINGS_GATE_ variable, a stray -fg-<token>: exit 2, nothing sent or shown', async () => {
    const help = await command(shared.current(), [...FLAGS, '--help=1'])
    expect(help.exitCode).toBe(2)
    expect(help.stderr).toContain('--help: takes no value; write --help\n')
    const misspelt = await command(shared.current(), FLAGS, {
      env: { FINDINGS_GATE_FAIL_ON_SEVERTY: 'critical' }
    })
    expect(misspelt.exitCode).toBe(2)
    expect(misspelt.stderr).toContain(
      'FINDINGS_GATE_FAIL_ON_SEVERTY: is not a variable of findings-gate (did you mean FINDINGS_GATE_FAIL_ON_SEVERITY?)'
    )
    const stray = await command(shared.current(), [...FLAGS, `-fg-${TOKEN}`])
    expect(stray.exitCode).toBe(2)
    expect(stray.stderr).toBe(
      'error: Invalid flags, nothing was sent:\n' +
        'argument 7: is not a flag of findings-gate (flags are written in full: --name value or --name=value); see findings-gate --help\n'
    )
    // The afterAll check finds the token in no output; nor does any piece of it show.
    expect(stray.stderr).not.toMatch(/sgp|e2e|Command-Token/)
    expect(shared.current().requests).toEqual([])
  })

  it('a bad value (or a token pasted into another flag): exit 2 before any request, never echoed', async () => {
    const run = await command(shared.current(), [
      ...FLAGS,
      '--fail-on-severity',
      'extreme',
      '--deployment-slug',
      `${TOKEN}/x`,
      `--api-token=${TOKEN}`
    ])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('error: Invalid inputs, nothing was sent:\n')
    expect(run.stderr).toContain(
      'fail-on-severity: must be one of critical, high, medium, low, none (got "extreme")'
    )
    expect(run.stderr).toMatch(/^deployment-slug: must not be \. or \.\. nor contain \//m)
    expect(shared.current().requests).toEqual([])
  })

  it('an abbreviated --commit (or CI_COMMIT_SHA) may name two commits: exit 2, nothing sent', async () => {
    const short = MAIN_COMMIT.slice(0, 7)
    const run = await command(shared.current(), [...FLAGS.slice(0, 4), '--commit', short])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain(
      `commit: must be a full 40-character git commit sha (what \`git rev-parse HEAD\` prints), not abbreviated (got "${short}")`
    )
    const gitlabRun = await command(shared.current(), [], {
      env: gitlab('main', MAIN_COMMIT.slice(0, 12).toUpperCase())
    })
    expect(gitlabRun.exitCode).toBe(2)
    expect(gitlabRun.stderr).toMatch(/^commit: must be a full 40-character git commit sha/m)
    expect(shared.current().requests).toEqual([])
    // The full sha, in any case, still names the scan.
    const upper = await command(shared.current(), [
      ...FLAGS.slice(0, 4),
      `--commit=${MAIN_COMMIT.toUpperCase()}`,
      '--fail-on-severity=none',
      '--fail-on-policy-mode=none'
    ])
    expect(upper.exitCode).toBe(0)
  })

  it('a full disk (a file size limit): exit 2 naming each report file, and no partial file left', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'fg-full-'))
    const wrapper = join(cwd, 'node-2k')
    try {
      // Node ignores SIGXFSZ: past 2 KiB a write fails with EFBIG, as on a full disk.
      await writeFile(wrapper, `#!/bin/bash\nulimit -f 2\nexec "${process.execPath}" "$@"\n`, {
        mode: 0o755
      })
      const run = await runBundledCommand({
        args: [
          ...FLAGS,
          '--report-file=out/report.json',
          '--junit=out/j.xml',
          '--gitlab-code-quality=out/cq.json'
        ],
        env: { SEMGREP_APP_TOKEN: TOKEN, FINDINGS_GATE_BASE_URL: shared.current().url },
        cwd,
        node: wrapper
      })
      runs.push(run)
      expect(run.exitCode).toBe(2)
      for (const [what, file] of [
        ['the JSON report', 'out/report.json'],
        ['the JUnit report', 'out/j.xml'],
        ['the GitLab Code Quality report', 'out/cq.json']
      ]) {
        expect(run.stderr).toMatch(
          new RegExp(`^error: Could not write ${what} to ${file}: EFBIG: file too large`, 'm')
        )
      }
      expect(await readdir(join(cwd, 'out'))).toEqual([])
    } finally {
      await rm(cwd, { recursive: true, force: true })
    }
  })

  it('one path for two reports: exit 2 before any request, nothing written', async () => {
    const junitToo = await command(
      shared.current(),
      [...FLAGS, '--report-file', 'x.out', '--junit', 'x.out'],
      { read: ['x.out'] }
    )
    expect(junitToo.exitCode).toBe(2)
    expect(junitToo.stderr).toContain(
      'junit: is the same file as report-file (x.out): give each report its own file, or the last one written replaces the other'
    )
    expect(junitToo.files['x.out']).toBeUndefined()
    const sarifToo = await command(shared.current(), [
      ...FLAGS,
      '--report-file=r.json',
      '--sarif-file=./r.json'
    ])
    expect(sarifToo.exitCode).toBe(2)
    expect(sarifToo.stderr).toMatch(/^sarif-file: is the same file as report-file \(r\.json\)/m)
    expect(shared.current().requests).toEqual([])
  })

  it('no git and no flags: exit 2, each missing value named, nothing sent', async () => {
    const run = await command(shared.current(), [])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toMatch(
      /^repository: not given, and .* is not in a git repository; set --repository/m
    )
    expect(run.stderr).toMatch(/^ref: not given, and /m)
    // Said first, as a note: only a run that proves a scan needs the commit.
    expect(run.stderr).toMatch(/^commit: not given, and .*\nerror: Invalid inputs/m)
    expect(shared.current().requests).toEqual([])
  })

  it('no commit outside git: the run that proves a scan needs it, and says where it looked', async () => {
    const run = await command(shared.current(), FLAGS.slice(0, 4))
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toMatch(
      /^commit: not given, and .* is not in a git repository; set --commit \(or FINDINGS_GATE_COMMIT\)\nerror: Invalid inputs, nothing was sent:\ncommit: is required when require-scan is commit/m
    )
    expect(shared.current().requests).toEqual([])
  })

  it('an API error: exit 2; on-api-error warn softens it to exit 0', async () => {
    const fault = {
      path: '/api/v1/deployments/acme-corp/findings',
      kind: 'status',
      status: 500,
      times: Infinity
    } as const
    shared.current().addFault(fault)
    const failing = await command(shared.current(), [...FLAGS, '--max-retries', '0'])
    expect(failing.exitCode).toBe(2)
    const softened = await command(shared.current(), [
      ...FLAGS,
      '--max-retries=0',
      '--on-api-error=warn'
    ])
    expect(softened.exitCode).toBe(0)
    expect(softened.stdout).toMatch(/^Findings Gate: no verdict/)
  })

  it('a nightly GitLab schedule exporting one shard of the deployment, without the gate', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fg-e2e-sbom-'))
    try {
      const run = await command(
        shared.current(),
        [
          '--no-gate',
          '--sbom-export',
          '--sbom-scope',
          'deployment',
          '--sbom-shard',
          '2/8',
          '--sbom-file',
          'sboms'
        ],
        { cwd: dir, env: gitlab('main', MAIN_COMMIT, { CI_PIPELINE_SOURCE: 'schedule' }) }
      )
      expect(run.exitCode).toBe(0)
      const files = await readdir(join(dir, 'sboms'))
      const mine = shared.current().state.projects.filter(p => shardOf(p.name, 8) === 2)
      const names = mine.map(p => p.name)
      // One file a project, named by its id and its name.
      expect(files.sort()).toEqual(
        mine.map(p => `${p.id}-${p.name.replace('/', '__')}.cdx.json`).sort()
      )
      expect(
        shared.current().requests.filter(r => r.method === 'POST' && r.path === EXPORT_PATH)
      ).toHaveLength(names.length)
      expect(run.stdout).toMatch(/^Findings Gate skipped\n/)
      expect(run.stdout).toContain(`SBOM exports (${names.length} projects exported):`)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
