/** Requests to a started emulator over real HTTP, for the emulator's own suites. */
import { expect } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'

export interface Answer {
  status: number
  headers: Headers
  json: unknown
}

/** One API request with the emulator's token (or `token: null` for none); JSON in, JSON out. */
export async function apiCall(
  emulator: Emulator,
  path: string,
  init: { method?: string; body?: unknown; token?: string | null } = {}
): Promise<Answer> {
  const token = init.token === undefined ? emulator.token : init.token
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token !== null) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${emulator.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body)
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text) as unknown
  } catch {
    json = text
  }
  return { status: response.status, headers: response.headers, json }
}

export const SCANS_SEARCH = '/api/v1/deployments/4242/scans/search'
export const FINDINGS = '/api/v1/deployments/acme-corp/findings'
export const SECRETS = '/api/v1/deployments/4242/secrets'

/** A scan as the search renders it (documented and live shapes alike). */
export interface WireScan {
  id: string
  repository_id: string
  branch: string
  commit: string
  status: string
  started_at: string
  completed_at: string | null
  exit_code: string | null
  enabled_products: string[]
  findings_counts?: Record<string, string>
}

/** The scans a search answers (200 asserted), and its cursor. */
export async function searchScans(
  emulator: Emulator,
  body: Record<string, unknown> = {}
): Promise<{ scans: WireScan[]; cursor?: string }> {
  const answer = await apiCall(emulator, SCANS_SEARCH, { method: 'POST', body })
  expect(answer.status).toBe(200)
  return answer.json as { scans: WireScan[]; cursor?: string }
}

/** The one scan with this id in the search of its repository and branch. */
export async function scanById(
  emulator: Emulator,
  record: { id: number; repositoryId: number; branch: string }
): Promise<WireScan | undefined> {
  const { scans } = await searchScans(emulator, {
    repository_id: record.repositoryId,
    branch: record.branch
  })
  return scans.find(scan => scan.id === String(record.id))
}

/** The ids a findings query lists (documented shape, one page of up to 3000), in order. */
export async function listedIds(
  emulator: Emulator,
  query: Record<string, string>
): Promise<number[]> {
  const params = new URLSearchParams({ page_size: '3000', ...query })
  const answer = await apiCall(emulator, `${FINDINGS}?${params.toString()}`)
  expect(answer.status).toBe(200)
  const page = answer.json as Record<string, { findings: { id: number }[] }>
  const list =
    query.issue_type === 'sca'
      ? page.scaFindings
      : query.issue_type === 'ai_sast'
        ? page.aiSastFindings
        : page.sastFindings
  return (list?.findings ?? []).map(finding => finding.id)
}

/** The secret ids the secrets list shows for a repository, in order. */
export async function listedSecretIds(emulator: Emulator, repository: string): Promise<number[]> {
  const answer = await apiCall(emulator, `${SECRETS}?repo=${encodeURIComponent(repository)}`)
  expect(answer.status).toBe(200)
  return (answer.json as { findings: { id: string }[] }).findings.map(secret => Number(secret.id))
}
