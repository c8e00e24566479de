/**
 * What the suites that read a file at a pull request's base share: a fake GitHub for the whole
 * suite, and a fresh workspace folder (with `.github/`) per test, removed after it.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunContext } from '../../src/inputs/index.js'
import { FakeGitHub } from './fake-github.js'

/** The head of pull request 42 in these suites. */
export const HEAD_SHA = 'c'.repeat(40)

export interface BaseFileFixture {
  readonly github: FakeGitHub
  /** This test's workspace folder. */
  readonly workspace: () => string
  /**
   * The run of pull request 42 of acme/web (base at `baseSha`) on `eventName`, in this test's
   * workspace, with the fake GitHub as its API.
   */
  readonly context: (eventName: string, baseSha: string) => RunContext
}

/**
 * Registers the hooks. With `chdir`, each test runs in its workspace, as the runner starts the
 * action there (relative inputs are read from it); the suite's folder is restored after.
 */
export function baseFileFixture({ chdir = false }: { chdir?: boolean } = {}): BaseFileFixture {
  const github = new FakeGitHub()
  const testCwd = process.cwd()
  let workspace = ''
  beforeAll(async () => {
    await github.start()
  })
  afterAll(async () => {
    await github.close()
  })
  beforeEach(async () => {
    github.reset()
    workspace = await mkdtemp(join(tmpdir(), 'base-file-'))
    await mkdir(join(workspace, '.github'))
    if (chdir) process.chdir(workspace)
  })
  afterEach(async () => {
    if (chdir) process.chdir(testCwd)
    await rm(workspace, { recursive: true, force: true })
  })
  const context = (eventName: string, baseSha: string): RunContext => ({
    now: new Date('2026-11-23T12:00:00Z'),
    env: {
      GITHUB_REPOSITORY: 'acme/web',
      GITHUB_REF: 'refs/pull/42/merge',
      GITHUB_SHA: HEAD_SHA,
      GITHUB_HEAD_REF: 'feature/login',
      GITHUB_WORKSPACE: workspace,
      GITHUB_API_URL: github.url
    },
    eventName,
    eventPayload: {
      number: 42,
      pull_request: {
        number: 42,
        base: { sha: baseSha, repo: { full_name: 'acme/web' } },
        head: { sha: HEAD_SHA, repo: { full_name: 'acme/web' } }
      }
    }
  })
  return { github, workspace: () => workspace, context }
}
