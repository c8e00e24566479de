/**
 * Ticket creation over real HTTP: the outcome mapping, and the one POST that must never be
 * retried once the server may have acted on it (a duplicate ticket is worse than a failed step).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { ApiError, NetworkError } from '../src/api/errors.js'
import { defaultRetryPolicy } from '../src/api/retry.js'
import { createTickets, type TicketRequest } from '../src/api/tickets.js'
import { Transport } from '../src/api/transport.js'
import { failure } from './helpers/failure.js'
import { WEB_SAST, WEB_SCA } from './helpers/sample.js'
import { emulatorTransport, waitUntil } from './helpers/client.js'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const TICKETS_PATH = '/api/v1/deployments/acme-corp/tickets'
const TRACKER = 'https://tracker.example.test/browse'

let emulator: Emulator
let transport: Transport
let sleeps: number[]

function newTransport(timeoutMs = 5000): Transport {
  return emulatorTransport(emulator, { timeoutMs, retries: 3, sleeps, now: () => NOW.getTime() })
}

const twoFindings: TicketRequest = {
  type: 'sast',
  findingIds: [WEB_SAST.sqli, WEB_SAST.md5],
  groupIssues: false,
  limit: 20
}

function ticketRequests(): number {
  return emulator.requests.filter(r => r.method === 'POST' && r.path === TICKETS_PATH).length
}

beforeEach(async () => {
  // A fresh deployment per test: tickets change the findings they are created for.
  emulator = await startEmulator({ now: NOW })
  sleeps = []
  transport = newTransport()
})

afterEach(async () => {
  await transport.close()
  await emulator.close()
})

describe('createTickets', () => {
  it('creates one ticket per finding and maps the answer', async () => {
    const outcome = await createTickets(transport, 'acme-corp', twoFindings)
    expect(outcome).toEqual({
      succeeded: [
        { issueIds: [WEB_SAST.sqli], ticketId: 1, url: `${TRACKER}/SEC-1`, externalSlug: 'SEC-1' },
        { issueIds: [WEB_SAST.md5], ticketId: 2, url: `${TRACKER}/SEC-2`, externalSlug: 'SEC-2' }
      ],
      failed: [],
      skipped: []
    })
    expect(emulator.requests).toHaveLength(1)
    expect(emulator.requests[0]).toMatchObject({
      method: 'POST',
      path: TICKETS_PATH,
      body: {
        issue_type: 'sast',
        issue_ids: [String(WEB_SAST.sqli), String(WEB_SAST.md5)],
        group_issues: false,
        limit: 20
      },
      status: 200
    })
    expect(emulator.requests[0].headers['content-type']).toBe('application/json')
    expect(emulator.state.tickets.map(t => [t.externalSlug, t.issueIds])).toEqual([
      ['SEC-1', [WEB_SAST.sqli]],
      ['SEC-2', [WEB_SAST.md5]]
    ])
  })

  it('skips findings that already have a ticket on a second call', async () => {
    await createTickets(transport, 'acme-corp', twoFindings)
    const second = await createTickets(transport, 'acme-corp', twoFindings)
    expect(second).toEqual({
      succeeded: [],
      failed: [],
      skipped: [
        { issueIds: [WEB_SAST.sqli], reason: 'Issue already has a ticket' },
        { issueIds: [WEB_SAST.md5], reason: 'Issue already has a ticket' }
      ]
    })
    expect(emulator.state.tickets).toHaveLength(2)
  })

  it('reports unknown findings and those over the limit as failed', async () => {
    const outcome = await createTickets(transport, 'acme-corp', {
      type: 'sast',
      findingIds: [WEB_SAST.sqli, WEB_SAST.subprocess, WEB_SAST.csrf, 999],
      groupIssues: false,
      limit: 1,
      trackerProjectId: '31'
    })
    expect(outcome).toEqual({
      succeeded: [
        { issueIds: [WEB_SAST.sqli], ticketId: 1, url: `${TRACKER}/SEC-1`, externalSlug: 'SEC-1' }
      ],
      failed: [
        { issueIds: [999], error: 'Issue not found' },
        { issueIds: [WEB_SAST.subprocess], error: 'Ticket limit exceeded' },
        { issueIds: [WEB_SAST.csrf], error: 'Ticket limit exceeded' }
      ],
      skipped: []
    })
    expect(emulator.requests[0].body).toMatchObject({ limit: 1, tracker_project_id: '31' })
    expect(emulator.state.tickets[0].trackerProjectId).toBe('31')
  })

  it('groups findings of one rule and repository into one ticket', async () => {
    // WEB_SAST.sqli and WEB_SAST.fixedSqli are both the SQL injection rule in acme/web
    const outcome = await createTickets(transport, 'acme-corp', {
      type: 'sast',
      findingIds: [WEB_SAST.sqli, WEB_SAST.fixedSqli, WEB_SAST.md5],
      groupIssues: true,
      limit: 20
    })
    expect(outcome.succeeded.map(s => s.issueIds)).toEqual([
      [WEB_SAST.sqli, WEB_SAST.fixedSqli],
      [WEB_SAST.md5]
    ])
  })

  it('creates SCA tickets', async () => {
    const outcome = await createTickets(transport, 'acme-corp', {
      type: 'sca',
      findingIds: [WEB_SCA.lodash],
      groupIssues: true,
      limit: 5
    })
    expect(outcome.succeeded).toEqual([
      { issueIds: [WEB_SCA.lodash], ticketId: 1, url: `${TRACKER}/SEC-1`, externalSlug: 'SEC-1' }
    ])
    expect(emulator.state.tickets[0].issueType).toBe('sca')
  })

  it('explains a 400 with the ticket settings to check, without retrying', async () => {
    const error = await failure(
      createTickets(transport, 'acme-corp', { ...twoFindings, limit: 50 })
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.message).toBe(
      `POST ${TICKETS_PATH} failed with HTTP 400 Bad Request: Invalid value for 'limit': expected an integer between 1 and 20 (1 attempt). Hint: check ticket-limit and tracker-project-id, and that an issue tracker integration is set up`
    )
    expect(ticketRequests()).toBe(1)
  })
})

describe('ticket POST safety', () => {
  it('retries a 503 (not processed) and creates the tickets once', async () => {
    emulator.addFault({ kind: 'status', status: 503, path: TICKETS_PATH, times: 2 })
    const outcome = await createTickets(transport, 'acme-corp', twoFindings)
    expect(outcome.succeeded).toHaveLength(2)
    expect(emulator.requests.map(r => r.status)).toEqual([503, 503, 200])
    expect(sleeps).toEqual([375, 750])
    expect(emulator.state.tickets.map(t => t.issueIds)).toEqual([[WEB_SAST.sqli], [WEB_SAST.md5]])
  })

  it('retries a 429 after its Retry-After', async () => {
    emulator.addFault({
      kind: 'status',
      status: 429,
      path: TICKETS_PATH,
      headers: { 'retry-after': '4' }
    })
    const outcome = await createTickets(transport, 'acme-corp', twoFindings)
    expect(outcome.succeeded).toHaveLength(2)
    expect(sleeps).toEqual([4000])
    expect(emulator.state.tickets).toHaveLength(2)
  })

  it.each([500, 502, 504])('does not retry HTTP %i: the server may have acted', async status => {
    emulator.addFault({ kind: 'status', status, path: TICKETS_PATH, times: Infinity })
    const error = await failure(createTickets(transport, 'acme-corp', twoFindings))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, attempts: 1 })
    expect(error.message).toMatch(
      new RegExp(`^POST ${TICKETS_PATH} failed with HTTP ${status} .* \\(1 attempt\\)\\. Hint: `)
    )
    expect(ticketRequests()).toBe(1)
    expect(sleeps).toEqual([])
  })

  it('does not retry a connection cut after processing, and says it may have been processed', async () => {
    emulator.addFault({ kind: 'reset-after-processing', path: TICKETS_PATH })
    const error = await failure(createTickets(transport, 'acme-corp', twoFindings))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, attempts: 1 })
    expect(error.message).toBe(
      `POST ${TICKETS_PATH} failed: connection closed by the server before the response was complete (UND_ERR_SOCKET) after 1 attempt; the request was sent and may have been processed, so it was not retried`
    )
    expect(ticketRequests()).toBe(1)
    expect(sleeps).toEqual([])
    // the server did create them, exactly once
    expect(emulator.state.tickets.map(t => t.issueIds)).toEqual([[WEB_SAST.sqli], [WEB_SAST.md5]])
  })

  it('does not retry a connection reset before an answer either', async () => {
    emulator.addFault({ kind: 'reset', path: TICKETS_PATH })
    const error = await failure(createTickets(transport, 'acme-corp', twoFindings))
    expect(error).toMatchObject({ name: 'NetworkError', mayHaveBeenProcessed: true })
    expect(ticketRequests()).toBe(1)
    expect(emulator.state.tickets).toHaveLength(0)
  })

  it('does not retry a POST that timed out: the server may still create the tickets', async () => {
    await transport.close()
    transport = newTransport(300)
    emulator.addFault({ kind: 'delay', ms: 800, path: TICKETS_PATH, times: Infinity })
    const error = await failure(createTickets(transport, 'acme-corp', twoFindings))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'TIMEOUT', mayHaveBeenProcessed: true, attempts: 1 })
    expect(error.message).toBe(
      `POST ${TICKETS_PATH} failed: no complete response within 0.3 s (TIMEOUT) after 1 attempt; the request was sent and may have been processed, so it was not retried`
    )
    expect(sleeps).toEqual([])
    await waitUntil(() => emulator.state.tickets.length > 0)
    expect(ticketRequests()).toBe(1)
    expect(emulator.state.tickets).toHaveLength(2)
  })

  it('retries a POST whose connection was refused: it never reached the server', async () => {
    const url = emulator.url
    await transport.close()
    await emulator.close()
    transport = new Transport({
      baseUrl: url,
      token: 'x-token',
      timeoutMs: 2000,
      retry: defaultRetryPolicy(2),
      sleep: ms => {
        sleeps.push(ms)
        return Promise.resolve()
      },
      random: () => 0.5
    })
    const error = await failure(createTickets(transport, 'acme-corp', twoFindings))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ code: 'ECONNREFUSED', attempts: 3, mayHaveBeenProcessed: false })
    expect(sleeps).toEqual([375, 750])
    // afterEach closes the emulator again: harmless
  })
})
