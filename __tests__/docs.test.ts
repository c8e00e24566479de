import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { inputGroups } from '../scripts/action-definition.js'
import {
  INPUTS_PAGE,
  prettierMarkdown,
  readActionDefinition,
  renderInputsPage
} from '../scripts/docs.js'
import { ROOT } from '../scripts/run-action.js'
import { ConfigError, readConfig, type RunContext } from '../src/inputs/index.js'
import { VERSION } from '../src/version.js'
import { codeBlocks, documentationFiles } from './helpers/markdown.js'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const action = readActionDefinition()

describe('the README: five minutes', () => {
  it('is at most 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300)
  })

  it('starts with the two set-up commands', () => {
    const top = readme.split('\n').slice(0, 40).join('\n')
    expect(top).toContain('npm ci && npm run demo')
    expect(top).toContain('npm test')
  })

  it('names only outputs action.yml declares', () => {
    const table = readme.slice(readme.indexOf('## What a run tells you'))
    const named = [...table.matchAll(/^\| `([a-z-]+)` +\|/gm)].map(match => match[1])
    expect(named).toEqual(expect.arrayContaining(['result', 'blocking-count', 'new-count']))
    expect(named.filter(name => !((name ?? '') in action.outputs))).toEqual([])
  })
})

describe('docs/inputs.md is generated from action.yml', () => {
  it('equals what npm run docs renders', async () => {
    const rendered = await prettierMarkdown(renderInputsPage(action), INPUTS_PAGE)
    expect(readFileSync(INPUTS_PAGE, 'utf8')).toBe(rendered)
  })

  it('a changed default would be caught', async () => {
    const changed = {
      ...action,
      inputs: {
        ...action.inputs,
        'base-url': { ...action.inputs['base-url'], description: 'x', default: 'https://x' }
      }
    }
    const rendered = await prettierMarkdown(renderInputsPage(changed), INPUTS_PAGE)
    expect(rendered).not.toBe(readFileSync(INPUTS_PAGE, 'utf8'))
  })
})

describe('action.yml: inputs in groups', () => {
  it('has the seven groups, in order, every input in one of them', () => {
    expect(action.groups.map(group => group.title)).toEqual([
      'Connection',
      'What is judged',
      'Thresholds',
      'Supply Chain',
      'Exemptions',
      'Reports',
      'Effects'
    ])
    expect(action.ungrouped).toEqual([])
    expect(action.groups.flatMap(group => group.inputs)).toEqual(Object.keys(action.inputs))
    for (const group of action.groups) expect(group.intro).not.toBe('')
  })

  it('an input above the first group is found', () => {
    const text = [
      'inputs:',
      '  stray:',
      '    description: x',
      '  # group: One',
      '  # What it holds.',
      '  first:',
      '    description: y',
      'outputs: {}'
    ].join('\n')
    expect(inputGroups(text)).toEqual({
      groups: [{ title: 'One', intro: 'What it holds.', inputs: ['first'] }],
      ungrouped: ['stray']
    })
  })
})

const ctx: RunContext = {
  now: new Date('2026-06-01T12:00:00Z'),
  env: { GITHUB_REPOSITORY: 'acme/web', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: 'ab'.repeat(20) }
}

function problemsOf(inputs: Record<string, string>): readonly string[] {
  try {
    readConfig(name => ({ 'api-token': 't', 'github-token': 't', ...inputs })[name] ?? '', ctx)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

/** The backticked values of a description's closing `One of:` or `Any of:` clause. */
function allowedValues(description: string): string[] {
  const at = description.search(/\b(?:One|Any) of: /)
  if (at < 0) return []
  return [...description.slice(at).matchAll(/`([^`]+)`/g)].map(match => match[1] ?? '')
}

describe('action.yml: one description style', () => {
  const entries = Object.entries(action.inputs)

  it.each(entries)(
    '%s: what it does first, then its default, then the allowed values',
    (name, input) => {
      const text = input.description.replace(/\s+/g, ' ').trim()
      expect(text).toMatch(/^[A-Z"]/)
      if (input.required === true) {
        expect(text).toMatch(/\. Required: /)
        return
      }
      const clauses = [...text.matchAll(/\bDefault: /g)]
      expect(clauses).toHaveLength(1)
      const at = clauses[0]?.index ?? 0
      // Not the first sentence, and before the allowed values.
      expect(text.slice(0, at)).toMatch(/[.;] $/)
      const allowed = text.search(/\b(?:One|Any) of: /)
      if (allowed >= 0) expect(allowed).toBeGreaterThan(at)
      const literal = /Default: `([^`]*)`\./.exec(text)?.[1]
      if (literal !== undefined && input.default !== undefined && input.default !== '') {
        expect(literal).toBe(input.default)
      }
      expect(name).toMatch(/^[a-z][a-z-]*$/)
    }
  )

  const enumerated = entries.flatMap(([name, input]) =>
    allowedValues(input.description).map(value => [name, value] as const)
  )

  it('lists allowed values for the inputs that take one of a few (guards the test below)', () => {
    expect(new Set(enumerated.map(([name]) => name)).size).toBeGreaterThanOrEqual(14)
  })

  it.each(enumerated)('%s: the allowed value %s is accepted', (name, value) => {
    expect(problemsOf({ [name]: value }).filter(line => line.startsWith(`${name}:`))).toEqual([])
  })

  it('the value check would catch a value the action refuses', () => {
    expect(problemsOf({ 'fail-on-severity': 'severe' })).toEqual([
      'fail-on-severity: must be one of critical, high, medium, low, none (got "severe")'
    ])
  })
})

describe('project files', () => {
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

  it('the documentation examples pin third-party actions by full commit SHA too', () => {
    const code = documentationFiles()
      .flatMap(file => codeBlocks(file))
      .map(block => block.code)
      .join('\n')
    const uses = [...code.matchAll(/uses:\s*([^\s#]+)/g)].map(match => match[1] ?? '')
    const thirdParty = uses.filter(u => !u.startsWith('OWNER/findings-gate@'))
    expect(new Set(thirdParty.map(use => use.split('@')[0]))).toEqual(
      new Set(['actions/checkout', 'github/codeql-action/upload-sarif', 'actions/upload-artifact'])
    )
    for (const use of thirdParty) expect(use).toMatch(/@[0-9a-f]{40}$/)
  })
})
