/**
 * Pages asked for before it is known that their list reaches them, shared by the lists of one
 * run. Such a page either turns out to be needed (its slot comes back) or lies past the end of its
 * list (its slot is spent for good): so however the lists end, the run sends at most `limit`
 * requests more than the fewest that could have fetched it.
 *
 * The slots are shared evenly by the lists that have shown they are long and the lists whose first
 * page is still out (each may turn out long): one list that happens to answer first does not take
 * every slot and keep the others at one page per round trip.
 */
export class SpeculationBudget {
  private held = 0
  private spent = 0
  private members = 0
  private undecided = 0

  constructor(readonly limit: number) {}

  /** A list asked for its first page. */
  enter(): void {
    this.undecided++
  }

  /** A list whose first page was full: it may now speculate. */
  join(): void {
    this.undecided = Math.max(0, this.undecided - 1)
    this.members++
  }

  /**
   * The list ended (or was abandoned) with `stillHeld` speculative pages out: those are spent.
   * `joined`: whether it had joined.
   */
  leave(stillHeld: number, joined: boolean): void {
    if (joined) this.members = Math.max(0, this.members - 1)
    else this.undecided = Math.max(0, this.undecided - 1)
    this.held -= stillHeld
    this.spent += stillHeld
  }

  /** One more speculative page for a list that holds `mine` already; false when none is left. */
  take(mine: number): boolean {
    const capacity = this.limit - this.spent
    const share = Math.ceil(capacity / Math.max(1, this.members + this.undecided))
    if (this.held >= capacity || mine >= share) return false
    this.held++
    return true
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
