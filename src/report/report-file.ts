/**
 * Every report file (the JSON report, SARIF, and the command's JUnit and Code Quality files) is
 * written through {@link writeReportFile}: into a temporary file in the same directory, renamed
 * into place once complete. A write that fails part way (a full disk, a file size limit) leaves
 * no truncated or empty report that a later step would read as this run's: the partial file is
 * removed, and so is an older report at the path, and the error names the file.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { errorText } from '../text/error-text.js'

/** Where the report's text goes, a piece at a time. */
export interface ReportSink {
  write(text: string): Promise<void>
}

/** A report file that could not be written: which one, and why. */
export class ReportFileError extends Error {
  override readonly name = 'ReportFileError'
  constructor(
    readonly path: string,
    cause: unknown
  ) {
    super(errorText(cause), { cause })
  }
}

/** `Could not write the JSON report to out/report.json: EFBIG: file too large, write`. */
export function unwrittenLine(what: string, path: string, error: unknown): string {
  return `Could not write ${what} to ${path}: ${errorText(error)}`
}

/**
 * Writes the report at `path` through `fill`, whole or not at all.
 * @throws ReportFileError naming the path, after removing what was written.
 */
export async function writeReportFile(
  path: string,
  fill: (sink: ReportSink) => Promise<void>
): Promise<void> {
  const directory = dirname(path)
  // Same directory, so the rename is atomic and never crosses file systems.
  const temporary = join(
    directory,
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  )
  try {
    await mkdir(directory, { recursive: true })
    const file = await open(temporary, 'wx')
    try {
      await fill({ write: text => writeAll(file, text) })
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined)
    await rm(path, { force: true }).catch(() => undefined)
    throw new ReportFileError(path, error)
  }
}

/**
 * Writes all of `text`: one write may take only part of it (at a file size limit it takes what
 * fits, and only the next one fails), and a short write unnoticed is a truncated report.
 */
async function writeAll(file: FileHandle, text: string): Promise<void> {
  let rest = Buffer.from(text, 'utf8')
  while (rest.length > 0) {
    const { bytesWritten } = await file.write(rest)
    if (bytesWritten <= 0) throw new Error('the file system took none of the bytes written')
    rest = rest.subarray(bytesWritten)
  }
}

/** Writes `text` as the report at `path`, whole or not at all. */
export function writeReportText(path: string, text: string): Promise<void> {
  return writeReportFile(path, sink => sink.write(text))
}
