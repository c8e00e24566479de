import { pullRequestTarget } from '../inputs/pull-request.js'
import type { Config, RunContext } from '../inputs/index.js'
import type { Runner } from '../runner/runner.js'
import { emitAnnotations } from './annotations.js'
import { writeRunJsonReport } from './json-report.js'
import type { RunReport } from './model.js'
import { setOutputs, type OutputExtras } from './outputs.js'
import { buildSarif, writeSarif } from './sarif.js'
import { writeJobSummary } from './summary.js'
import { VERSION } from '../version.js'
import { errorText } from '../text/error-text.js'

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

/** The report with every threshold of the config, those added after the report's builder too. */
export function withAllThresholds(report: RunReport, config: Config): RunReport {
  return {
    ...report,
    thresholds: {
      ...report.thresholds,
      failOnTransitivities: config.failOnTransitivities,
      ignoreUnfixed: config.ignoreUnfixed,
      ...(config.failOnEpss !== undefined && { failOnEpss: config.failOnEpss }),
      allowLicenses: config.allowLicenses,
      ...(config.configFile !== undefined && { configFile: config.configFile })
    }
  }
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
 * Every report of the run. Each is independent and best effort: a report that cannot be written
 * warns and never changes the verdict or hides another report.
 */
export async function publishReports(
  built: RunReport,
  config: Config,
  ctx: RunContext,
  runner: Runner
): Promise<void> {
  const report = withAllThresholds(built, config)
  const extras: { -readonly [K in keyof OutputExtras]: OutputExtras[K] } = {}
  if (config.sbomFile !== undefined && report.sbom?.exports.some(e => e.file !== undefined))
    extras.sbomFile = config.sbomFile

  if (config.reportFile !== undefined) {
    const path = config.reportFile
    const written = await attempt(runner, 'write the JSON report', async () => {
      await writeRunJsonReport(path, report, publicConfig(config), { toolVersion: VERSION })
      return true
    })
    if (written) extras.reportFile = path
  }
  if (config.sarifFile !== undefined && !report.verdict) {
    // An empty run would tell code scanning the analysis found nothing and close every alert.
    runner.warning(`No SARIF file was written to ${config.sarifFile}: the gate was not evaluated`)
  } else if (config.sarifFile !== undefined) {
    const path = config.sarifFile
    const written = await attempt(runner, 'write the SARIF file', async () => {
      const category = `findings-gate/${config.issueTypes.join('-')}`
      await writeSarif(path, buildSarif(report, { category, toolVersion: VERSION }))
      return true
    })
    if (written) extras.sarifFile = path
  }
  if (config.commentOnPr !== 'never' && config.githubToken !== undefined) {
    const target = pullRequestTarget(ctx)
    const token = config.githubToken
    if (target) {
      const outcome = await attempt(runner, 'update the pull-request comment', async () => {
        // Loaded only when commenting: the GitHub client is the heaviest part of the bundle.
        const { upsertPrComment } = await import('./pr-comment.js')
        return upsertPrComment({
          token,
          report,
          mode: config.commentOnPr,
          context: target,
          runner
        })
      })
      if (outcome?.url) extras.commentUrl = outcome.url
    } else {
      runner.info(
        `comment-on-pr: ${config.commentOnPr}, but this run is not for a pull request; no comment`
      )
    }
  }
  if (config.annotations && report.verdict)
    await attempt(runner, 'emit annotations', () =>
      emitAnnotations(report, config.maxAnnotations, runner)
    )
  if (config.summary)
    await attempt(runner, 'write the job summary', () => writeJobSummary(report, runner))
  await attempt(runner, 'set the outputs', () => setOutputs(report, extras, runner))
}
