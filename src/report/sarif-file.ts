/** The SARIF file on disk: written a batch of results at a time. */
import { mkdir, open, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Log } from 'sarif'

/** Results per JSON.stringify call: enough to amortise the call, few enough to keep memory flat. */
const RESULTS_PER_WRITE = 2_000

/**
 * Writes the log as JSON, creating the parent folders. The results of a log as buildSarif makes
 * it (one run, its results last) are turned into JSON a batch at a time: the same bytes as one
 * JSON.stringify of the whole log, without the whole text (tens of megabytes) in memory at once.
 */
export async function writeSarif(path: string, log: Log): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const [run, ...otherRuns] = log.runs
  const results = run?.results ?? []
  const resultsLast =
    run !== undefined &&
    otherRuns.length === 0 &&
    Object.keys(log).at(-1) === 'runs' &&
    Object.keys(run).at(-1) === 'results'
  if (!resultsLast || results.length === 0) {
    await writeFile(path, `${JSON.stringify(log)}\n`, 'utf8')
    return
  }
  // `{…"runs":[{…"results":[]}]}` without its last four characters ends with `"results":[`.
  const head = JSON.stringify({ ...log, runs: [{ ...run, results: [] }] }).slice(0, -4)
  const file = await open(path, 'w')
  try {
    await file.write(head)
    for (let start = 0; start < results.length; start += RESULTS_PER_WRITE) {
      const batch = JSON.stringify(results.slice(start, start + RESULTS_PER_WRITE))
      await file.write((start === 0 ? '' : ',') + batch.slice(1, -1))
    }
    await file.write(']}]}\n')
  } finally {
    await file.close()
  }
}
