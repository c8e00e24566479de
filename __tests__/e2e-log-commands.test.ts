/**
 * Server text in the log, end to end: the bundled action (dist/index.js) against an emulator
 * whose answers carry forged workflow commands in an SBOM task token, an SBOM download URL, an
 * SBOM error message and a server error message.
 *
 * The promise checked: no line of the log (stdout or stderr, leading whitespace trimmed as the
 * runner trims it) starts a workflow command other than the ones the action itself emits: the
 * mask of the api-token, and `::error::` / `::warning::` lines whose text @actions/core escaped.
 */
import { describe, expect, it } from '@jest/globals'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  requireBundle,
  errorLines,
  runAction,
  warningLines,
  withEmulator,
  type ActionRun,
  type Emulator
} from './helpers/e2e.js'
import { retryLines, stdoutLines } from './helpers/e2e-inspect.js'

requireBundle()

const EXPORT_PATH = '/api/v1/deployments/4242/sbom/export'
const FINDINGS_PATH = '/api/v1/deployments/acme-corp/findings'

/**
 * Every way a line break can reach the runner (LF, CR, CRLF, the Unicode separators, NEL), each
 * followed by a command, some indented (the runner trims leading whitespace), plus the legacy
 * `##[` syntax and an ANSI escape that would restyle the log.
 */
const FORGED = [
  'tok',
  '::error title=FORGED::x',
  '::add-mask::y',
  '\r::warning title=FORGED::cr',
  '\r\n::notice title=FORGED::crlf',
  '\u2028::notice title=FORGED::ls',
  '\u0085::notice title=FORGED::nel',
  '  ::stop-commands::forgedstop',
  '\t##[error]forged legacy',
  '\u001b[31mred'
].join('\n')

/** Lines of a stream as the runner reads them: split on LF and CR, leading whitespace trimmed. */
function runnerLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).map(line => line.trimStart())
}

/** Workflow commands in the log that the action did not mean to emit. */
function forgedCommands(run: ActionRun, token: string): string[] {
  return [...runnerLines(run.stdout), ...runnerLines(run.stderr)].filter(
    line =>
      (line.startsWith('::') || line.startsWith('##[')) &&
      line !== `::add-mask::${token}` &&
      !/^::(error|warning)::/.test(line)
  )
}

function expectNoForgedCommands(run: ActionRun, emulator: Emulator): void {
  expect(forgedCommands(run, emulator.token)).toEqual([])
  expect(run.stdout).not.toContain('\u001b')
  expect(run.stdout).not.toContain('\r')
}

describe('server text cannot start a workflow command in the log', () => {
  it('a forged SBOM task token is logged on one line, as text', async () => {
    await withEmulator({}, async emulator => {
      emulator.addFault({
        method: 'POST',
        path: EXPORT_PATH,
        kind: 'json',
        body: { taskToken: FORGED }
      })
      const run = await runAction(emulator, { gate: 'false', 'sbom-export': 'true' })

      expect(run.exitCode).toBe(0)
      expectNoForgedCommands(run, emulator)
      expect(stdoutLines(run)).toContain(
        'SBOM export of acme/web started (task tok ::error title=FORGED::x ::add-mask::y ::warning title=FORGED::cr ::notice title=FORGED::crlf ::notice title=FORGED::ls ::notice title=FORGED::nel ::stop-commands::forgedstop ##[error]forged legacy [31mred)'
      )
    })
  })

  it('a forged SBOM download URL is refused, neither masked nor fetched', async () => {
    await withEmulator({}, async emulator => {
      const dir = await mkdtemp(join(tmpdir(), 'e2e-log-'))
      try {
        emulator.addFault({
          method: 'GET',
          path: /\/sbom\/export\/.+/,
          kind: 'json',
          body: { status: 'SBOM_EXPORT_STATUS_COMPLETED', downloadUrl: `Gate\n${FORGED}` }
        })
        const run = await runAction(emulator, {
          gate: 'false',
          'sbom-export': 'true',
          'sbom-file': join(dir, 'sbom.json')
        })

        expect(run.exitCode).toBe(1)
        expectNoForgedCommands(run, emulator)
        // Masking a server-chosen word would let the server hide any text of the log.
        expect(stdoutLines(run).filter(line => line.startsWith('::add-mask::'))).toEqual([
          `::add-mask::${emulator.token}`
        ])
        expect(emulator.downloads).toEqual([])
        expect(errorLines(run)).toEqual([
          '1 of 1 SBOM export(s) did not complete: acme/web: error (the export completed with a download URL that is not an http(s) URL)'
        ])
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    })
  })

  it('a forged SBOM error message stays inside the error line', async () => {
    await withEmulator({}, async emulator => {
      emulator.addFault({
        method: 'GET',
        path: /\/sbom\/export\/.+/,
        kind: 'json',
        body: { status: 'SBOM_EXPORT_STATUS_FAILED', errorMessage: FORGED }
      })
      const run = await runAction(emulator, {
        gate: 'false',
        'sbom-export': 'true',
        'sbom-wait': 'true'
      })

      expect(run.exitCode).toBe(1)
      expectNoForgedCommands(run, emulator)
      const [error = ''] = errorLines(run)
      expect(error).toMatch(/^1 of 1 SBOM export\(s\) did not complete: acme\/web: failed \(tok /)
      expect(error).toContain('::stop-commands::forgedstop')
    })
  })

  it.each(['fail', 'warn'])(
    'a forged server error message (on-api-error: %s) stays inside one line',
    async onApiError => {
      await withEmulator({}, async emulator => {
        emulator.addFault({
          path: FINDINGS_PATH,
          kind: 'status',
          status: 500,
          body: { error: FORGED },
          times: Infinity
        })
        const run = await runAction(emulator, {
          'max-retries': '1',
          'on-api-error': onApiError
        })

        expectNoForgedCommands(run, emulator)
        expect(retryLines(run, 'GET', FINDINGS_PATH).length).toBeGreaterThan(0)
        const lines = onApiError === 'warn' ? warningLines(run) : errorLines(run)
        expect(lines.join('\n')).toContain('::stop-commands::forgedstop')
        expect(run.exitCode).toBe(onApiError === 'warn' ? 0 : 1)
      })
    }
  )
})
