import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { JsonArraySplitter, JsonSplitError } from '../src/api/json-split.js'

const LIVE = [['findings']] as const
const DOCUMENTED = [
  ['sastFindings', 'findings'],
  ['scaFindings', 'findings']
] as const

interface Split {
  readonly elements: { value: unknown; path: string }[]
  readonly envelope: unknown
}

/** Feeds `bytes` in chunks of the given sizes (cycled) and collects what the splitter hands over. */
function split(
  bytes: Uint8Array,
  chunkSizes: readonly number[] = [bytes.length || 1],
  paths: readonly (readonly string[])[] = LIVE
): Split {
  const elements: Split['elements'] = []
  const splitter = new JsonArraySplitter(paths, (text, path) =>
    elements.push({ value: JSON.parse(text) as unknown, path: path.join('.') })
  )
  for (let at = 0, turn = 0; at < bytes.length; turn++) {
    const size = Math.max(1, chunkSizes[turn % chunkSizes.length] ?? 1)
    splitter.write(bytes.subarray(at, at + size))
    at += size
  }
  return { elements, envelope: splitter.end() }
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

function splitError(text: string, chunkSizes?: readonly number[]): string {
  try {
    split(utf8(text), chunkSizes)
  } catch (error) {
    if (error instanceof JsonSplitError) return error.message
    throw error
  }
  throw new Error(`no error for ${text}`)
}

describe('JsonArraySplitter', () => {
  const page = {
    findings: [
      { id: 1, rule: { name: 'a.b', cwe: ['CWE-79: "XSS" \\ ]}'] }, nested: [[1, [2]], {}] },
      { id: 2, message: 'é 😀 , ] } [ {', path: 'C:\\dir\\"x"' },
      'a plain string, with a comma',
      42,
      null
    ],
    cursor: 'next',
    meta: { findings: [1, 2], list: [{ findings: ['not split'] }] }
  }
  const text = JSON.stringify(page, null, 2)

  it('hands over each element of the live list and keeps the envelope with the list emptied', () => {
    const result = split(utf8(text))
    expect(result.elements.map(e => e.value)).toEqual(page.findings)
    expect(result.elements.every(e => e.path === 'findings')).toBe(true)
    expect(result.envelope).toEqual({ ...page, findings: [] })
  })

  it('gives the same result for every chunk size from 1 byte up, escapes and UTF-8 cut anywhere', () => {
    const bytes = utf8(text)
    const whole = split(bytes)
    for (let size = 1; size <= 70; size++) {
      expect(split(bytes, [size])).toEqual(whole)
    }
  })

  it('splits both lists of the documented shape and names the path of each element', () => {
    const documented = {
      sastFindings: { findings: [{ id: 1 }, { id: 2 }] },
      scaFindings: { findings: [{ id: 3 }] }
    }
    const result = split(utf8(JSON.stringify(documented)), [7], DOCUMENTED)
    expect(result.elements).toEqual([
      { value: { id: 1 }, path: 'sastFindings.findings' },
      { value: { id: 2 }, path: 'sastFindings.findings' },
      { value: { id: 3 }, path: 'scaFindings.findings' }
    ])
    expect(result.envelope).toEqual({
      sastFindings: { findings: [] },
      scaFindings: { findings: [] }
    })
  })

  it('matches a key written with escapes, and skips a byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"find\\u0069ngs":[{"id":7}]}')])
    const result = split(bytes, [2])
    expect(result.elements.map(e => e.value)).toEqual([{ id: 7 }])
    expect(result.envelope).toEqual({ findings: [] })
  })

  it('keeps a list at another path, or inside an array, whole in the envelope', () => {
    const other = { data: { findings: [{ id: 1 }] }, pages: [{ findings: [{ id: 2 }] }] }
    const result = split(utf8(JSON.stringify(other)))
    expect(result.elements).toEqual([])
    expect(result.envelope).toEqual(other)
  })

  it.each([
    ['a string', '{"findings":[{"id":1,"rule":"abc'],
    ['a list', '{"findings":[{"id":1},{"id":2}'],
    ['a list', '{"findings":[{"id":1}, '],
    ['an object', '{"findings":[],"cursor":'],
    ['an object', '{']
  ])('names a body cut off inside %s', (where, body) => {
    expect(splitError(body, [5])).toBe(
      `the body ends after ${utf8(body).length} bytes, inside ${where}`
    )
  })

  it.each([
    ['{"findings":[1,,2]}', 'a misplaced comma at byte 15'],
    ['{"findings":[,1]}', 'a misplaced comma at byte 13'],
    ['{"findings":[1,]}', 'a comma before "]" at byte 15'],
    ['{"findings":[{"id":1}}]}', 'a missing comma at byte 21'],
    ['{"findings":[]}}', 'an unexpected "}" at byte 15']
  ])('rejects the malformed list %s', (body, message) => {
    expect(splitError(body)).toBe(message)
  })

  it('leaves what is wrong outside the lists to JSON.parse, with its message', () => {
    expect(splitError('<html><title>502</title></html>')).toMatch(/^Unexpected token '<'/)
    expect(splitError('')).toMatch(/^Unexpected end of JSON input/)
    expect(splitError('{"findings":[],"x":tru}')).toMatch(/JSON/)
  })

  // A malformed element is split all the same: the caller's JSON.parse of it must fail.
  it('hands over a malformed element as it is, for the caller to reject', () => {
    const seen: string[] = []
    const splitter = new JsonArraySplitter(LIVE, element => seen.push(element))
    splitter.write(utf8('{"findings":[{"id":1], {"id":2} 3]}'))
    expect(splitter.end()).toEqual({ findings: [] })
    expect(seen).toEqual(['{"id":1]', '{"id":2} 3'])
    for (const element of seen) expect((): unknown => JSON.parse(element)).toThrow(SyntaxError)
  })
})

