/**
 * The job summary. The runner rejects a step summary over 1 MiB (and older runners failed the
 * job for it), so the Markdown is rendered to fit with a margin left for anything else the step
 * appends.
 */
import { renderMarkdown } from './markdown.js'
import type { ReportCoverage, RunReport } from './model.js'
import type { Runner } from '../runner/runner.js'
import { errorText } from '../text/error-text.js'

export const SUMMARY_LIMIT_BYTES = 1024 * 1024
/** Room for other writers of the same step's summary, and for the runner's own bookkeeping. */
export const SUMMARY_MARGIN_BYTES = 16 * 1024

/**
 * Appends the report to `$GITHUB_STEP_SUMMARY`. Never throws: a summary that cannot be written
 * must not hide the verdict, so a failure becomes a warning. Returns whether it was written.
 */
export async function writeJobSummary(
  report: RunReport,
  runner: Runner,
  coverage?: ReportCoverage
): Promise<boolean> {
  try {
    const markdown = renderMarkdown(report, {
      maxBytes: SUMMARY_LIMIT_BYTES - SUMMARY_MARGIN_BYTES,
      coverage
    })
    await runner.appendSummary(markdown)
    return true
  } catch (error) {
    runner.warning(`Could not write the job summary: ${errorText(error)}`)
    return false
  }
}
