/**
 * The configuration schema of one run: every input field, the rules between them, and the final
 * frozen {@link Config} they become.
 */
import { z } from 'zod'
import {
  baseIgnoreFileNeedsAToken,
  noIgnoreFileInAChange,
  filesAreDistinct,
  baselineIsAnotherRef,
  blockingTicketsNeedTheGate,
  commitEvidenceNeedsACommit,
  deploymentSbomNeedsADirectory,
  oneLicenseList,
  onlyWhenValid,
  prCommentNeedsAToken,
  shardNeedsDeploymentScope
} from './cross-field-rules.js'
import { inputFields, type ParsedInputs } from './input-fields.js'
import type { RunContext } from './run-context.js'
import { DEFAULT_ISSUE_TYPES } from './scope.js'

/**
 * The whole configuration schema for one run. It is built per run because three defaults come
 * from the run itself: `repository` and `ref` (the `${{ github.* }}` defaults, which are not
 * expanded outside a runner) and `since` durations, which count back from `ctx.now`.
 * Input: an object of raw, non-empty input strings keyed by camelCase input name.
 */
export function configSchema(ctx: RunContext) {
  return z
    .object(inputFields(ctx))
    .superRefine(
      blockingTicketsNeedTheGate,
      onlyWhenValid('createTickets', 'ticketFindings', 'gate')
    )
    .superRefine(baseIgnoreFileNeedsAToken(ctx), onlyWhenValid('ignoreFile', 'githubToken'))
    .superRefine(noIgnoreFileInAChange(ctx), onlyWhenValid('ignoreFile'))
    .superRefine(filesAreDistinct, onlyWhenValid('reportFile', 'sarifFile', 'sbomFile'))
    .superRefine(oneLicenseList, onlyWhenValid('allowLicenses', 'denyLicenses'))
    .superRefine(baselineIsAnotherRef, onlyWhenValid('baselineRef', 'ref'))
    .superRefine(deploymentSbomNeedsADirectory, onlyWhenValid('sbomScope', 'sbomFile'))
    .superRefine(shardNeedsDeploymentScope, onlyWhenValid('sbomScope', 'sbomShard'))
    .superRefine(prCommentNeedsAToken, onlyWhenValid('commentOnPr', 'githubToken'))
    .superRefine(
      commitEvidenceNeedsACommit,
      onlyWhenValid('requireScan', 'commit', 'gate', 'createTickets')
    )
    .transform(toConfig)
}

/** The typed, deeply frozen configuration of one run. */
export type Config = z.output<ReturnType<typeof configSchema>>

function toConfig(inputs: ParsedInputs) {
  const { issueTypes, ...rest } = inputs
  return Object.freeze({
    ...rest,
    issueTypes: issueTypes ?? DEFAULT_ISSUE_TYPES,
    /**
     * The types came from the default: a type without a scan or product is then a
     * warning, not a missing verdict (a user who names a type wants it judged).
     */
    typesFromDefault: issueTypes === undefined,
    // A file can only be downloaded once the export has finished.
    sbomWait: rest.sbomWait || rest.sbomFile !== undefined
  })
}
