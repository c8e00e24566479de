import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ciPlatform, commandRunContext, gitlabContext, locateScan } from '../src/cli/ci-context.js'
import { repositoryFromRemote } from '../src/cli/git.js'

const SHA = 'ea862925470e5c66dbb34397daea3b803902f271'

const GITLAB_PUSH = {
  GITLAB_CI: 'true',
  CI_PROJECT_PATH: 'acme/platform/web',
  CI_COMMIT_REF_NAME: 'main',
  CI_COMMIT_SHA: SHA,
  CI_PIPELINE_SOURCE: 'push'
}

const GITLAB_MR = {
  ...GITLAB_PUSH,
  CI_COMMIT_REF_NAME: 'feature/login',
  CI_PIPELINE_SOURCE: 'merge_request_event',
  CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main'
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8'
  }).trim()
}

describe('repositoryFromRemote', () => {
  it.each([
    ['git@github.com:acme/web.git', 'acme/web'],
    ['https://gitlab.com/acme/web.git', 'acme/web'],
    ['https://github.com/acme/web', 'acme/web'],
    ['https://gitlab.com/group/sub/web.git/', 'group/sub/web'],
    ['ssh://git@gitlab.example.com:2222/group/sub/web.git', 'group/sub/web'],
    ['https://ci:s3cret@gitlab.example.com/acme/web.git', 'acme/web'],
    ['gitlab.example.com:acme/web', 'acme/web']
  ])('%s → %s', (url, repository) => {
    expect(repositoryFromRemote(url)).toBe(repository)
  })

  it.each(['/srv/git/web.git', '../web', 'https://example.com/web', 'not a url'])(
    '%s names no repository',
    url => {
      expect(repositoryFromRemote(url)).toBeUndefined()
    }
  )
})

describe('where the command runs', () => {
  it('GitHub Actions, GitLab CI, anything else', () => {
    expect(ciPlatform({ GITHUB_ACTIONS: 'true', GITLAB_CI: 'true' })).toBe('github')
    expect(ciPlatform({ GITLAB_CI: 'true' })).toBe('gitlab')
    expect(ciPlatform({ GITLAB_CI: 'false', JENKINS_URL: 'x' })).toBe('other')
  })

  it('GitLab push and merge-request pipelines; the target branch is the natural baseline', () => {
    expect(gitlabContext(GITLAB_PUSH)).toEqual({
      repository: 'acme/platform/web',
      ref: 'main',
      commit: SHA,
      mergeRequest: false
    })
    expect(gitlabContext(GITLAB_MR)).toEqual({
      repository: 'acme/platform/web',
      ref: 'feature/login',
      commit: SHA,
      mergeRequest: true,
      baselineRef: 'main'
    })
  })

  it('the run context: GitHub reads the event; elsewhere no GITHUB_* variable is seen', () => {
    const now = new Date()
    const env = { GITHUB_REPOSITORY: 'stale/repo', GITHUB_REF: 'refs/heads/x', HOME: '/h' }
    // Outside GitHub bare branch names are how scans record branches (a baseline's evidence too).
    expect(commandRunContext('other', env, now)).toEqual({
      now,
      env: { HOME: '/h' },
      outsideGitHub: true
    })
    expect(commandRunContext('gitlab', env, now).outsideGitHub).toBe(true)
    const github = commandRunContext('github', { ...env, GITHUB_EVENT_NAME: 'push' }, now)
    expect(github).toMatchObject({ now, eventName: 'push', env: { GITHUB_REF: 'refs/heads/x' } })
    expect(github.outsideGitHub).toBeUndefined()
  })

  it("GitLab merge-request and external pull request pipelines check out the change's own tree", () => {
    const now = new Date()
    expect(commandRunContext('gitlab', GITLAB_MR, now).changeTree).toBe(
      'a GitLab merge-request pipeline'
    )
    const external = { ...GITLAB_PUSH, CI_PIPELINE_SOURCE: 'external_pull_request_event' }
    expect(commandRunContext('gitlab', external, now).changeTree).toBe(
      'a GitLab external pull request pipeline'
    )
    expect(commandRunContext('gitlab', GITLAB_PUSH, now).changeTree).toBeUndefined()
    expect(commandRunContext('other', GITLAB_MR, now).changeTree).toBeUndefined()
  })
})

