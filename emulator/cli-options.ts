/**
 * The emulator's command line: its usage text and the flags read into EmulatorOptions (cli.ts
 * runs it).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { EmulatorOptions } from './options.js'

export const USAGE = `Usage: npm run emulator -- [flags]   (runs the findings API emulator until SIGINT/SIGTERM)

  --port N            fixed API port (default: ephemeral)
  --shape S           documented | live (default documented)
  --token T           bearer token to accept (default fg-emulator-token)
  --latency-ms N      delay added to every API response
  --connect-round-trips N  round trips of latency a new connection costs before its first
                      request (2: TCP and TLS 1.3, as the real API's HTTPS; default 0)
  --clock-offset-ms N the server's clock runs N ms ahead of this machine's (negative: behind;
                      write it --clock-offset-ms=-60000); it stamps every Date header, dates
                      the sample data and finishes running scans
  --bulk-findings N   extra generated open findings (3/4 SAST, 1/4 SCA unless --bulk-sast-share)
  --bulk-sast-share F share of the bulk findings that are SAST, 0..1 (default 0.75)
  --bulk-repo NAME    repository of the bulk findings (default acme/monorepo)
  --bulk-ref REF      ref of the bulk findings (default refs/heads/main)
  --seed S            sample | empty (default sample)
  --sbom-polls N      SBOM polls answered IN_PROGRESS before COMPLETED (default 1)
  --sbom-export-ms N  an SBOM export stays IN_PROGRESS this long after it was created
  --projects N        serve N projects (the sample's 254, then generated ones), then the bulk
                      repository when it is not among them
  --findings-page-size-cap N  findings pages hold at most N items whatever page_size asks,
                      and page counts pages of N (a server capping page_size silently)
  --scans-search-ignores-filters  scans/search ignores repository_id, branch and statuses and
                      lists the newest scans of every repository and branch
  --precomputed-findings-pages  render each findings page once, then serve its bytes
  --tls-key FILE --tls-cert FILE  serve HTTPS with this PEM key and certificate (both or neither)
  --help              print this text
`

export class UsageError extends Error {}

function nonNegativeInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value))
    throw new UsageError(`${flag} expects a non-negative integer, got '${value}'`)
  return Number(value)
}

/** A signed integer; a negative one must be written `--flag=-N` (parseArgs reads `-N` as a flag). */
function integerFlag(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number))
    throw new UsageError(
      `${flag} expects an integer (a negative one as ${flag}=-N), got '${value}'`
    )
  return number
}

function oneOfFlag<T extends string>(
  value: string | undefined,
  flag: string,
  allowed: readonly T[]
): T | undefined {
  if (value === undefined) return undefined
  const match = allowed.find(candidate => candidate === value)
  if (match === undefined)
    throw new UsageError(`${flag} expects one of ${allowed.join(', ')}, got '${value}'`)
  return match
}

function bulkOption(
  count: number | undefined,
  repository: string,
  ref: string,
  sastShare: number
): EmulatorOptions['bulk'] {
  if (count === undefined || count === 0) return undefined
  const sast = Math.round(count * sastShare)
  return { repository, ref, sast, sca: count - sast }
}

function shareOption(value: string | undefined): number {
  if (value === undefined) return 0.75
  const share = Number(value)
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(value) || Number.isNaN(share)) {
    throw new UsageError(`--bulk-sast-share expects a number from 0 to 1, got '${value}'`)
  }
  return share
}

function tlsOption(key: string | undefined, cert: string | undefined): EmulatorOptions['tls'] {
  if (key === undefined && cert === undefined) return undefined
  if (key === undefined || cert === undefined) {
    throw new UsageError('--tls-key and --tls-cert go together: give both files or neither')
  }
  const read = (file: string, flag: string): Buffer => {
    try {
      return readFileSync(file)
    } catch (error) {
      throw new UsageError(
        `${flag} ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }
  return { key: read(key, '--tls-key'), cert: read(cert, '--tls-cert') }
}

function pageSizeCap(value: string | undefined): number | undefined {
  const cap = nonNegativeInteger(value, '--findings-page-size-cap')
  if (cap === 0) throw new UsageError('--findings-page-size-cap expects at least 1, got 0')
  return cap
}

/** The flags parseArgs reads; USAGE describes each (a test keeps the two in step). */
export const FLAGS = {
  port: { type: 'string' },
  shape: { type: 'string' },
  token: { type: 'string' },
  'latency-ms': { type: 'string' },
  'connect-round-trips': { type: 'string' },
  'clock-offset-ms': { type: 'string' },
  'bulk-findings': { type: 'string' },
  'bulk-repo': { type: 'string' },
  'bulk-ref': { type: 'string' },
  'bulk-sast-share': { type: 'string' },
  seed: { type: 'string' },
  'sbom-polls': { type: 'string' },
  'sbom-export-ms': { type: 'string' },
  projects: { type: 'string' },
  'findings-page-size-cap': { type: 'string' },
  'scans-search-ignores-filters': { type: 'boolean' },
  'precomputed-findings-pages': { type: 'boolean' },
  'tls-key': { type: 'string' },
  'tls-cert': { type: 'string' }
} as const

/** Whether the command line asks for the usage text. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h')
}

export function parseCliOptions(argv: readonly string[]): EmulatorOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: FLAGS,
    strict: true,
    allowPositionals: false
  })
  return {
    port: nonNegativeInteger(values.port, '--port'),
    shape: oneOfFlag(values.shape, '--shape', ['documented', 'live'] as const),
    token: values.token,
    latencyMs: nonNegativeInteger(values['latency-ms'], '--latency-ms'),
    connectRoundTrips: nonNegativeInteger(values['connect-round-trips'], '--connect-round-trips'),
    clockOffsetMs: integerFlag(values['clock-offset-ms'], '--clock-offset-ms'),
    seed: oneOfFlag(values.seed, '--seed', ['sample', 'empty'] as const),
    sbomPollsUntilDone: nonNegativeInteger(values['sbom-polls'], '--sbom-polls'),
    sbomExportMs: nonNegativeInteger(values['sbom-export-ms'], '--sbom-export-ms'),
    projects: nonNegativeInteger(values.projects, '--projects'),
    findingsPageSizeCap: pageSizeCap(values['findings-page-size-cap']),
    scansSearchIgnoresFilters: values['scans-search-ignores-filters'],
    precomputedFindingsPages: values['precomputed-findings-pages'],
    tls: tlsOption(values['tls-key'], values['tls-cert']),
    bulk: bulkOption(
      nonNegativeInteger(values['bulk-findings'], '--bulk-findings'),
      values['bulk-repo'] ?? 'acme/monorepo',
      values['bulk-ref'] ?? 'refs/heads/main',
      shareOption(values['bulk-sast-share'])
    )
  }
}
