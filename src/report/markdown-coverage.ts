/**
 * What the reports GitHub limits left out (SARIF results, annotations), said in the summary with
 * where every finding is: a finding that no surface shows must not go unmentioned.
 */
import { code, escapeMarkdown, formatCount } from './escape.js'
import { textSection, type Section } from './fit.js'
import { plural } from './labels.js'
import type { LeftOut, ReportCoverage } from './model.js'

/** Where every finding is: the JSON report, or how to get one. */
function everyFindingText(coverage: ReportCoverage): string {
  return coverage.reportFile === undefined
    ? 'set `report-file` for a JSON report with every finding'
    : `the JSON report ${code(coverage.reportFile)} has every finding`
}

function leftOutText(leftOut: LeftOut): string {
  const blocking =
    leftOut.blocking === 0 ? 'none blocking' : `${formatCount(leftOut.blocking)} blocking`
  return `${formatCount(leftOut.findings)} ${plural(leftOut.findings, 'finding')} left out (${blocking}, the last in the report's order)`
}

function sarifText(coverage: ReportCoverage): string | undefined {
  const sarif = coverage.sarif
  if (sarif?.leftOut === undefined) return undefined
  return (
    `**SARIF** ${code(sarif.file)}: ${formatCount(sarif.results)} ${plural(sarif.results, 'result')}, ` +
    `${leftOutText(sarif.leftOut)}: ${escapeMarkdown(sarif.leftOut.why)}. ` +
    `The tables below list them; ${everyFindingText(coverage)}.`
  )
}

/** One paragraph per report that left findings out; none when every report holds them all. */
export function coverageSection(coverage: ReportCoverage | undefined): Section | undefined {
  if (coverage === undefined) return undefined
  const paragraphs = [sarifText(coverage)].filter(text => text !== undefined)
  return paragraphs.length === 0 ? undefined : textSection(`${paragraphs.join('\n\n')}\n`)
}
