/**
 * The connections a run opens before the rest of the action has loaded. Loading it takes about
 * 35 ms; against the real API each connection then still costs a TCP and a TLS handshake, two
 * round trips before its first request can go out. Opened first, their handshakes overlap the
 * loading. Only what opens them is loaded before them: the inputs are read again, and checked,
 * once the action has loaded, and nothing is sent before that.
 */
import { httpClientFor, type HttpClient } from './api/http-client.js'
import { DEFAULT_BASE_URL, parseBaseUrl, parseBoolean } from './inputs/parsers.js'

/**
 * Connections a run that reads findings opens at its start: its first request's and 32 more for
 * the requests that go out once the deployment is known and those the first pages and the scan's
 * count start (api/warm-connections.ts). 60,000 findings of the default six lists, with the
 * deployment discovered, opened 27 when none were opened ahead. Against the emulator holding each new connection's first request
 * for two round trips of 300 ms, medians of three (2026-11-26): 60,000 findings with slug and id
 * set 2.66 s with only the first request's, 2.18 s with 25, 2.01 s with 33; discovered 3.39,
 * 2.42, 2.27 s; 120,000 with 49 no faster than with 33.
 */
export const FINDINGS_PRECONNECT = 33

/** An HTTP client for the API's origin, its connections already opening. */
export interface EarlyConnections {
  readonly origin: string
  readonly client: HttpClient
}

/**
 * Opens the connections the inputs call for: as many as a run that reads findings uses, one for any
 * other run. Inputs it cannot read open nothing (the run then reports them); a fork's pull request
 * without a token opens nothing either.
 */
export function openEarlyConnections(
  getInput: (name: string) => string
): EarlyConnections | undefined {
  if (getInput('api-token') === '') return undefined
  let origin: string
  let readsFindings: boolean
  try {
    origin = new URL(parseBaseUrl(getInput('base-url') || DEFAULT_BASE_URL)).origin
    const flag = (name: string, unset: boolean): boolean => {
      const raw = getInput(name)
      return raw === '' ? unset : parseBoolean(raw)
    }
    // As the run decides it (gate or tickets), from the same inputs.
    readsFindings = flag('gate', true) || flag('create-tickets', false)
  } catch {
    return undefined
  }
  const client = httpClientFor(new URL(origin))
  try {
    client.preconnect(readsFindings ? FINDINGS_PRECONNECT : 1)
  } catch {
    // Only a head start: whatever stops it, the run opens its connections as it goes.
    void client.close()
    return undefined
  }
  return { origin, client }
}
