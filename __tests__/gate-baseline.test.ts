/**
 * Which findings are existing (gate/baseline.ts): matched by the platform's ids only, and a blank
 * id is no id, so two findings with blank ids never match each other.
 */
import { describe, expect, it } from '@jest/globals'
import { baselineKeys, isExisting, type Baseline } from '../src/gate/baseline.js'
import { sastFinding } from './fixtures/report-fixtures.js'

function baselineOf(...keys: string[][]): Baseline {
  return { ref: 'refs/heads/main', types: ['sast', 'sca', 'ai_sast'], keys: new Set(keys.flat()) }
}

describe('baseline matching', () => {
  it('a finding with the match id of a baseline finding is existing; another is not', () => {
    const baseline = baselineOf(baselineKeys(sastFinding({ matchBasedId: 'abc_0' })))
    expect(isExisting(baseline, sastFinding({ id: 9, matchBasedId: 'abc_0' }))).toBe(true)
    expect(isExisting(baseline, sastFinding({ id: 9, matchBasedId: 'abd_0' }))).toBe(false)
  })

  it.each(['', ' ', '\t'])('ids of %j on both refs match nothing', blank => {
    const ids = { matchBasedId: blank, syntacticId: blank }
    const baseline = baselineOf(baselineKeys(sastFinding(ids)))
    expect(baseline.keys.size).toBe(0)
    expect(isExisting(baseline, sastFinding({ id: 9, ...ids }))).toBe(false)
  })

  it('a blank match id falls back to the syntactic id', () => {
    const baseline = baselineOf(baselineKeys(sastFinding({ matchBasedId: ' ', syntacticId: 's1' })))
    expect(isExisting(baseline, sastFinding({ matchBasedId: ' ', syntacticId: 's1' }))).toBe(true)
  })
})
