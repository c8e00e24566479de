/**
 * An input action.yml does not declare is refused, naming the closest one: GitHub only warns about
 * it, and the action would judge without it (a misspelt threshold is a default threshold).
 */
import { describe, expect, it } from '@jest/globals'
import { ACTION_INPUTS } from '../src/inputs/action-inputs.js'
import { inputVariable, undeclaredInputProblems } from '../src/inputs/undeclared-inputs.js'
import { closestName, editDistance } from '../src/text/nearest.js'

const NAMES = ACTION_INPUTS.map(input => input.name)

describe('undeclared inputs', () => {
  it('every declared input, as the runner passes it, is accepted', () => {
    const env = Object.fromEntries(NAMES.map(name => [inputVariable(name), 'x']))
    expect(Object.keys(env)).toContain('INPUT_FAIL-ON-SEVERITY')
    expect(undeclaredInputProblems({ ...env, PATH: '/bin', GITHUB_TOKEN: 'x' })).toEqual([])
  })

  it('a misspelt input is refused naming the closest input, its value never shown', () => {
    expect(
      undeclaredInputProblems({
        'INPUT_FAIL-ON-SEVERTY': 'critical',
        'INPUT_API-TOKN': 'secret-value',
        INPUT_FAIL_ON_EPSS: '0.1',
        'INPUT_FAIL-ON-SEVERITY': 'high'
      })
    ).toEqual([
      'api-tokn: is not an input of Findings Gate (did you mean api-token?)',
      'fail-on-severty: is not an input of Findings Gate (did you mean fail-on-severity?)',
      'fail_on_epss: is not an input of Findings Gate (did you mean fail-on-epss?)'
    ])
  })

  it('a merged input is refused naming the one that replaced it', () => {
    expect(
      undeclaredInputProblems({
        INPUT_ANNOTATIONS: 'false',
        'INPUT_SBOM-SUPPLIER-NAME': 'Acme',
        'INPUT_SBOM-SUPPLIER-EMAIL': 'security@acme.example'
      })
    ).toEqual([
      'annotations: is not an input of Findings Gate (did you mean max-annotations?)',
      'sbom-supplier-email: is not an input of Findings Gate (did you mean sbom-supplier?)',
      'sbom-supplier-name: is not an input of Findings Gate (did you mean sbom-supplier?)'
    ])
  })

  it('a name near no input points to the list', () => {
    expect(undeclaredInputProblems({ INPUT_COLOUR: 'blue' })).toEqual([
      'colour: is not an input of Findings Gate; the inputs are listed in docs/inputs.md'
    ])
  })

  it('the runner turns spaces into underscores and upper-cases, hyphens kept', () => {
    expect(inputVariable('fail-on-severity')).toBe('INPUT_FAIL-ON-SEVERITY')
    expect(inputVariable('a b')).toBe('INPUT_A_B')
  })
})

describe('closestName', () => {
  it('allows fewer edits for short names, so a short word is not read as any input', () => {
    expect(editDistance('gate', 'date')).toBe(1)
    expect(closestName('date', NAMES)).toBe('gate')
    expect(closestName('xy', NAMES)).toBeUndefined()
    expect(closestName('commits', NAMES)).toBe('commit')
  })

  it('finds a name by whole words, never by part of a word', () => {
    expect(closestName('annotations', ['sbom-file', 'max-annotations'])).toBe('max-annotations')
    expect(closestName('sbom-supplier-url', ['sbom-supplier', 'sbom-file'])).toBe('sbom-supplier')
    expect(closestName('tations', ['max-annotations'])).toBeUndefined()
  })
})
