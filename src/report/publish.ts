import { pullRequestTarget } from '../inputs/pull-request.js'
import type { Config, RunContext } from '../inputs/index.js'
import { WarningCounter } from '../runner/counting-runner.js'
import type { Runner } from '../runner/runner.js'
import { MAX_FINDING_ANNOTATIONS, STEP_LEVEL_LIMIT, stepLimits } from './annotation-budget.js'
import { emitAnnotations, notAnnotatedNotice, planAnnotations } from './annotations.js'
import { writeRunJsonReport } from './json-report.js'
import { formatCount } from './escape.js'
import type { ReportCoverage, RunReport } from './model.js'
import { setOutputs, type OutputExtras } from './outputs.js'
import { unwrittenLine } from './report-file.js'
import { writeSarifFile } from './sarif-file.js'
import { writeJobSummary } from './summary.js'
import { VERSION } from '../version.js'
import { errorText } from '../text/error-text.js'

/** sarif-category, or one per set of issue types as before the input existed. */
export function sarifCategory(config: Config): string {
  return config.sarifCategory ?? `findings-gate/${config.issueTypes.join('-')}`
}

/** The config as the JSON report shows it: every input but the tokens. */
export function publicConfig(config: Config): Record<string, unknown> {
  const {
    apiToken: _apiToken,
    githubToken: _githubToken,
    configToken: _configToken,
    ...rest
  } = config
  return rest
}

async function attempt<T>(
  runner: Runner,
  what: string,
  task: () => Promise<T> | T
): Promise<T | undefined> {
  try {
    return await task()
  } catch (error) {
    runner.warning(`Could not ${what}: ${errorText(error)}`)
    return undefined
  }
}

/**
 * Writes a report file; undefined, and a line in `failures`, when it could not. A file a later
 * step reads (to upload, to parse) is not best effort: the step fails, naming it.
 */
async function writeFile<T>(
  failures: string[],
  what: string,
  path: string,
  task: () => Promise<T>
): Promise<T | undefined> {
  try {
    return await task()
  } catch (error) {
    failures.push(unwrittenLine(what, path, error))
    return undefined
  }
}

/** The JSON report's path once written. */
async function writeJsonFile(
  report: RunReport,
  config: Config,
  failures: string[]
): Promise<string | undefined> {
  const path = config.reportFile
  if (path === undefined) return undefined
  const written = await writeFile(failures, 'the JSON report', path, async () => {
    await writeRunJsonReport(path, report, publicConfig(config), { toolVersion: VERSION })
    return true
  })
  return written ? path : undefined
}

/** The SARIF file once written: what it holds, and the findings it left out. */
async function writeSarifReport(
  report: RunReport,
  config: Config,
  runner: Runner,
  failures: string[]
): Promise<ReportCoverage['sarif']> {
  const file = config.sarifFile
  if (file === undefined) return undefined
  if (!report.verdict) {
    // An empty run would tell code scanning the analysis found nothing and close every alert.
    runner.warning(`No SARIF file was written to ${file}: the gate was not evaluated`)
    return undefined
  }
  const written = await writeFile(failures, 'the SARIF file', file, () =>
    writeSarifFile(file, report, { category: sarifCategory(config), toolVersion: VERSION })
  )
  if (!written) return undefined
  const { results, leftOut } = written
  if (leftOut) {
    runner.info(
      `SARIF ${file}: ${formatCount(results)} results; ${formatCount(leftOut.findings)} findings ` +
        `(${formatCount(leftOut.blocking)} blocking) left out: ${leftOut.why}`
    )
  }
  return { file, results, ...(leftOut && { leftOut }) }
}

/** The pull-request comment's URL once updated. */
async function updateComment(
  report: RunReport,
  config: Config,
  ctx: RunContext,
  runner: Runner
): Promise<string | undefined> {
  const token = config.githubToken
  if (config.commentOnPr === 'never' || token === undefined) return undefined
  const target = pullRequestTarget(ctx)
  if (!target) {
    runner.info(
      `comment-on-pr: ${config.commentOnPr}, but this run is not for a pull request; no comment`
    )
    return undefined
  }
  const outcome = await attempt(runner, 'update the pull-request comment', async () => {
    // Loaded only when commenting: the GitHub client is the heaviest part of the bundle.
    const { upsertPrComment } = await import('./pr-comment.js')
    return upsertPrComment({ token, report, mode: config.commentOnPr, context: target, runner })
  })
  return outcome?.url
}

/** Says so when max-annotations asks for more than a step shows. */
function clampWarning(report: RunReport, config: Config, runner: Runner): void {
  if (report.verdict && config.maxAnnotations > MAX_FINDING_ANNOTATIONS) {
    runner.warning(
      `max-annotations is ${config.maxAnnotations}, but GitHub shows ${STEP_LEVEL_LIMIT} annotations ` +
        `of each level in a step: at most ${MAX_FINDING_ANNOTATIONS} findings are annotated`
    )
  }
}

/** Where the findings that are not annotated are, for the notice that says so. */
function places(
  summary: boolean,
  sarif: ReportCoverage['sarif'],
  reportFile: string | undefined
): string[] {
  return [
    ...(summary ? ['the job summary'] : []),
    ...(sarif ? [`the SARIF file ${sarif.file}`] : []),
    ...(reportFile !== undefined ? [`the JSON report ${reportFile}`] : [])
  ]
}

/**
 * Every report of the run. Each is independent: one that cannot be written never changes the
 * verdict or hides another report. The summary, comment and annotations are best effort and
 * warn; a report file that cannot be written is returned as a failure line, for the step to fail
 * on (a later step would read a missing file as none). The annotations come last: the warnings
 * written before them are counted, so that the findings take only what the step still shows,
 * and the summary says what they left out.
 * @returns one line per report file that could not be written.
 */
export async function publishReports(
  report: RunReport,
  config: Config,
  ctx: RunContext,
  runner: Runner
): Promise<readonly string[]> {
  const counted = new WarningCounter(runner)
  const failures: string[] = []
  const reportFile = await writeJsonFile(report, config, failures)
  const sarif = await writeSarifReport(report, config, counted, failures)
  const commentUrl = await updateComment(report, config, ctx, counted)
  const extras: OutputExtras = {
    ...(config.sbomFile !== undefined &&
      report.sbom?.exports.some(e => e.file !== undefined) && { sbomFile: config.sbomFile }),
    ...(reportFile !== undefined && { reportFile }),
    ...(sarif && { sarifFile: sarif.file }),
    ...(commentUrl !== undefined && { commentUrl })
  }
  await attempt(counted, 'set the outputs', () => setOutputs(report, extras, counted))

  clampWarning(report, config, counted)
  // max-annotations 0 plans none: no annotation and no notice of what was left out.
  const plan = planAnnotations(
    report,
    config.maxAnnotations,
    stepLimits(report.warnings.length + counted.warnings)
  )
  const coverage: ReportCoverage = {
    ...(plan && { annotations: plan.coverage }),
    ...(sarif && { sarif }),
    ...(reportFile !== undefined && { reportFile })
  }
  const summary =
    config.summary &&
    (await attempt(counted, 'write the job summary', () =>
      writeJobSummary(report, counted, coverage)
    )) === true
  if (plan) {
    const notice = notAnnotatedNotice(plan.coverage, places(summary, sarif, reportFile))
    await attempt(counted, 'emit annotations', () =>
      emitAnnotations([...plan.annotations, ...(notice ? [notice] : [])], counted)
    )
  }
  return failures
}
