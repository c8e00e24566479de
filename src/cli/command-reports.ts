/**
 * What the command writes after the run, from its report: the summary on standard output, and
 * the GitLab Code Quality and JUnit files. Each file is written whole or not at all; one that
 * cannot be written never hides another, and fails the run naming the file (CI would read a
 * missing report as no findings).
 */
import { renderConsoleSummary } from '../report/console-summary.js'
import { buildCodeQuality } from '../report/gitlab-code-quality.js'
import { renderJunit } from '../report/junit.js'
import type { RunReport } from '../report/model.js'
import type { ConsoleOutput, ConsoleRunner } from '../runner/console-runner.js'
import { unwrittenLine, writeReportText } from '../report/report-file.js'
import type { CommandFiles } from './args.js'

export interface ReportOptions {
  readonly files: CommandFiles
  /** The `summary` input: print the summary. */
  readonly summary: boolean
  /** Colours: standard output is a terminal and NO_COLOR is unset. */
  readonly color: boolean
}

/** @returns false when a file could not be written (each said with setFailed). */
export async function writeCommandReports(
  report: RunReport,
  options: ReportOptions,
  runner: ConsoleRunner,
  stdout: ConsoleOutput
): Promise<boolean> {
  if (options.summary) {
    stdout.write(runner.mask(renderConsoleSummary(report, { color: options.color })))
  }
  const { gitlabCodeQuality, junit } = options.files
  const written = [
    gitlabCodeQuality === undefined || (await writeCodeQuality(report, gitlabCodeQuality, runner)),
    junit === undefined ||
      (await writeReport(runner, 'the JUnit report', junit, renderJunit(report)))
  ]
  return written.every(Boolean)
}

async function writeCodeQuality(
  report: RunReport,
  path: string,
  runner: ConsoleRunner
): Promise<boolean> {
  if (!report.verdict) {
    // An empty report would tell the merge request that every finding was fixed.
    runner.warning(
      `No GitLab Code Quality report was written to ${path}: the gate was not evaluated`
    )
    return true
  }
  const { issues, unplaced } = buildCodeQuality(report)
  if (unplaced > 0) {
    runner.info(
      `${unplaced} finding(s) without a file location are not in the Code Quality report (GitLab needs a path); the summary and the JUnit report list them`
    )
  }
  return writeReport(
    runner,
    'the GitLab Code Quality report',
    path,
    `${JSON.stringify(issues, null, 2)}\n`
  )
}

async function writeReport(
  runner: ConsoleRunner,
  what: string,
  path: string,
  text: string
): Promise<boolean> {
  try {
    await writeReportText(path, runner.mask(text))
    runner.info(`Wrote ${what} to ${path}`)
    return true
  } catch (error) {
    runner.setFailed(unwrittenLine(what, path, error))
    return false
  }
}
