/**
 * End-to-end: an input the workflow names that action.yml does not declare. The runner passes it
 * as an `INPUT_*` variable with only a warning, so a misspelt threshold left the gate at its
 * default and it could pass what the workflow meant to block. Now it is refused before any request.
 */
import { describe, expect, it } from '@jest/globals'
import { errorLines, requireBundle, RELAXED, runAction, sharedEmulator } from './helpers/e2e.js'
import { WEB_SCA } from './helpers/sample.js'

requireBundle()

describe('e2e: inputs a user finds', () => {
  const shared = sharedEmulator()

  it('the intended EPSS threshold blocks lodash (the control for the misspelt run)', async () => {
    const run = await runAction(shared.current(), { ...RELAXED, 'fail-on-epss': '0.01' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-ids']).toBe(JSON.stringify([WEB_SCA.lodash]))
  })

  it('a misspelt threshold is refused naming the closest input, before any request: never a pass', async () => {
    const run = await runAction(shared.current(), { ...RELAXED, 'fail-on-epps': '0.01' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toEqual({})
    expect(errorLines(run)).toEqual([
      'Invalid inputs, nothing was sent:\nfail-on-epps: is not an input of Findings Gate (did you mean fail-on-epss?)'
    ])
    expect(shared.current().requests).toEqual([])
  })

  it('every undeclared input is listed at once; a merged one names its replacement', async () => {
    const run = await runAction(shared.current(), {
      fail_on_severity: 'low',
      annotations: 'false',
      'sbom-supplier-name': 'Acme'
    })
    expect(run.exitCode).toBe(1)
    expect(errorLines(run)).toEqual([
      [
        'Invalid inputs, nothing was sent:',
        'annotations: is not an input of Findings Gate (did you mean max-annotations?)',
        'fail_on_severity: is not an input of Findings Gate (did you mean fail-on-severity?)',
        'sbom-supplier-name: is not an input of Findings Gate (did you mean sbom-supplier?)'
      ].join('\n')
    ])
    expect(shared.current().requests).toEqual([])
  })
})
