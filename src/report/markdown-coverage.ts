/**
 * What the reports GitHub limits left out (SARIF results, annotations), said in the summary with
 * where every finding is: a finding that no surface shows must not go unmentioned. The counts and
 * reasons are the action's own words; only the paths, which come from the inputs, are escaped.
 */
import { notAnnotatedText } from './annotations.js'
import { code, formatCount } from './escape.js'
import { textSection, type Section } from './fit.js'
import { plural } from './labels.js'
import { ROW_CAP } from './markdown-tables.js'
import type { LeftOut, ReportCoverage } from './model.js'

/** Where every finding is: the JSON report, or how to get one. */
function everyFindingText(coverage: ReportCoverage): string {
  return coverage.reportFile === undefined
    ? 'set `report-file` for a JSON report with every finding'
    : `the JSON report ${code(coverage.reportFile)} has every finding`
}

function tablesText(): string {
  return `The tables below list them (${formatCount(ROW_CAP)} rows each at most)`
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
    `${leftOutText(sarif.leftOut)}: ${sarif.leftOut.why}. ` +
    `${tablesText()}; ${everyFindingText(coverage)}.`
  )
}

function annotationsText(coverage: ReportCoverage): string | undefined {
  const text = coverage.annotations && notAnnotatedText(coverage.annotations)
  if (text === undefined) return undefined
  const sarif =
    coverage.sarif && coverage.sarif.leftOut === undefined
      ? `, and so does the SARIF file ${code(coverage.sarif.file)}`
      : ''
  return `**Annotations**: ${text}. ${tablesText()}${sarif}; ${everyFindingText(coverage)}.`
}

/** One paragraph per report that left findings out; none when every report holds them all. */
export function coverageSection(coverage: ReportCoverage | undefined): Section | undefined {
  if (coverage === undefined) return undefined
  const paragraphs = [annotationsText(coverage), sarifText(coverage)].filter(
    text => text !== undefined
  )
  return paragraphs.length === 0 ? undefined : textSection(`${paragraphs.join('\n\n')}\n`)
}
