import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { oneLine, stripControl } from '../src/text/plain.js'

describe('oneLine', () => {
  // What oneLine did before it returned text with nothing to change as it is.
  const everyPass = (text: string): string => stripControl(text).replace(/\s+/g, ' ').trim()

  it('returns text with nothing to change as it is', () => {
    expect(oneLine('python.lang.security.audit.eval-detected')).toBe(
      'python.lang.security.audit.eval-detected'
    )
    expect(oneLine('Detected eval. Use ast.literal_eval instead')).toBe(
      'Detected eval. Use ast.literal_eval instead'
    )
  })

  it('folds line breaks, runs of whitespace and control characters', () => {
    expect(oneLine(' a\r\n b\u2028c\u00a0d\u0085e  f\u202eg\u0007 ')).toBe('a b c d e fg')
    expect(oneLine('a\tb')).toBe('a b')
    expect(oneLine('\ufeffa')).toBe('a')
  })

  it('gives what every pass gives, for any mix of spaces, breaks and control characters', () => {
    const pieces = fc.constantFrom(
      'a',
      'é',
      '😀',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '\u000b',
      '\u0000',
      '\u0007',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u00a0',
      '\u2000',
      '\u2028',
      '\u2029',
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u3000',
      '\ufeff'
    )
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), parts => {
        const text = parts.join('')
        expect(oneLine(text)).toBe(everyPass(text))
      }),
      { numRuns: 3_000 }
    )
  })
})
