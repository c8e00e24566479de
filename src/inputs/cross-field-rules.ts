/**
 * The rules between inputs: combinations whose values each parse but cannot work together. A rule
 * runs only once the fields it reads have parsed, so it never repeats a field's own problem.
 */
import { statSync } from 'node:fs'
import type { z } from 'zod'
import { baseRead, changeTreeProblem } from './pull-request.js'
import { sameFileProblems, WRITTEN_FILES } from './reports.js'
import type { ParsedInputs } from './input-fields.js'
import type { RunContext } from './run-context.js'

type CrossFieldRule = (inputs: ParsedInputs, ctx: z.RefinementCtx<ParsedInputs>) => void

/** Run a rule only when the fields it reads parsed, so it sees real values and adds no noise. */
export function onlyWhenValid(...fields: (keyof ParsedInputs)[]): z.core.$ZodSuperRefineParams {
  const watched = new Set<PropertyKey>(fields)
  return { when: payload => !payload.issues.some(issue => watched.has(issue.path?.[0] ?? '')) }
}

/** Only matters when tickets are created: `blocking` is the default, and gate: false is legitimate. */
export const blockingTicketsNeedTheGate: CrossFieldRule = (inputs, ctx) => {
  if (inputs.createTickets && inputs.ticketFindings === 'blocking' && !inputs.gate) {
    ctx.addIssue({
      code: 'custom',
      path: ['ticketFindings'],
      message:
        'blocking needs the gate, but gate is false; use ticket-findings: all (or gate: true)'
    })
  }
}

/**
 * On a pull request or merge_group the ignore file is read at the base commit, through the GitHub
 * API.
 */
export function baseIgnoreFileNeedsAToken(run: RunContext): CrossFieldRule {
  return (inputs, ctx) => {
    const atBase = baseRead(run.eventName)
    if (inputs.ignoreFile !== undefined && inputs.githubToken === undefined && atBase) {
      ctx.addIssue({
        code: 'custom',
        path: ['githubToken'],
        message: `is required when ignore-file is set on ${run.eventName}: the ignore file is read at ${atBase.commit} through the GitHub API, so ${atBase.change} cannot exempt its own findings (use \${{ github.token }}, with contents: read)`
      })
    }
  }
}

/** In a change's own tree (a GitLab merge request) the ignore file is the change's to edit. */
export function noIgnoreFileInAChange(run: RunContext): CrossFieldRule {
  return (inputs, ctx) => {
    const problem = changeTreeProblem(run, 'ignore-file')
    if (inputs.ignoreFile !== undefined && problem !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ignoreFile'], message: problem })
    }
  }
}

/** Each written file its own path: one path for two keeps only the last one written. */
export const filesAreDistinct: CrossFieldRule = (inputs, ctx) => {
  const files = Object.entries(WRITTEN_FILES).map(([name, field]) => ({
    name,
    field,
    path: inputs[field]
  }))
  for (const { name, message } of sameFileProblems(files)) {
    const field = files.find(file => file.name === name)?.field
    ctx.addIssue({ code: 'custom', path: [field ?? name], message })
  }
}

/** `refs/heads/main` and `main` are one branch: a baseline of the gated ref would exempt all. */
export const baselineIsAnotherRef: CrossFieldRule = (inputs, ctx) => {
  const branch = (ref: string): string => ref.replace(/^refs\/heads\//, '')
  if (inputs.baselineRef !== undefined && branch(inputs.baselineRef) === branch(inputs.ref)) {
    ctx.addIssue({
      code: 'custom',
      path: ['baselineRef'],
      message: `is the ref being gated (${inputs.ref}): every finding would be existing and none could block; set the branch the change goes into, e.g. \${{ github.base_ref }}`
    })
  }
}

/** One list decides: with both, a license neither names would be allowed by one and denied by none. */
export const oneLicenseList: CrossFieldRule = (inputs, ctx) => {
  if (inputs.allowLicenses.length > 0 && inputs.denyLicenses.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['allowLicenses'],
      message:
        'cannot be set together with deny-licenses: set one of them (allow-licenses blocks every license it does not name, deny-licenses blocks the licenses it names)'
    })
  }
}

export const deploymentSbomNeedsADirectory: CrossFieldRule = (inputs, ctx) => {
  if (
    inputs.sbomScope === 'deployment' &&
    inputs.sbomFile !== undefined &&
    isFile(inputs.sbomFile)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['sbomFile'],
      message:
        'is an existing file, but sbom-scope: deployment writes one file per project, so it must be a directory path',
      params: { received: inputs.sbomFile }
    })
  }
}

export const shardNeedsDeploymentScope: CrossFieldRule = (inputs, ctx) => {
  if (inputs.sbomShard !== undefined && inputs.sbomScope !== 'deployment') {
    ctx.addIssue({
      code: 'custom',
      path: ['sbomShard'],
      message:
        'splits the projects of a deployment between matrix jobs, so it needs sbom-scope: deployment'
    })
  }
}

export const prCommentNeedsAToken: CrossFieldRule = (inputs, ctx) => {
  if (inputs.commentOnPr !== 'never' && inputs.githubToken === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['githubToken'],
      message: `is required when comment-on-pr is ${inputs.commentOnPr} (use \${{ github.token }})`
    })
  }
}

export const commitEvidenceNeedsACommit: CrossFieldRule = (inputs, ctx) => {
  // Only a run that judges findings (the gate, or tickets for them) proves a scan.
  const judges = inputs.gate || inputs.createTickets
  if (judges && inputs.requireScan === 'commit' && inputs.commit === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['commit'],
      message:
        'is required when require-scan is commit (set it, or run on GitHub Actions where GITHUB_SHA is set; or set require-scan: ref or none)'
    })
  }
}

/** Unreadable paths (ENOTDIR, EACCES) count as "not a file": writing there will report its own error. */
function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false
  } catch {
    return false
  }
}
