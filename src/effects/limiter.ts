/** At most `limit` of the given jobs at once; the others wait their turn in order. */
export class Limiter {
  private active = 0
  private readonly queue: (() => void)[] = []
  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>(resolve => this.queue.push(resolve))
    this.active++
    try {
      return await job()
    } finally {
      this.active--
      this.queue.shift()?.()
    }
  }
}
