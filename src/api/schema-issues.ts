import type { z } from 'zod'

/** `findings[3].location.line` from a zod issue path. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out === '' ? 'body' : out
}

/** One line per issue, the field first: what a user pastes into a bug report. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): string[] {
  return issues.map(issue => {
    const path = issuePath(issue.path)
    const field = prefix === '' ? path : path === 'body' ? prefix : `${prefix}.${path}`
    return `${field}: ${issue.message}`
  })
}
