import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  readActionDefinition,
  renderInputsTable,
  renderOutputsTable,
  section,
  tableCells
} from '../scripts/docs.js'
import { ROOT } from '../scripts/run-action.js'
import { VERSION } from '../src/version.js'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const action = readActionDefinition()

describe('README stays true to action.yml', () => {
  it('the inputs table equals the one rendered from action.yml (names, required, defaults)', () => {
    expect(tableCells(section(readme, 'inputs') ?? '')).toEqual(
      tableCells(renderInputsTable(action))
    )
  })

  it('the outputs table equals the one rendered from action.yml', () => {
    expect(tableCells(section(readme, 'outputs') ?? '')).toEqual(
      tableCells(renderOutputsTable(action))
    )
  })

  it('a changed default would be caught', () => {
    const changed = {
      ...action,
      inputs: {
        ...action.inputs,
        'fail-on-severity': { ...action.inputs['fail-on-severity'], default: 'critical' }
      }
    }
    expect(tableCells(renderInputsTable(changed))).not.toEqual(
      tableCells(section(readme, 'inputs') ?? '')
    )
  })

  it('starts with the two set-up commands', () => {
    const top = readme.split('\n').slice(0, 40).join('\n')
    expect(top).toContain('npm ci && npm run demo')
    expect(top).toContain('npm test')
  })

  it('the version constant equals package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(VERSION).toBe(pkg.version)
  })

  it('action.yml runs the committed bundle on node24', () => {
    const text = readFileSync(join(ROOT, 'action.yml'), 'utf8')
    expect(text).toMatch(/using: node24\n\s+main: dist\/index\.js/)
  })
})
