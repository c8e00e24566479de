/**
 * What git says in the working directory, as `semgrep ci` asks it outside the CIs it knows: the
 * branch (`git rev-parse --abbrev-ref HEAD`), the commit (`git rev-parse HEAD`) and the repository
 * from the `origin` remote. Each answer is asked for only when no flag or variable gave it.
 */
import { execFile } from 'node:child_process'
import { errorText } from '../text/error-text.js'

/** What git answered, or why it could not: the sentence a problem line ends with. */
export type GitAnswer = { readonly value: string } | { readonly why: string }

const GIT_TIMEOUT_MS = 10_000

/** Runs git in `cwd`; its trimmed standard output, or why it gave none. */
export function git(args: readonly string[], cwd: string): Promise<GitAnswer> {
  return new Promise(resolve => {
    execFile(
      'git',
      [...args],
      { cwd, timeout: GIT_TIMEOUT_MS, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout, stderr) => {
        if (error === null) return resolve({ value: stdout.trim() })
        resolve({ why: gitFailure(error, stderr, cwd) })
      }
    )
  })
}

function gitFailure(error: Error & { code?: unknown }, stderr: string, cwd: string): string {
  if (error.code === 'ENOENT') return 'git is not installed (or not on PATH)'
  if (/not a git repository/i.test(stderr)) return `${cwd} is not in a git repository`
  const first = stderr.split('\n').find(line => line.trim() !== '')
  return `git failed: ${first?.trim() ?? errorText(error)}`
}

/** The branch checked out; a detached HEAD (usual in CI checkouts) names none. */
export async function gitBranch(cwd: string): Promise<GitAnswer> {
  const answer = await git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd)
  if ('value' in answer && answer.value === 'HEAD') {
    return { why: 'HEAD is detached (as CI checkouts often are), so git names no branch' }
  }
  return answer
}

export function gitCommit(cwd: string): Promise<GitAnswer> {
  return git(['rev-parse', 'HEAD'], cwd)
}

/** `owner/name` (a GitLab subgroup path whole) from the `origin` remote's URL. */
export async function gitRepository(cwd: string): Promise<GitAnswer> {
  const answer = await git(['remote', 'get-url', 'origin'], cwd)
  if (!('value' in answer)) return answer
  const repository = repositoryFromRemote(answer.value)
  return repository === undefined
    ? { why: 'the origin remote is not a URL with an owner/name path' }
    : { value: repository }
}

/**
 * The repository path of a remote URL: `git@github.com:acme/web.git`,
 * `ssh://git@host:2222/acme/web.git`, `https://user:secret@gitlab.com/group/sub/web.git` and
 * `https://github.com/acme/web` give `acme/web` (or `group/sub/web`). Credentials in the URL are
 * dropped, never shown. Undefined for a path of fewer than two segments.
 */
export function repositoryFromRemote(url: string): string | undefined {
  const trimmed = url.trim()
  const scp = /^(?:[^@/]+@)?[^/:]+:(?!\/\/)(.+)$/.exec(trimmed)
  const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? urlPath(trimmed) : scp?.[1]
  const segments = (path ?? '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split('/')
    .filter(segment => segment !== '')
  return segments.length >= 2 ? segments.join('/') : undefined
}

function urlPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname)
  } catch {
    return undefined
  }
}
