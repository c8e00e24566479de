/**
 * Like AbortSignal.timeout, but cleared once the request is answered: a pending
 * AbortSignal.timeout keeps the request's objects reachable until it fires, which over a thousand
 * SBOM polls in the timeout's span is tens of MB of heap. It also aborts, with the same reason, when
 * `parent` does.
 */
export function timeoutSignal(
  ms: number,
  parent?: AbortSignal
): { readonly signal: AbortSignal; clear(): void } {
  const controller = new AbortController()
  if (parent?.aborted) {
    controller.abort(parent.reason)
    return { signal: controller.signal, clear: () => undefined }
  }
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms
  )
  const follow = (): void => controller.abort(parent?.reason)
  parent?.addEventListener('abort', follow, { once: true })
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer)
      parent?.removeEventListener('abort', follow)
    }
  }
}
