import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { formatCount } from '../src/report/escape.js'
import { fitSections, type Section } from '../src/report/fit.js'
import { truncateUtf8, utf8Length } from '../src/text/plain.js'

/** fitSections as it was before it rendered a document that fits without sizing each item. */
function itemByItem(sections: readonly Section[], maxBytes: number): string {
  const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
  const rowBytes = sections.map(s => s.items.map(utf8Length))
  const keptBytes = rowBytes.map(sum)
  const kept = sections.map(s => s.items.length)
  const noteReserve = sections.map(s =>
    s.truncationNote ? utf8Length(s.truncationNote(s.items.length + (s.hidden ?? 0))) : 0
  )
  const hasHidden = (s: Section): boolean => (s.hidden ?? 0) > 0
  let total =
    sum(sections.map(s => utf8Length(s.head) + utf8Length(s.tail))) +
    sum(keptBytes) +
    sum(sections.map((s, i) => (hasHidden(s) ? (noteReserve[i] ?? 0) : 0))) +
    Math.max(0, sections.length - 1)
  while (total > maxBytes) {
    let victim = -1
    sections.forEach((section, i) => {
      if (!section.truncationNote || (kept[i] ?? 0) === 0) return
      if (victim < 0 || (keptBytes[i] ?? 0) > (keptBytes[victim] ?? 0)) victim = i
    })
    if (victim < 0) break
    const section = sections[victim]
    if (kept[victim] === section.items.length && !hasHidden(section))
      total += noteReserve[victim] ?? 0
    const index = (kept[victim] ?? 0) - 1
    const bytes = rowBytes[victim]?.[index] ?? 0
    kept[victim] = index
    keptBytes[victim] = (keptBytes[victim] ?? 0) - bytes
    total -= bytes
  }
  const markdown = sections
    .map((s, i) => {
      const k = kept[i] ?? s.items.length
      const dropped = s.items.length - k + (s.hidden ?? 0)
      const note = dropped > 0 && s.truncationNote ? s.truncationNote(dropped) : ''
      return s.head + s.items.slice(0, k).join('') + note + s.tail
    })
    .join('\n')
  if (utf8Length(markdown) <= maxBytes) return markdown
  const note = `\n_Truncated: the report exceeded ${formatCount(maxBytes)} bytes._\n`
  const budget = maxBytes - utf8Length(note)
  if (budget <= 0) return truncateUtf8(markdown, maxBytes)
  const prefix = truncateUtf8(markdown, budget)
  const lastLine = prefix.lastIndexOf('\n')
  return (lastLine >= 0 ? prefix.slice(0, lastLine + 1) : prefix) + note
}

const note = (dropped: number): string => `\n_${formatCount(dropped)} more rows not shown._\n`

const section = fc.record(
  {
    head: fc.constantFrom('', '## Title\n', '### Table é\n\n| a | b |\n'),
    items: fc.array(
      fc
        .tuple(fc.constantFrom('| x |', '| 😀 é |', '| a longer row of text |'), fc.nat(3))
        .map(([text, repeat]) => `${text.repeat(repeat + 1)}\n`),
      { maxLength: 12 }
    ),
    tail: fc.constantFrom('', '\n</details>\n'),
    truncatable: fc.boolean(),
    hidden: fc.constantFrom(0, 0, 1, 7, 12_345)
  },
  { requiredKeys: ['head', 'items', 'tail', 'truncatable', 'hidden'] }
)

describe('fitSections', () => {
  it('renders a document that fits whole, and cuts one that does not, as item by item would', () => {
    fc.assert(
      fc.property(fc.array(section, { maxLength: 5 }), fc.nat(40), (raw, slack) => {
        const sections: Section[] = raw.map(({ truncatable, hidden, ...s }) => ({
          ...s,
          ...(truncatable ? { truncationNote: note } : {}),
          ...(hidden > 0 && truncatable ? { hidden } : {})
        }))
        const whole = utf8Length(itemByItem(sections, Number.MAX_SAFE_INTEGER))
        // Budgets around the size of the whole document, where the two ways of sizing meet.
        for (const maxBytes of [whole + slack, whole - slack, whole + 60 - slack, 0, 30]) {
          expect(fitSections(sections, Math.max(0, maxBytes))).toBe(
            itemByItem(sections, Math.max(0, maxBytes))
          )
        }
      }),
      { numRuns: 1_000 }
    )
  })

  it('keeps every row, with the note of the rows never rendered, when they fit', () => {
    const sections: Section[] = [
      { head: '# Head\n', items: [], tail: '' },
      {
        head: '| Finding |\n',
        items: ['| a |\n', '| b |\n'],
        tail: '',
        truncationNote: note,
        hidden: 3
      }
    ]
    expect(fitSections(sections, 1_000)).toBe(
      '# Head\n\n| Finding |\n| a |\n| b |\n\n_3 more rows not shown._\n'
    )
  })
})
