import { describe, expect, it } from '@jest/globals'
import { ConsoleRunner } from '../src/runner/console-runner.js'

function recorded(inputs: Record<string, string> = {}, secretInputs: string[] = []) {
  let text = ''
  const runner = new ConsoleRunner(inputs, { write: chunk => (text += chunk) }, secretInputs)
  return { runner, text: () => text }
}

describe('ConsoleRunner', () => {
  it('reads inputs trimmed, empty when unset', () => {
    const { runner } = recorded({ ref: '  main ' })
    expect(runner.getInput('ref')).toBe('main')
    expect(runner.getInput('commit')).toBe('')
  })

  it('writes plain log lines: info as is, warning: and error: prefixed', () => {
    const { runner, text } = recorded()
    runner.info('looking')
    runner.warning('careful')
    runner.setFailed('two\nlines')
    expect(text()).toBe('looking\nwarning: careful\nerror: two\nlines\n')
  })

  it('annotations read like a compiler message: file:line:column: level: title: message', () => {
    const { runner, text } = recorded()
    runner.annotation('error', 'first\n\nBlocking: severity high', {
      title: 'rule.x',
      file: 'src/a.py',
      startLine: 4,
      startColumn: 2
    })
    runner.annotation('notice', '3 more', {})
    expect(text()).toBe(
      'src/a.py:4:2: error: rule.x: first\n    Blocking: severity high\nnotice: 3 more\n'
    )
  })

  it('masks the secret inputs from the start, and every secret set later, in every line', () => {
    const { runner, text } = recorded({ 'api-token': 'tok-123456789', 'github-token': '' }, [
      'api-token',
      'github-token'
    ])
    runner.setSecret('sbom-task-999')
    runner.info('token tok-123456789 and task sbom-task-999')
    runner.setFailed('bad: tok-123456789')
    expect(text()).toBe('token *** and task ***\nerror: bad: ***\n')
    expect(runner.mask('x tok-123456789')).toBe('x ***')
  })

  it('drops control characters, so server text cannot recolour the log or open a section', () => {
    const { runner, text } = recorded()
    runner.info('a\u001b[31mred\u001b[0K\r\nsection_start:1:x\u0007')
    expect(text()).toBe('a[31mred[0K\nsection_start:1:x\n')
  })

  it('keeps outputs; the summary is left to the command', async () => {
    const { runner, text } = recorded()
    runner.setOutput('result', 'failed')
    await runner.appendSummary()
    expect(runner.outputs).toEqual({ result: 'failed' })
    expect(text()).toBe('')
  })
})
