/**
 * findingsPageSizeCap below 100: the server silently serves at most `cap` findings a page whatever
 * page_size asks, and `page` counts pages of `cap`.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { sastFinding } from '../emulator/data/factories.js'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { apiCall, FINDINGS } from './helpers/emulator-http.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const REF = 'refs/heads/capped'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

/** One page of the 120 findings as the server answers it. */
async function page(number: number, pageSize: number): Promise<number[]> {
  const query = new URLSearchParams({
    repos: 'acme/web',
    ref: REF,
    page: String(number),
    page_size: String(pageSize)
  })
  if (emulator === undefined) throw new Error('no emulator started')
  const answer = await apiCall(emulator, `${FINDINGS}?${query.toString()}`)
  expect(answer.status).toBe(200)
  return (
    answer.json as { sastFindings: { findings: { id: number }[] } }
  ).sastFindings.findings.map(finding => finding.id)
}

describe('findings page size cap of 50', () => {
  it('serves items 0-49, 50-99 and 100-119 on pages 0, 1 and 2, whatever page_size asks', async () => {
    const capped = (emulator = await startEmulator({ now: NOW, findingsPageSizeCap: 50 }))
    // Newest first: finding i is i minutes old, so the list's order is the order made.
    const made = Array.from({ length: 120 }, (_, i) =>
      sastFinding({ ref: REF, relevantSince: new Date(NOW.getTime() - i * 60_000) })
    )
    capped.state.sastFindings.push(...made)
    const ids = made.map(finding => finding.id)
    for (const pageSize of [100, 3000]) {
      expect(await page(0, pageSize)).toEqual(ids.slice(0, 50))
      expect(await page(1, pageSize)).toEqual(ids.slice(50, 100))
      expect(await page(2, pageSize)).toEqual(ids.slice(100, 120))
      expect(await page(3, pageSize)).toEqual([])
    }
  })

  it('serves pages of page_size without the cap', async () => {
    const uncapped = (emulator = await startEmulator({ now: NOW }))
    const made = Array.from({ length: 120 }, (_, i) =>
      sastFinding({ ref: REF, relevantSince: new Date(NOW.getTime() - i * 60_000) })
    )
    uncapped.state.sastFindings.push(...made)
    expect(await page(0, 100)).toEqual(made.slice(0, 100).map(finding => finding.id))
    expect(await page(1, 100)).toEqual(made.slice(100).map(finding => finding.id))
  })

  it('refuses a cap that is not a positive integer', async () => {
    await expect(startEmulator({ findingsPageSizeCap: 0 })).rejects.toThrow(
      'findingsPageSizeCap must be a positive integer, got 0'
    )
    await expect(startEmulator({ findingsPageSizeCap: 2.5 })).rejects.toThrow(
      'findingsPageSizeCap must be a positive integer, got 2.5'
    )
  })
})
