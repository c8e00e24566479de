import { UserError } from '../errors.js'

/**
 * Ignore entries: `{rule?, id?, path?, vulnerability?, package?, version?, reason, expires?}`. An
 * entry matches a finding when every selector it gives matches (`vulnerability` and `package`
 * select SCA findings; `package` alone, with or without `version`, also a license violation); `reason` is required so every exception is explained in the report,
 * and an entry past `expires` stops applying (and is reported) instead of hiding a finding forever.
 *
 * The entries and their errors only: matching them against findings (and the glob library) lives
 * in ignore-matcher.ts, which a run loads only once its findings are in.
 */

export interface IgnoreEntry {
  readonly rule?: string
  readonly id?: number
  readonly path?: string
  /** A CVE or GHSA id, as the SCA finding's `vulnerability_identifier` (case-insensitive). */
  readonly vulnerability?: string
  /** A dependency's name (case-insensitive), and optionally its exact version. */
  readonly package?: string
  readonly version?: string
  readonly reason: string
  /** Epoch ms after which the entry no longer applies. */
  readonly expiresAt?: number
  readonly expires?: string
  readonly description: string
}

export class IgnoreFileError extends UserError {
  override readonly name = 'IgnoreFileError'
  constructor(
    readonly file: string,
    readonly problems: readonly string[]
  ) {
    super(problems.map(problem => `ignore-file ${file}: ${problem}`).join('\n'))
  }
}
