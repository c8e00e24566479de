import type { Deployment } from '../domain.js'

/**
 * Work addressed by the deployment slug, started under the slug the inputs give while the
 * deployment is still being checked, so the check costs no round trip on the way to the verdict.
 * The check settles first: a wrong slug is reported as a wrong deployment, not as what the early
 * work met. The check matches slugs case-insensitively and paths need not, so work started under
 * another spelling is cancelled and redone under the deployment's own slug.
 */
export function underCheckedSlug<T>(
  deployment: Promise<Deployment>,
  given: string | undefined,
  start: (slug: string, signal?: AbortSignal) => Promise<T>,
  signal?: AbortSignal
): Promise<T> {
  const cancel = new AbortController()
  const early =
    given === undefined
      ? undefined
      : start(given, signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal)
  early?.catch(() => undefined)
  return deployment.then(
    resolved => {
      if (early !== undefined && resolved.slug === given) return early
      cancel.abort()
      return start(resolved.slug, signal)
    },
    error => {
      cancel.abort()
      throw error
    }
  )
}
