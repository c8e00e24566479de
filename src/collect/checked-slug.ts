import type { Deployment } from '../domain.js'

/**
 * Work addressed by the deployment slug, started under the slug the inputs give while the
 * deployment is still being checked, so the check costs no round trip on the way to the proof.
 * The check settles first: a wrong slug is reported as a wrong deployment, not as what the early
 * work met. The check matches slugs case-insensitively and paths need not, so work started under
 * another spelling is redone under the deployment's own slug.
 */
export async function underCheckedSlug<T>(
  deployment: Promise<Deployment>,
  given: string | undefined,
  start: (slug: string) => Promise<T>
): Promise<T> {
  const early = given === undefined ? undefined : start(given)
  // Awaited below, after the check: its rejection is not unhandled meanwhile.
  early?.catch(() => undefined)
  const resolved = await deployment
  if (early !== undefined && resolved.slug === given) return early
  return start(resolved.slug)
}
