/**
 * What the command writes after the run, from its report: the summary on standard output, and
 * the GitLab Code Quality and JUnit files. Like the action's reports, each is best effort: one
 * that cannot be written warns, and never changes the exit code or hides another.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { renderConsoleSummary } from '../report/console-summary.js'
import { buildCodeQuality } from '../report/gitlab-code-quality.js'
import { renderJunit } from '../report/junit.js'
import type { RunReport } from '../report/model.js'
import type { ConsoleOutput, ConsoleRunner } from '../runner/console-runner.js'
import { errorText } from '../text/error-text.js'
import type { CommandFiles } from './args.js'

export interface ReportOptions {
  readonly files: CommandFiles
  /** The `summary` input: print the summary. */
  readonly summary: boolean
  /** Colours: standard output is a terminal and NO_COLOR is unset. */
  readonly color: boolean
}

export async function writeCommandReports(
  report: RunReport,
  options: ReportOptions,
  runner: ConsoleRunner,
  stdout: ConsoleOutput
): Promise<void> {
  if (options.summary) {
    stdout.write(runner.mask(renderConsoleSummary(report, { color: options.color })))
  }
  const { gitlabCodeQuality, junit } = options.files
  if (gitlabCodeQuality !== undefined) await writeCodeQuality(report, gitlabCodeQuality, runner)
  if (junit !== undefined) {
    await writeReport(runner, 'the JUnit report', junit, renderJunit(report))
  }
}

async function writeCodeQuality(
  report: RunReport,
  path: string,
  runner: ConsoleRunner
): Promise<void> {
  if (!report.verdict) {
    // An empty report would tell the merge request that every finding was fixed.
    runner.warning(
      `No GitLab Code Quality report was written to ${path}: the gate was not evaluated`
    )
    return
  }
  const { issues, unplaced } = buildCodeQuality(report)
  if (unplaced > 0) {
    runner.info(
      `${unplaced} finding(s) without a file location are not in the Code Quality report (GitLab needs a path); the summary and the JUnit report list them`
    )
  }
  await writeReport(
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
): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, runner.mask(text), 'utf8')
    runner.info(`Wrote ${what} to ${path}`)
  } catch (error) {
    runner.warning(`Could not write ${what} to ${path}: ${errorText(error)}`)
  }
}
