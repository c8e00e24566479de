/** Waiting in tests on what another process or socket does next. */

export function sleep(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms))
}

/** Resolves once `condition` holds, or after `ms` (the assertion after it says what was not met). */
export async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = performance.now() + ms
  while (!condition() && performance.now() < deadline) await sleep(10)
}
