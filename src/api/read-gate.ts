/**
 * At most `limit` large bodies read and decoded at once. Decoding is CPU on the one thread, so
 * reading more bodies at once does not finish them sooner: it only holds them in memory. A body
 * that waits here stays in its socket (a stream nobody consumes stops reading it), and with
 * every page a count covers asked for at once, a long list would otherwise hold all its pages in
 * the heap together (a 3,000-finding page is about 5 MB).
 *
 * A reader that makes no progress is no reason to hold the rest: when no permit has been given
 * back for `stallMs` while others wait, one more is let through, so a stalled body delays the
 * others by at most that (and is ended by its own request timeout, as before).
 */
export class ReadGate {
  private active = 0
  private readonly waiting: (() => void)[] = []
  private stallTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly limit: number,
    private readonly stallMs: number
  ) {}

  /** Resolves with the function that gives the permit back (once; later calls do nothing). */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) {
      await new Promise<void>(resolve => {
        this.waiting.push(resolve)
        this.watchForStall()
      })
    } else {
      this.active++
    }
    let released = false
    return () => {
      if (released) return
      released = true
      this.release()
    }
  }

  /** How many readers hold a permit; how many wait for one. */
  get load(): { readonly active: number; readonly waiting: number } {
    return { active: this.active, waiting: this.waiting.length }
  }

  private release(): void {
    this.active--
    // A permit given back is progress: the stall check starts over.
    this.clearStallTimer()
    // Once a stall has let one more through, a permit given back passes on only when the
    // count is under the limit again.
    if (this.active < this.limit) this.admitNext()
    else this.watchForStall()
  }

  private admitNext(): void {
    const next = this.waiting.shift()
    if (next === undefined) return
    this.active++
    next()
    this.watchForStall()
  }

  private watchForStall(): void {
    if (this.stallTimer !== undefined || this.waiting.length === 0) return
    this.stallTimer = setTimeout(() => {
      this.stallTimer = undefined
      this.admitNext()
    }, this.stallMs)
    // A pending stall check never keeps the process alive on its own.
    this.stallTimer.unref()
  }

  private clearStallTimer(): void {
    if (this.stallTimer === undefined) return
    clearTimeout(this.stallTimer)
    this.stallTimer = undefined
  }
}
