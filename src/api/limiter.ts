/**
 * At most `limit` holders at once; the others wait, in the order they asked. The findings pages
 * use one for their bodies: decoding is CPU on the one thread, so reading more bodies at once
 * finishes none sooner and only holds them in memory (a page of 3,000 findings is about 5 MB),
 * while a body not yet read waits in its socket.
 */
export class Limiter {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  /** Resolves with the function that gives the place back (once; later calls do nothing). */
  async acquire(): Promise<() => void> {
    if (this.active < this.limit) this.active++
    else await new Promise<void>(resolve => this.waiting.push(resolve))
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      // The place passes straight to the next in line, or is freed.
      if (next) next()
      else this.active--
    }
  }
}
