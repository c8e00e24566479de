/**
 * Pages asked for before it is known that their list reaches them, shared by the lists of one
 * run. Such a page either turns out to be needed (its slot comes back) or lies past the end of its
 * list (its slot is spent for good): so however the lists end, the run sends at most `limit`
 * requests more than the fewest that could have fetched it.
 *
 * The slots are shared evenly by the lists that have shown they are long and the lists whose first
 * page is still out that may turn out long: one list that happens to answer first does not take
 * every slot and keep the others at one page per round trip. A list that is seldom long (one that
 * asks for no page ahead: the reviewing and fixing findings) takes no share while its first page
 * is out, only once it shows it is long.
 */
export class SpeculationBudget {
  private held = 0
  private spent = 0
  private members = 0
  private undecided = 0

  constructor(readonly limit: number) {}

  /**
   * A list asked for its first page. `mayBeLong`: whether it counts for a share until it shows
   * it is long (the same value goes to its join and leave).
   */
  enter(mayBeLong = true): void {
    if (mayBeLong) this.undecided++
  }

  /** A list whose first page was full: it may now speculate. */
  join(mayBeLong = true): void {
    if (mayBeLong) this.undecided = Math.max(0, this.undecided - 1)
    this.members++
  }

  /**
   * The list ended (or was abandoned) with `stillHeld` speculative pages out: those are spent.
   * `joined`: whether it had joined.
   */
  leave(stillHeld: number, joined: boolean, mayBeLong = true): void {
    if (joined) this.members = Math.max(0, this.members - 1)
    else if (mayBeLong) this.undecided = Math.max(0, this.undecided - 1)
    this.spend(stillHeld)
  }

  /** One more speculative page for a list that holds `mine` already; false when none is left. */
  take(mine: number): boolean {
    const capacity = this.limit - this.spent
    const share = Math.ceil(capacity / Math.max(1, this.members + this.undecided))
    if (this.held >= capacity || mine >= share) return false
    this.held++
    return true
  }

  /** `count` speculative pages held were given up unread: their slots are spent for good. */
  spend(count: number): void {
    this.held -= count
    this.spent += count
  }

  /** A speculative page turned out to be needed. */
  give(): void {
    this.held--
  }

  /** Slots spent on pages past an end so far (tests and benchmarks read it). */
  get wasted(): number {
    return this.spent
  }
}

/**
 * How many items the lists of one finding type hold together, by the proven scan's count: the
 * pages that count covers are asked for at once instead of a few more per round trip, outside
 * the budget. A count that overstates the lists costs the pages it overstates by (plus at most
 * one per list, when one list takes pages that another turns out to need); one that understates
 * them, or none at all, leaves the budget to speculate as before. Only requests depend on it:
 * every list still ends on a page that proves its end.
 */
export class ExpectedItems {
  private total: number | undefined
  private used = 0
  private readonly listeners: (() => void)[] = []

  constructor(total: Promise<number | undefined>) {
    // A count that cannot be had is no count: the lists are paged as without one.
    total.then(
      value => {
        if (value === undefined || !Number.isSafeInteger(value) || value < 0) return
        this.total = value
        for (const listener of this.listeners.splice(0)) listener()
      },
      () => undefined
    )
  }

  /** Calls `listener` once the count is known (never, if it never is). */
  onKnown(listener: () => void): void {
    if (this.total !== undefined) listener()
    else this.listeners.push(listener)
  }

  /** A page of `size` past a list's first was asked for on other grounds: it holds its share. */
  use(size: number): void {
    this.used += size
  }

  /** Whether the count covers one more page of `size` past a list's first; if so it is taken. */
  take(size: number): boolean {
    if (this.total === undefined || this.total - this.used < size) return false
    this.used += size
    return true
  }
}
