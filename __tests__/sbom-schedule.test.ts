import { describe, expect, it } from '@jest/globals'
import {
  DEFAULT_POLL_TIMING,
  nextOwnAge,
  pollPhase,
  PollPlanner
} from '../src/effects/sbom-schedule.js'

describe('SBOM poll schedule', () => {
  it('phases are spread over [1, 2): 100 tasks leave no gap wider than 5 %', () => {
    const phases = Array.from({ length: 100 }, (_, i) => pollPhase(i)).sort((a, b) => a - b)
    expect(phases[0]).toBe(1)
    expect(Math.max(...phases)).toBeLessThan(2)
    const gaps = phases.slice(1).map((p, i) => p - (phases[i] ?? 0))
    expect(Math.max(...gaps)).toBeLessThan(0.05)
  })

  it("a task's own backoff doubles from 2 s × phase, gaps capped at 15 s", () => {
    const ages: number[] = []
    for (let age = -1, i = 0; i < 7; i++) ages.push((age = nextOwnAge(0, age, DEFAULT_POLL_TIMING)))
    expect(ages).toEqual([2000, 4000, 8000, 16_000, 31_000, 46_000, 61_000])
  })

  it('once any export was seen completed at age A, the others are polled at A, not later', () => {
    const planner = new PollPlanner()
    expect(planner.nextAge(3, 8000)).toBe(nextOwnAge(3, 8000, DEFAULT_POLL_TIMING))
    planner.completedAt(12_500)
    expect(planner.nextAge(3, 8000)).toBe(12_500)
    // Already polled past 1.3 A: its own backoff goes on.
    expect(planner.nextAge(3, 16_300)).toBe(nextOwnAge(3, 16_300, DEFAULT_POLL_TIMING))
    // A later completion does not move the estimate up.
    planner.completedAt(20_000)
    expect(planner.learnedDurationMs).toBe(12_500)
  })

  it('a task still running when polled at A is looked at again every tenth of A, until 1.3 A', () => {
    const planner = new PollPlanner()
    planner.completedAt(5000)
    const ages: number[] = []
    for (let age = 5000, i = 0; i < 5; i++) ages.push((age = planner.nextAge(0, age)))
    // 5.5, 6.0 and 6.5 s (1.3 A), then its own backoff: 2 s × phase 1, doubled past 6.5 s.
    expect(ages).toEqual([5500, 6000, 6500, 8000, 16_000])
    // A short duration still waits at least 250 ms between polls.
    const quick = new PollPlanner()
    quick.completedAt(1000)
    expect(quick.nextAge(0, 1000)).toBe(1250)
  })
})