describe('JsonArraySplitter properties', () => {
  const RUNS = 300
  const chunking = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 })

  it('returns exactly the elements and the envelope of any document, however it is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 8 }),
        fc.dictionary(
          fc.string().filter(key => key !== 'findings'),
          fc.jsonValue(),
          { maxKeys: 4 }
        ),
        fc.boolean(),
        chunking,
        (findings, rest, pretty, chunks) => {
          const document = { ...rest, findings }
          const text = pretty ? JSON.stringify(document, null, 1) : JSON.stringify(document)
          const result = split(utf8(text), chunks)
          // Through JSON, as the splitter sees it (-0 becomes 0 and so on).
          expect(result.elements.map(e => e.value)).toEqual(JSON.parse(JSON.stringify(findings)))
          expect(result.envelope).toEqual(JSON.parse(JSON.stringify({ ...rest, findings: [] })))
        }
      ),
      { numRuns: RUNS }
    )
  })

  it('never accepts a body that is not JSON: a mutated document fails or still parses', () => {
    const base = fc
      .array(fc.jsonValue(), { maxLength: 5 })
      .map(findings => JSON.stringify({ findings, cursor: 'x' }))
    fc.assert(
      fc.property(
        base,
        fc.nat(),
        fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', ':', '', 'x'),
        chunking,
        (text, at, insert, chunks) => {
          const position = at % (text.length + 1)
          const mutated = text.slice(0, position) + insert + text.slice(position + 1)
          let accepted: Split | undefined
          try {
            accepted = split(utf8(mutated), chunks)
          } catch (error) {
            if (error instanceof SyntaxError || error instanceof JsonSplitError) return
            throw error
          }
          // Accepted: then it is JSON, and the split is what JSON.parse says.
          const parsed = JSON.parse(mutated) as { findings?: unknown }
          const list = Array.isArray(parsed.findings) ? parsed.findings : []
          expect(accepted.elements.map(e => e.value)).toEqual(list)
        }
      ),
      { numRuns: RUNS }
    )
  })
})
