/**
 * The SARIF file on disk: written a batch of results at a time, and small enough for code
 * scanning, which rejects a file over 10 MB once gzipped (upload-sarif gzips it).
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { Log } from 'sarif'
import { formatCount } from './escape.js'
import { writeReportFile, writeReportText } from './report-file.js'
import type { RunReport } from './model.js'
import { buildSarifRun, SARIF_MAX_RESULTS, type SarifOptions, type SarifRun } from './sarif.js'

/**
 * The most bytes of the file once gzipped: under GitHub's 10 MB, with room for what upload-sarif
 * adds to each result (a fingerprint of the line it points at) before it sends the file.
 */
export const SARIF_MAX_GZIP_BYTES = 8 * 1024 * 1024

export interface SarifFileLimits {
  readonly maxResults: number
  readonly maxGzipBytes: number
}

const DEFAULT_FILE_LIMITS: SarifFileLimits = {
  maxResults: SARIF_MAX_RESULTS,
  maxGzipBytes: SARIF_MAX_GZIP_BYTES
}

/** What the file holds; `leftOut` counts the findings it does not. */
export type SarifWritten = Omit<SarifRun, 'log'>

/**
 * Writes the SARIF file of the run within code scanning's limits: at most maxResults results,
 * and at most maxGzipBytes gzipped. A file over the size is written again with fewer findings
 * (the last of the report's order), until it fits.
 */
export async function writeSarifFile(
  path: string,
  report: RunReport,
  opts: SarifOptions,
  limits: SarifFileLimits = DEFAULT_FILE_LIMITS
): Promise<SarifWritten> {
  const sizeReason = `GitHub code scanning accepts at most 10 MB gzipped, and the file is kept under ${formatCount(limits.maxGzipBytes)} bytes`
  let maxFindings = Number.POSITIVE_INFINITY
  for (;;) {
    const { log, ...written } = buildSarifRun(report, opts, {
      maxResults: limits.maxResults,
      maxFindings,
      sizeReason
    })
    await writeSarif(path, log)
    const size = await gzippedSizeOver(path, limits.maxGzipBytes)
    if (size === undefined || written.findings === 0) return written
    // Findings take about the same room each: aim a tenth under the size, and always lower.
    const share = (limits.maxGzipBytes / size) * 0.9
    maxFindings = Math.min(written.findings - 1, Math.floor(written.findings * share))
  }
}

/** The gzipped size of the file when it is over `max`; undefined when it fits. */
async function gzippedSizeOver(path: string, max: number): Promise<number | undefined> {
  const raw = (await stat(path)).size
  // gzip adds at most 5 bytes per 16 KiB block and an 18-byte frame: a file this small fits.
  if (raw + Math.ceil(raw / 16_384) * 5 + 18 <= max) return undefined
  let size = 0
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done()
    }
  })
  await pipeline(createReadStream(path), createGzip(), counter)
  return size > max ? size : undefined
}

/** Results per JSON.stringify call: enough to amortise the call, few enough to keep memory flat. */
const RESULTS_PER_WRITE = 2_000

/**
 * Writes the log as JSON, creating the parent folders. The results of a log as buildSarif makes
 * it (one run, its results last) are turned into JSON a batch at a time: the same bytes as one
 * JSON.stringify of the whole log, without the whole text (tens of megabytes) in memory at once.
 */
export async function writeSarif(path: string, log: Log): Promise<void> {
  const [run, ...otherRuns] = log.runs
  const results = run?.results ?? []
  const resultsLast =
    run !== undefined &&
    otherRuns.length === 0 &&
    Object.keys(log).at(-1) === 'runs' &&
    Object.keys(run).at(-1) === 'results'
  if (!resultsLast || results.length === 0) {
    await writeReportText(path, `${JSON.stringify(log)}\n`)
    return
  }
  // `{…"runs":[{…"results":[]}]}` without its last four characters ends with `"results":[`.
  const head = JSON.stringify({ ...log, runs: [{ ...run, results: [] }] }).slice(0, -4)
  await writeReportFile(path, async file => {
    await file.write(head)
    for (let start = 0; start < results.length; start += RESULTS_PER_WRITE) {
      const batch = JSON.stringify(results.slice(start, start + RESULTS_PER_WRITE))
      await file.write((start === 0 ? '' : ',') + batch.slice(1, -1))
    }
    await file.write(']}]}\n')
  })
}
