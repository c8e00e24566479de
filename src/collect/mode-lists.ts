/**
 * The policy modes of the Code findings, learned from the findings endpoint itself: beside each
 * status's full list, the list of its findings whose rule is in each mode at or above
 * fail-on-policy-mode (the `policies` filter). The deprecated v1 policies endpoints are not read:
 * once a deployment is migrated they answer 410, and the filter needs no policy id.
 */
import { isClientError } from '../api/errors.js'
import { readFindingIds, type FindingsQuery } from '../api/findings.js'
import type { Transport } from '../api/transport.js'
import { PRODUCT_NAMES, type RuleBoardMode } from '../domain.js'
import { NoVerdictError } from '../errors.js'
import { modesAtOrAbove, type ModeList } from '../gate/modes.js'

/**
 * The mode lists of one status's SAST list: one per mode at or above `threshold`, each asking for
 * `plannedPages` at once and read to its end like any list (pages.ts). A list that cannot be read
 * is no verdict: without it, findings of that mode would pass.
 */
export function readModeLists(
  transport: Transport,
  deploymentSlug: string,
  query: FindingsQuery,
  threshold: RuleBoardMode,
  plannedPages: number
): Promise<ModeList>[] {
  return modesAtOrAbove(threshold).map(async mode => {
    const ids = readFindingIds(transport, deploymentSlug, { ...query, mode }, plannedPages)
    return { mode, ids: await noVerdictOnFailure(ids, `${mode}-mode`, query) }
  })
}

async function noVerdictOnFailure<T>(
  read: Promise<T>,
  which: string,
  query: FindingsQuery
): Promise<T> {
  try {
    return await read
  } catch (error) {
    if (!isClientError(error)) throw error
    throw new NoVerdictError(
      `the ${which} list of ${query.status} ${PRODUCT_NAMES.sast} findings could not be read, so fail-on-policy-mode cannot be judged: ${error.message}. Set fail-on-policy-mode: none to gate without policy modes`,
      'on-api-error'
    )
  }
}
