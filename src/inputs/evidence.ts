/** The evidence inputs: which scan the findings must come from, and how long to wait for it. */
import { integerFrom, oneOf, parseCommit } from './parsers.js'
import { optionalWithFallback, parsed } from './parsed-field.js'
import { contextCommit, type RunContext } from './run-context.js'

export function evidenceFields(ctx: RunContext) {
  return {
    requireScan: parsed(oneOf(['commit', 'ref', 'none'])).prefault('commit'),
    commit: optionalWithFallback(parsed(parseCommit), contextCommit(ctx)),
    scanWaitTimeoutSeconds: parsed(integerFrom(0, 3600)).prefault('600'),
    onMissingScan: parsed(oneOf(['fail', 'warn'])).prefault('fail')
  }
}
