/**
 * Every relative link of the documentation resolves: its file exists and its anchor is a heading
 * of that page, as GitHub renders them. So a page renamed or a heading reworded cannot leave a
 * dead link behind.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../scripts/run-action.js'
import { anchors, brokenLink, documentationFiles, links, readDoc } from './helpers/markdown.js'

const files = documentationFiles()
const exists = (path: string): boolean => existsSync(join(ROOT, path))
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8')

describe('links', () => {
  it('reads the README and every page under docs/', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/inputs.md',
        'docs/command.md',
        'docs/adr/README.md'
      ])
    )
  })

  it.each(files)('every relative link of %s resolves, anchors included', file => {
    const found = links(file)
    const broken = found
      .map(link => brokenLink(file, link.target, exists, read))
      .filter(problem => problem !== undefined)
    expect(broken).toEqual([])
  })

  it('the README links to every recipe and reference page by a checked link', () => {
    const targets = links('README.md').map(link => link.target)
    expect(targets.filter(target => target.includes('#'))).not.toEqual([])
    for (const page of ['baseline', 'supply-chain', 'config-file', 'nightly', 'inputs']) {
      expect(targets).toContain(`docs/${page}.md`)
    }
  })

  it('every page under docs/ is listed in the index, docs/README.md', () => {
    const listed = new Set(links('docs/README.md').map(link => link.target.split('#')[0]))
    const pages = readdirSync(join(ROOT, 'docs')).filter(
      name => name.endsWith('.md') && name !== 'README.md'
    )
    expect(pages.filter(page => !listed.has(page))).toEqual([])
  })

  it('a page the action names in a message exists', () => {
    const sources = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : entry.name.endsWith('.ts')
            ? [join(dir, entry.name)]
            : []
      )
    const named = sources('src').flatMap(file =>
      [...read(file).matchAll(/\bdocs\/[\w/-]+\.md\b/g)].map(match => match[0])
    )
    expect(named).toEqual(
      expect.arrayContaining(['docs/forks-and-dependabot.md', 'docs/inputs.md'])
    )
    expect(named.filter(page => !exists(page))).toEqual([])
  })
})

describe('the link check itself', () => {
  const page = [
    '# Title',
    '',
    '## Only what the change adds (`baseline-ref`)',
    '',
    '## Two',
    '## Two'
  ].join('\n')
  const pages: Record<string, string> = { 'docs/a.md': page, 'docs/b.md': '# B' }
  const check = (target: string): string | undefined =>
    brokenLink(
      'docs/a.md',
      target,
      path => path in pages || path === 'docs',
      path => pages[path] ?? ''
    )

  it('takes GitHub anchors: code spans and punctuation dropped, a repeated heading numbered', () => {
    expect(anchors(page)).toEqual(
      new Set(['title', 'only-what-the-change-adds-baseline-ref', 'two', 'two-1'])
    )
    expect(check('#only-what-the-change-adds-baseline-ref')).toBeUndefined()
    expect(check('b.md')).toBeUndefined()
    expect(check('https://example.com/none')).toBeUndefined()
  })

  it('catches a missing page, a missing anchor and a link out of the repository', () => {
    expect(check('c.md')).toBe('docs/a.md: c.md names docs/c.md, which does not exist')
    expect(check('b.md#nothing')).toBe('docs/a.md: b.md#nothing names no heading of docs/b.md')
    expect(check('#two-2')).toBe('docs/a.md: #two-2 names no heading of docs/a.md')
    expect(check('../../x.md')).toBe('docs/a.md: ../../x.md leaves the repository')
  })

  it('ignores links inside code', () => {
    const text = 'see `[x](missing.md)`\n\n```md\n[y](missing.md)\n```\n[z](real.md)\n'
    expect(links('docs/a.md', text).map(link => link.target)).toEqual(['real.md'])
  })

  it('reads the pages it checks', () => {
    expect(readDoc('docs/README.md')).toContain('# Findings Gate documentation')
  })
})
