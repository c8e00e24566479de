import { pullRequestTarget } from '../inputs/pull-request.js'
import type { Config, RunContext } from '../inputs/index.js'
import type { Runner } from '../runner/runner.js'
import { emitAnnotations } from './annotations.js'
import { writeRunJsonReport } from './json-report.js'
import { formatCount } from './escape.js'
import type { ReportCoverage, RunReport } from './model.js'
import { setOutputs, type OutputExtras } from './outputs.js'
import { writeSarifFile } from './sarif-file.js'
import { writeJobSummary } from './summary.js'
import { VERSION } from '../version.js'
import { errorText } from '../text/error-text.js'

/** sarif-category, or one per set of issue types as before the input existed. */
export function sarifCategory(config: Config): string {
  return config.sarifCategory ?? `findings-gate/${config.issueTypes.join('-')}`
}

/** The config as the JSON report shows it: every input but the two tokens. */
export function publicConfig(config: Config): Record<string, unknown> {
  const { apiToken: _apiToken, githubToken: _githubToken, ...rest } = config
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

/** The JSON report's path once written. */
async function writeJsonFile(
  report: RunReport,
  config: Config,
  runner: Runner
): Promise<string | undefined> {
  const path = config.reportFile
  if (path === undefined) return undefined
  const written = await attempt(runner, 'write the JSON report', async () => {
    await writeRunJsonReport(path, report, publicConfig(config), { toolVersion: VERSION })
    return true
  })
  return written ? path : undefined
}

/** The SARIF file once written: what it holds, and the findings it left out. */
async function writeSarifReport(
  report: RunReport,
  config: Config,
  runner: Runner
): Promise<ReportCoverage['sarif']> {
  const file = config.sarifFile
  if (file === undefined) return undefined
  if (!report.verdict) {
    // An empty run would tell code scanning the analysis found nothing and close every alert.
    runner.warning(`No SARIF file was written to ${file}: the gate was not evaluated`)
    return undefined
  }
  const written = await attempt(runner, 'write the SARIF file', () =>
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

/**
 * Every report of the run. Each is independent and best effort: a report that cannot be written
 * warns and never changes the verdict or hides another report.
 */
export async function publishReports(
  report: RunReport,
  config: Config,
  ctx: RunContext,
  runner: Runner
): Promise<void> {
  const reportFile = await writeJsonFile(report, config, runner)
  const sarif = await writeSarifReport(report, config, runner)
  const commentUrl = await updateComment(report, config, ctx, runner)
  const extras: OutputExtras = {
    ...(config.sbomFile !== undefined &&
      report.sbom?.exports.some(e => e.file !== undefined) && { sbomFile: config.sbomFile }),
    ...(reportFile !== undefined && { reportFile }),
    ...(sarif && { sarifFile: sarif.file }),
    ...(commentUrl !== undefined && { commentUrl })
  }
  if (config.annotations && report.verdict)
    await attempt(runner, 'emit annotations', () =>
      emitAnnotations(report, config.maxAnnotations, runner)
    )
  const coverage: ReportCoverage = {
    ...(sarif && { sarif }),
    ...(reportFile !== undefined && { reportFile })
  }
  if (config.summary)
    await attempt(runner, 'write the job summary', () => writeJobSummary(report, runner, coverage))
  await attempt(runner, 'set the outputs', () => setOutputs(report, extras, runner))
}
