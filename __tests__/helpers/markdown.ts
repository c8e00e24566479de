/**
 * Reading the project's Markdown as GitHub renders it, for the tests that keep the documentation
 * true: its fenced examples, its links, and the anchors its headings get.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { anchorOf } from '../../scripts/docs.js'
import { ROOT } from '../../scripts/run-action.js'

export interface CodeBlock {
  /** The fence's language (`yaml`, `sh`), '' when it names none. */
  readonly language: string
  readonly code: string
  /** Where it is, for messages: `docs/baseline.md:9`. */
  readonly where: string
}

export interface Link {
  readonly target: string
  readonly where: string
}

/** The user documentation: the README, the pages under docs/, and the repository's own guides. */
export function documentationFiles(): string[] {
  const pages = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry =>
      entry.isDirectory()
        ? pages(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : []
    )
  return ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md', ...pages('docs')]
}

export function readDoc(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
}

const FENCE = /^```([\w-]*)[^\n]*\n([\s\S]*?)^```[ \t]*$/gm

export function codeBlocks(file: string, text = readDoc(file)): CodeBlock[] {
  return [...text.matchAll(FENCE)].map(match => ({
    language: match[1] ?? '',
    code: match[2] ?? '',
    where: `${file}:${text.slice(0, match.index).split('\n').length}`
  }))
}

/** The text with code blocks and inline code blanked out: what is prose, not an example. */
export function prose(text: string): string {
  return text.replace(FENCE, '').replace(/`[^`\n]*`/g, '``')
}

/** The inline code spans of the prose, `--flag` and `findings-gate --help` included. */
export function inlineCode(text: string): string[] {
  return [...text.replace(FENCE, '').matchAll(/`([^`\n]+)`/g)].map(match => match[1] ?? '')
}

const LINK = /!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g

export function links(file: string, text = readDoc(file)): Link[] {
  return [...prose(text).matchAll(LINK)].map(match => ({
    target: match[1] ?? '',
    where: file
  }))
}

/** Heading text as GitHub makes an anchor of it: a link's text kept (backticks go as punctuation). */
function headingWords(heading: string): string {
  return heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').trim()
}

/** Every anchor a page has: its headings' (the second of a name gets `-1`) and explicit ids. */
export function anchors(text: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  for (const match of text.replace(FENCE, '').matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm)) {
    const base = anchorOf(headingWords(match[1] ?? ''))
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count === 0 ? base : `${base}-${count}`)
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(match[1] ?? '')
  return found
}

/** What is wrong with one relative link of `file`, or undefined when it resolves. */
export function brokenLink(
  file: string,
  target: string,
  exists: (path: string) => boolean,
  read: (path: string) => string
): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return undefined
  const [path = '', anchor] = target.split('#', 2)
  const resolved = path === '' ? file : relative(ROOT, join(ROOT, file, '..', path))
  if (resolved.startsWith('..')) return `${file}: ${target} leaves the repository`
  if (!exists(resolved)) return `${file}: ${target} names ${resolved}, which does not exist`
  if (anchor === undefined) return undefined
  if (!resolved.endsWith('.md')) return `${file}: ${target} has an anchor into a file not Markdown`
  if (anchors(read(resolved)).has(anchor)) return undefined
  return `${file}: ${target} names no heading of ${resolved}`
}
