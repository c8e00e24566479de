import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
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

describe('workflows', () => {
  const dir = join(ROOT, '.github', 'workflows')
  const files = readdirSync(dir).filter(name => name.endsWith('.yml'))

  it.each(files)('%s parses and pins every third-party action by full commit SHA', name => {
    const text = readFileSync(join(dir, name), 'utf8')
    expect(() => parse(text) as unknown).not.toThrow()
    const uses = [...text.matchAll(/uses:\s*([^\s#]+)/g)].map(match => match[1] ?? '')
    for (const use of uses.filter(u => !u.startsWith('./'))) expect(use).toMatch(/@[0-9a-f]{40}$/)
  })

  it('the README examples pin third-party actions by full commit SHA too', () => {
    const uses = [...readme.matchAll(/uses:\s*([^\s#]+)/g)].map(match => match[1] ?? '')
    const thirdParty = uses.filter(u => !u.startsWith('OWNER/findings-gate@'))
    expect(thirdParty).toHaveLength(4)
    for (const use of thirdParty) expect(use).toMatch(/@[0-9a-f]{40}$/)
  })
})