describe('locateScan', () => {
  let repo: string
  let bare: string
  let head: string

  beforeAll(async () => {
    repo = await mkdtemp(join(tmpdir(), 'fg-git-'))
    bare = await mkdtemp(join(tmpdir(), 'fg-nogit-'))
    git(repo, 'init', '-q', '-b', 'main')
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'first')
    git(repo, 'remote', 'add', 'origin', 'git@gitlab.example.com:acme/platform/web.git')
    head = git(repo, 'rev-parse', 'HEAD')
  })
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true })
    await rm(bare, { recursive: true, force: true })
  })

  it('on GitHub Actions finds nothing: the run context derives them as in the action', async () => {
    expect(await locateScan('github', {}, GITLAB_PUSH, repo)).toEqual({
      found: {},
      problems: [],
      notes: []
    })
  })

  it('on GitLab: the CI variables; SEMGREP_* win over them; given inputs are kept', async () => {
    const located = await locateScan('gitlab', { ref: 'given' }, GITLAB_MR, bare)
    expect(located.found).toEqual({ repository: 'acme/platform/web', commit: SHA })
    expect(located.gitlab?.baselineRef).toBe('main')
    const overridden = await locateScan(
      'gitlab',
      {},
      { ...GITLAB_PUSH, SEMGREP_BRANCH: 'refs/heads/main' },
      bare
    )
    expect(overridden.found.ref).toBe('refs/heads/main')
  })

  it('on GitLab, a variable that is not set is a problem, not a question to git', async () => {
    const { CI_COMMIT_SHA: _sha, CI_COMMIT_REF_NAME: _ref, ...env } = GITLAB_PUSH
    const located = await locateScan('gitlab', {}, env, repo)
    expect(located.problems).toEqual([
      'ref: not given, and GitLab CI did not set CI_COMMIT_REF_NAME; set --ref (or FINDINGS_GATE_REF)'
    ])
    // Only a run that proves a scan needs the commit: the inputs' schema decides.
    expect(located.notes).toEqual([
      'commit: not given, and GitLab CI did not set CI_COMMIT_SHA; set --commit (or FINDINGS_GATE_COMMIT)'
    ])
  })

  it('elsewhere: what git says (branch, HEAD, the origin remote with its groups)', async () => {
    expect(await locateScan('other', {}, {}, repo)).toEqual({
      found: { repository: 'acme/platform/web', ref: 'main', commit: head },
      problems: [],
      notes: []
    })
  })

  it('elsewhere, a detached HEAD names no branch: the ref must be given', async () => {
    const detached = await mkdtemp(join(tmpdir(), 'fg-detached-'))
    try {
      git(detached, 'clone', '-q', repo, '.')
      git(detached, 'checkout', '-q', '--detach')
      const located = await locateScan('other', { repository: 'acme/web' }, {}, detached)
      expect(located.found).toEqual({ commit: head })
      expect(located.problems).toEqual([
        'ref: not given, and HEAD is detached (as CI checkouts often are), so git names no branch; set --ref (or FINDINGS_GATE_REF)'
      ])
    } finally {
      await rm(detached, { recursive: true, force: true })
    }
  })

  it('elsewhere, outside a repository: one problem per value nothing gave', async () => {
    const located = await locateScan('other', {}, {}, bare)
    expect(located.notes).toEqual([
      `commit: not given, and ${bare} is not in a git repository; set --commit (or FINDINGS_GATE_COMMIT)`
    ])
    expect(located.problems).toEqual([
      `repository: not given, and ${bare} is not in a git repository; set --repository (or FINDINGS_GATE_REPOSITORY)`,
      `ref: not given, and ${bare} is not in a git repository; set --ref (or FINDINGS_GATE_REF)`
    ])
  })

  it('elsewhere, without git: says so', async () => {
    const path = process.env.PATH
    process.env.PATH = bare
    try {
      const located = await locateScan('other', { repository: 'a/b', commit: SHA }, {}, repo)
      expect(located.problems).toEqual([
        'ref: not given, and git is not installed (or not on PATH); set --ref (or FINDINGS_GATE_REF)'
      ])
    } finally {
      process.env.PATH = path
    }
  })

  it('given everything, git is not asked at all', async () => {
    const path = process.env.PATH
    process.env.PATH = bare
    try {
      const given = { repository: 'a/b', ref: 'main', commit: SHA }
      expect(await locateScan('other', given, {}, bare)).toEqual({
        found: {},
        problems: [],
        notes: []
      })
    } finally {
      process.env.PATH = path
    }
  })
})
