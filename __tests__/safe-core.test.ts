import { describe, expect, it } from '@jest/globals'
import { logText, quoted } from '../src/runner/safe-core.js'

describe('logText', () => {
  it('quotes every line that the runner would read as a workflow command', () => {
    expect(
      logText(
        'ok\n::error title=x::y\n   ::add-mask::z\r::stop-commands::t\u2028##[error]legacy\n a :: b'
      )
    ).toBe(
      'ok\n> ::error title=x::y\n>    ::add-mask::z\n> ::stop-commands::t\n> ##[error]legacy\n a :: b'
    )
  })

  it('drops ANSI escapes and bidi overrides, keeps tabs and plain text', () => {
    expect(logText('\u001b[8mhidden\u001b[0m\tpath\u202e.py')).toBe('[8mhidden[0m\tpath.py')
    expect(logText('Gate passed: 3 findings in scope')).toBe('Gate passed: 3 findings in scope')
  })
})

describe('quoted', () => {
  it('makes a server value one bounded line', () => {
    expect(quoted('tok\n::error::x\r\n\u2028y')).toBe('tok ::error::x y')
    expect(quoted('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
