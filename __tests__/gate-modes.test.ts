/**
 * The SAST modes from the mode lists: which lists a threshold needs, the mode a finding in them
 * has, and the honest `below-…` of a finding in none.
 */
import { describe, expect, it } from '@jest/globals'
import { listedModes, modeLookup, modesAtOrAbove } from '../src/gate/modes.js'
import { sastFinding } from './fixtures/report-fixtures.js'

describe('modesAtOrAbove', () => {
  it('names the lists each threshold needs, strictest first', () => {
    expect(modesAtOrAbove('block')).toEqual(['block'])
    expect(modesAtOrAbove('comment')).toEqual(['block', 'comment'])
    expect(modesAtOrAbove('monitor')).toEqual(['block', 'comment', 'monitor'])
  })
})

describe('modeLookup', () => {
  it('gives a finding the mode of its list, and one in no list the mode below the threshold', () => {
    const listed = listedModes('comment', [
      { mode: 'block', ids: [1, 2] },
      { mode: 'comment', ids: [3] }
    ])
    const modeOf = modeLookup(listed)
    expect([1, 2, 3, 4].map(id => modeOf(sastFinding({ id })))).toEqual([
      'block',
      'block',
      'comment',
      'below-comment'
    ])
  })

  it('takes the strictest mode of a finding in several lists, whatever their order', () => {
    for (const lists of [
      [
        { mode: 'comment', ids: [7] },
        { mode: 'block', ids: [7] }
      ],
      [
        { mode: 'block', ids: [7] },
        { mode: 'monitor', ids: [7] }
      ]
    ] as const) {
      expect(modeLookup(listedModes('monitor', lists))(sastFinding({ id: 7 }))).toBe('block')
    }
  })

  it('says not-fetched when no list was read (fail-on-policy-mode: none, or no gate)', () => {
    expect(modeLookup(undefined)(sastFinding({ id: 1 }))).toBe('not-fetched')
  })
})
