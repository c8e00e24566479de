/** The Markdown report's sections on what ran after the verdict: tickets, tags, SBOM exports. */
import { code, escapeCell, escapeMarkdown, formatCount, link } from './escape.js'
import { textSection, type Section } from './fit.js'
import { plural } from './labels.js'
import { table, truncationNote } from './markdown-tables.js'
import type { SbomReport, TagsReport, TicketsReport } from './model.js'

/** Finding ids, at most ten of them, then a count. */
function idsCell(ids: readonly number[]): string {
  const shown = ids.slice(0, 10).join(', ')
  return ids.length > 10 ? `${shown} +${formatCount(ids.length - 10)} more` : shown || '—'
}

export function ticketsSection(tickets: TicketsReport): Section {
  const rows = [
    ...tickets.created.map(
      t =>
        `| created | ${idsCell(t.findingIds)} | ${link(escapeCell(t.key ?? 'ticket', 100), t.url)} |\n`
    ),
    ...tickets.failed.map(t => `| failed | ${idsCell(t.findingIds)} | ${escapeCell(t.error)} |\n`),
    ...tickets.skipped.map(
      t => `| skipped | ${idsCell(t.findingIds)} | ${escapeCell(t.reason)} |\n`
    )
  ]
  const already =
    tickets.alreadyTicketed > 0
      ? `\n${formatCount(tickets.alreadyTicketed)} ${plural(tickets.alreadyTicketed, 'finding')} already had a ticket.\n`
      : ''
  if (rows.length === 0) {
    return textSection(`### Tickets\n\nNo ticket was created.\n${already}`)
  }
  const section = table(
    '### Tickets',
    ['Outcome', 'Findings', 'Ticket or detail'],
    { items: rows, hidden: 0 },
    'ticket',
    'tickets'
  )
  return { ...section, tail: already }
}

export function tagsText(tags: TagsReport): string {
  const list = (values: readonly string[]): string => {
    const shown = values
      .slice(0, 50)
      .map(t => code(t, 100))
      .join(', ')
    return values.length > 50
      ? `${shown} +${formatCount(values.length - 50)} more`
      : shown || 'none'
  }
  const added = tags.added.length > 0 ? ` — added: ${list(tags.added)}` : ' — nothing added'
  return `### Project tags\n\n${code(tags.project)}: ${list(tags.tags)}${added}\n`
}

export function sbomSection(sbom: SbomReport): Section {
  const rows = sbom.exports.map(e => {
    const detail = e.error !== undefined ? escapeCell(e.error) : code(e.file ?? '')
    return `| ${code(e.project)} | ${escapeCell(e.status.replace(/_/g, ' '))} | ${code(e.taskToken ?? '', 100)} | ${detail} |\n`
  })
  return table(
    '### SBOM exports',
    ['Project', 'Status', 'Task token', 'File or error'],
    { items: rows, hidden: 0 },
    'export',
    'exports'
  )
}

export function warningsSection(warnings: readonly string[]): Section | undefined {
  if (warnings.length === 0) return undefined
  return {
    head: `### Warnings\n\n`,
    items: warnings.map(w => `- ${escapeMarkdown(w)}\n`),
    tail: '',
    truncationNote: truncationNote('warning', 'warnings')
  }
}
