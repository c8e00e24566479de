/**
 * Reliability end to end: the bundled action (dist/index.js) against an emulator that rate
 * limits, fails, resets, hangs, answers garbage and never ends its pagination.
 *
 * The promises checked: transient failures are retried per the policy (Retry-After honoured,
 * exponential backoff otherwise) and then succeed with the normal verdict; a failure that
 * outlasts the retries ends the step within a bounded time with exactly one `::error::` line
 * naming the request, the cause and the attempts, and no stack trace; a response that cannot be
 * trusted never produces a verdict; ticket creation is never duplicated and never fails the gate.
 */
import { describe, expect, it } from '@jest/globals'
import { sastFinding } from '../emulator/data/factories.js'
import type { Fault } from '../emulator/server.js'
import { renderSastFinding } from '../emulator/wire.js'
import {
  requireBundle,
  errorLines,
  runAction,
  warningLines,
  withEmulator,
  type ActionRun,
  type Emulator,
  RELAXED,
  NORMAL_OUTPUTS
} from './helpers/e2e.js'
import {
  commandLines,
  retryDelays,
  retryLines,
  stackFrames,
  timeRequests
} from './helpers/e2e-inspect.js'
import { startGateway } from './helpers/e2e-net.js'

requireBundle()

const DEPLOYMENTS = '/api/v1/deployments'
const FINDINGS = '/api/v1/deployments/acme-corp/findings'
const TICKETS = '/api/v1/deployments/acme-corp/tickets'

/** Short timeouts and few retries: every run here stays within a few seconds. */
const FAST = { 'timeout-seconds': '1', 'max-retries': '2' }
/** Thresholds under which nothing on acme/web main blocks (exit 0). */

/** The verdict of an undisturbed run on acme/web main with the default thresholds. */
function requestsTo(emulator: Emulator, path: string, method = 'GET') {
  return emulator.requests.filter(r => r.method === method && r.path === path)
}

/** The normal verdict: exit 1, the usual outputs, one `::error::` line for the 5 findings. */
function expectNormalVerdict(run: ActionRun): void {
  expect(run.exitCode).toBe(1)
  expect(run.outputs).toEqual(NORMAL_OUTPUTS)
  const errors = errorLines(run)
  expect(errors).toHaveLength(1)
  expect(errors[0]).toMatch(/^5 blocking findings: high /)
  expect(stackFrames(run.stderr)).toEqual([])
}

/** A failed run: exactly one `::error::` line (nothing else starting with `::error`), no verdict. */
function expectSingleError(run: ActionRun): string {
  expect(run.exitCode).toBe(1)
  const errors = errorLines(run)
  expect(errors).toHaveLength(1)
  expect(commandLines(run).filter(line => line.startsWith('::error'))).toHaveLength(1)
  expect(run.outputs.result).toBe('skipped')
  expect(run.outputs['blocking-count']).toBeUndefined()
  expect(stackFrames(run.stderr)).toEqual([])
  expect(stackFrames(run.stdout)).toEqual([])
  return errors[0] ?? ''
}

describe('429 Too Many Requests with Retry-After', () => {
  it('waits the Retry-After seconds, then succeeds with the normal verdict', async () => {
    await withEmulator({}, async emulator => {
      const timed = timeRequests(emulator)
      emulator.addFault({
        method: 'GET',
        path: FINDINGS,
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '1' }
      })
      const run = await runAction(emulator, FAST)

      expectNormalVerdict(run)
      expect(run.durationMs).toBeGreaterThanOrEqual(900)
      expect(retryLines(run, 'GET', FINDINGS)).toEqual([
        `GET ${FINDINGS}: HTTP 429; retry 1 of 2 in 1.0 s`
      ])
      // The retry of the limited request came at least a second after it.
      const limited = timed.find(t => t.request.path === FINDINGS && t.request.status === 429)
      expect(limited).toBeDefined()
      const type = limited?.request.query.issue_type?.[0]
      const retry = timed.find(
        t =>
          t.request.path === FINDINGS &&
          t.at >= (limited?.at ?? 0) &&
          t !== limited &&
          t.request.query.issue_type?.[0] === type &&
          t.request.query.status?.[0] === limited?.request.query.status?.[0] &&
          t.request.query.policies?.[0] === limited?.request.query.policies?.[0] &&
          t.request.query.page?.[0] === limited?.request.query.page?.[0]
      )
      expect(retry?.request.status).toBe(200)
      expect((retry?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(950)
      expect(requestsTo(emulator, FINDINGS).filter(r => r.status === 429)).toHaveLength(1)
    })
  })

  it('waits until an HTTP-date Retry-After, then succeeds with the normal verdict', async () => {
    await withEmulator({}, async emulator => {
      const timed = timeRequests(emulator)
      // HTTP-dates have whole seconds: the next whole second at least 2 s from now.
      const retryAt = Math.ceil((Date.now() + 2000) / 1000) * 1000
      emulator.addFault({
        method: 'GET',
        path: DEPLOYMENTS,
        kind: 'status',
        status: 429,
        headers: { 'retry-after': new Date(retryAt).toUTCString() }
      })
      const run = await runAction(emulator, FAST)

      expectNormalVerdict(run)
      expect(run.durationMs).toBeGreaterThanOrEqual(1000)
      const [first, second] = timed.filter(t => t.request.path === DEPLOYMENTS)
      expect(first?.request.status).toBe(429)
      expect(second?.request.status).toBe(200)
      const expectedWait = retryAt - (first?.at ?? 0)
      const gap = (second?.at ?? 0) - (first?.at ?? 0)
      expect(gap).toBeGreaterThanOrEqual(Math.max(1000, expectedWait - 150))
      const lines = retryLines(run, 'GET', DEPLOYMENTS)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^GET \/api\/v1\/deployments: HTTP 429; retry 1 of 2 in \d\.\d s$/)
      const [announced = NaN] = retryDelays(lines)
      expect(Math.abs(announced * 1000 - expectedWait)).toBeLessThanOrEqual(500)
    })
  })
})

interface ExhaustedCase {
  readonly name: string
  readonly fault: Omit<Fault, 'path' | 'times'>
  /** What the retry notices give as the reason. */
  readonly reason: RegExp
  /** The end of the `::error::` line after `GET <findings path> `. */
  readonly error: RegExp
  readonly status?: number
}

const HINT_5XX =
  'Hint: the service is failing: re-run later, or set on-api-error: warn to skip the gate'

const EXHAUSTED: readonly ExhaustedCase[] = [
  ...(
    [
      [500, 'Internal Server Error'],
      [502, 'Bad Gateway'],
      [503, 'Service Unavailable'],
      [504, 'Gateway Timeout']
    ] as const
  ).map(([status, text]) => ({
    name: `HTTP ${status}`,
    fault: { kind: 'status' as const, status },
    reason: new RegExp(`^HTTP ${status}$`),
    error: new RegExp(
      `^failed with HTTP ${status} ${text}: ${text} \\(3 attempts\\)\\. ${HINT_5XX.replace(/[.]/g, '\\.')}$`
    ),
    status
  })),
  {
    name: 'an HTML error page (HTTP 502)',
    fault: { kind: 'html', status: 502 },
    reason: /^HTTP 502$/,
    error: /^failed with HTTP 502 Bad Gateway: 502 Bad Gateway \(3 attempts\)\. Hint: /,
    status: 502
  },
  {
    name: 'a reset socket',
    fault: { kind: 'reset' },
    reason: /^UND_ERR_SOCKET$/,
    error:
      /^failed: connection closed by the server before the response was complete \(UND_ERR_SOCKET\) after 3 attempts$/
  },
  {
    name: 'a response that hangs past timeout-seconds',
    fault: { kind: 'delay', ms: 15_000 },
    reason: /^TIMEOUT$/,
    error: /^failed: no complete response within 1 s \(TIMEOUT\) after 3 attempts$/
  }
]

describe('failures that outlast the retries', () => {
  it.each(EXHAUSTED)(
    '$name: retried twice with backoff, then one ::error:: line and exit 1',
    async ({ fault, reason, error, status }) => {
      await withEmulator({}, async emulator => {
        // One request chain (one type, one status, no mode list), its first page failing: every
        // failed attempt is of the same request (the page after it, asked for with it, answers).
        emulator.addFault({
          ...fault,
          method: 'GET',
          path: FINDINGS,
          query: { page: '0' },
          times: Infinity
        })
        const run = await runAction(emulator, {
          ...FAST,
          'issue-types': 'sast',
          status: 'reviewing',
          'fail-on-policy-mode': 'none'
        })

        const message = expectSingleError(run)
        const prefix = `No verdict: GET ${FINDINGS} `
        expect(message.startsWith(prefix)).toBe(true)
        expect(message.slice(prefix.length)).toMatch(error)
        expect(message).not.toContain('<')
        // 3 attempts = 1 + max-retries, none more.
        const attempts = requestsTo(emulator, FINDINGS).filter(r => r.query.page?.[0] === '0')
        expect(attempts).toHaveLength(3)
        if (status !== undefined)
          expect(attempts.map(r => r.status)).toEqual([status, status, status])
        // Two retry notices with exponential backoff and full jitter: 0.25-0.5 s, then 0.5-1 s.
        const lines = retryLines(run, 'GET', FINDINGS)
        expect(lines).toHaveLength(2)
        lines.forEach((line, i) => {
          const match = /^GET \S+: (.+); retry (\d) of 2 in \d+\.\d s$/.exec(line)
          expect(match?.[1]).toMatch(reason)
          expect(match?.[2]).toBe(String(i + 1))
        })
        const [first = NaN, second = NaN] = retryDelays(lines)
        expect(first).toBeGreaterThanOrEqual(0.2)
        expect(first).toBeLessThanOrEqual(0.5)
        expect(second).toBeGreaterThanOrEqual(0.5)
        expect(second).toBeLessThanOrEqual(1.0)
        expect(run.durationMs).toBeLessThan(fault.kind === 'delay' ? 9000 : 6000)
      })
    },
    30_000
  )
})

describe('200 responses that cannot be trusted', () => {
  const urgent = {
    ...renderSastFinding(sastFinding({ id: 7_900_001, severity: 'high' }), 'live'),
    severity: 'urgent'
  }
  const UNTRUSTED: readonly { name: string; fault: Fault; problem: RegExp }[] = [
    {
      name: 'truncated JSON',
      fault: { kind: 'malformed' },
      problem: /^body: not valid JSON \(Unterminated string in JSON at position \d+.*\)$/
    },
    {
      name: 'an HTML page',
      fault: { kind: 'html', status: 200 },
      problem: /^body: not valid JSON \(Unexpected token '<', .*is not valid JSON\)$/
    },
    {
      name: 'a finding with severity "urgent"',
      fault: { kind: 'json', body: { findings: [urgent] } },
      problem:
        /^findings\[0\]\.severity: expected one of low, medium, high, critical \(got "urgent"\)$/
    },
    ...(
      [
        [{}, 'got an empty object'],
        [{ findings: null }, 'findings is null'],
        [{ error: 'upstream overloaded' }, 'got an object with keys "error"'],
        [{ data: { findings: [urgent] } }, 'got an object with keys "data"']
      ] as const
    ).map(([body, got]) => ({
      name: `a 200 of ${JSON.stringify(body).slice(0, 40)}`,
      fault: { kind: 'json', body } satisfies Fault,
      problem: new RegExp(
        `^findings: expected the list of sast findings \\("findings" or "sastFindings\\.findings"\\); ${got}$`
      )
    }))
  ]
  it.each(UNTRUSTED)(
    '$name: exit 1 naming the endpoint and the field, no verdict',
    async ({ fault, problem }) => {
      await withEmulator({}, async emulator => {
        emulator.addFault({ ...fault, method: 'GET', path: FINDINGS, times: Infinity })
        const run = await runAction(emulator, { ...FAST, 'issue-types': 'sast' })

        const message = expectSingleError(run)
        const prefix = `No verdict: GET ${FINDINGS} returned an unexpected response: `
        expect(message.startsWith(prefix)).toBe(true)
        expect(message.slice(prefix.length)).toMatch(problem)
        expect(run.outputs.result).not.toBe('passed')
        expect(commandLines(run).filter(line => line.startsWith('::error title='))).toEqual([])
      })
    }
  )
})

describe('authentication and addressing errors', () => {
  it('401: not retried, the hint names api-token', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, { ...FAST, 'api-token': 'fg-revoked-token' })

      expect(expectSingleError(run)).toBe(
        `No verdict: GET ${DEPLOYMENTS} failed with HTTP 401 Unauthorized: Invalid API token (1 attempt). Hint: check api-token: the token is missing, invalid or revoked`
      )
      expect(emulator.requests.map(r => `${r.method} ${r.path} ${r.status}`)).toEqual([
        `GET ${DEPLOYMENTS} 401`
      ])
    })
  })

  it('403: not retried, the hint names Web API access', async () => {
    await withEmulator({}, async emulator => {
      emulator.addFault({ path: DEPLOYMENTS, kind: 'status', status: 403, times: Infinity })
      const run = await runAction(emulator, FAST)

      expect(expectSingleError(run)).toBe(
        `No verdict: GET ${DEPLOYMENTS} failed with HTTP 403 Forbidden: Forbidden (1 attempt). Hint: the token lacks Web API access (enable "Web API" on the token in Settings > Tokens) or cannot access this deployment`
      )
      expect(requestsTo(emulator, DEPLOYMENTS)).toHaveLength(1)
    })
  })

  it('a mistyped deployment-slug next to a deployment-id: the error names the slug of that id', async () => {
    await withEmulator({}, async emulator => {
      const run = await runAction(emulator, {
        ...FAST,
        'deployment-slug': 'acme-typo',
        'deployment-id': '4242',
        status: 'open'
      })

      // The findings of acme-typo answer 404 too, but the check of the two keys is what is reported.
      expect(expectSingleError(run)).toBe(
        'No verdict: deployment-slug "acme-typo" does not match deployment-id "4242": the api-token sees no deployment acme-typo, and id 4242 is acme-corp; set deployment-slug to acme-corp or leave it empty'
      )
      expect(requestsTo(emulator, DEPLOYMENTS)).toHaveLength(1)
    })
  })
})

describe('a server that caps page_size silently', () => {
  it('at 1000: the bundled action still judges every finding, as an uncapped server gives them', async () => {
    const bulk = { repository: 'acme/web', ref: 'refs/heads/main', sast: 2500, sca: 0 }
    // One status, so one request chain: the page sizes below are those of one list.
    const inputs = { ...FAST, 'issue-types': 'sast', status: 'open' }
    const uncapped = await withEmulator({ bulk }, emulator => runAction(emulator, inputs))
    await withEmulator({ bulk, findingsPageSizeCap: 1000 }, async emulator => {
      const run = await runAction(emulator, inputs)

      expect(Number(run.outputs['findings-count'])).toBeGreaterThan(2500)
      expect(run.outputs).toEqual(uncapped.outputs)
      // Every page asked for at 3000; the capped pages of 1000 do not end the list, only the
      // empty page after them does: pages 0 to 2 hold 1000, 1000 and 510, page 3 none. The count
      // (2,510) planned pages 0 and 1; each page shorter than asked then asks for the next one.
      const sent = requestsTo(emulator, FINDINGS).map(
        r => `${r.query.page?.[0]}:${r.query.page_size?.[0]}`
      )
      expect(sent.every(page => page.endsWith(':3000'))).toBe(true)
      expect([...new Set(sent.map(page => Number(page.split(':')[0])))].sort()).toEqual([
        0, 1, 2, 3
      ])
    })
  }, 30_000)
})

describe('pagination that never ends', () => {
  it('findings: the same full page of 3000 again and again → the repeated-page error', async () => {
    await withEmulator({}, async emulator => {
      const page = Array.from({ length: 3000 }, (_, i) => ({
        id: 7_800_000 + i,
        severity: 'low',
        status: 'open',
        ref: 'refs/heads/main',
        rule_name: 'acme.rule',
        repository: { name: 'acme/web' }
      }))
      emulator.addFault({
        method: 'GET',
        path: FINDINGS,
        kind: 'json',
        body: { findings: page },
        times: Infinity
      })
      const run = await runAction(emulator, { ...FAST, 'issue-types': 'sast' })

      expect(expectSingleError(run)).toBe(
        `No verdict: GET ${FINDINGS} pagination did not end: page 1 repeated the items of earlier pages (the server seems to ignore "page"); stopped to avoid an endless loop`
      )
      // Each of the three status chains: the pages its plan asked for with page 0, and at most a
      // window of four more, until page 1 showed the repetition; never an endless loop.
      const pages = requestsTo(emulator, FINDINGS).map(r => Number(r.query.page?.[0]))
      expect(pages).toContain(0)
      expect(pages.length).toBeGreaterThanOrEqual(2)
      expect(pages.length).toBeLessThanOrEqual(3 * (1 + 12))
      expect(run.durationMs).toBeLessThan(10_000)
    })
  })

  it('a mode list whose pages repeat → no verdict naming the mode list, never its end', async () => {
    await withEmulator({}, async emulator => {
      const page = [renderSastFinding(sastFinding({ id: 99_000_001 }), 'live')]
      emulator.addFault({
        method: 'GET',
        path: FINDINGS,
        query: { policies: 'rule-board-block' },
        kind: 'json',
        body: { findings: page },
        times: Infinity
      })
      const run = await runAction(emulator, FAST)

      expect(expectSingleError(run)).toBe(
        `No verdict: the block-mode list of open Code findings could not be read, so fail-on-policy-mode cannot be judged: GET ${FINDINGS} pagination did not end: page 1 repeated the items of earlier pages (the server seems to ignore "page"); stopped to avoid an endless loop. Set fail-on-policy-mode: none to gate without policy modes`
      )
      // The retired v1 endpoints are never asked.
      expect(emulator.requests.filter(r => r.path.includes('/policies'))).toEqual([])
    })
  })
})

describe('on-api-error: warn', () => {
  it('every retry exhausted → exit 0, result skipped, one warning and no error', async () => {
    await withEmulator({}, async emulator => {
      emulator.addFault({
        method: 'GET',
        path: FINDINGS,
        kind: 'status',
        status: 503,
        times: Infinity
      })
      const run = await runAction(emulator, {
        ...FAST,
        'max-retries': '1',
        'on-api-error': 'warn'
      })

      expect(run.exitCode).toBe(0)
      expect(run.outputs.result).toBe('skipped')
      expect(run.outputs['blocking-count']).toBeUndefined()
      expect(warningLines(run)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^No verdict \\(on-api-error: warn, the step passes\\): GET ${FINDINGS} failed with HTTP 503 Service Unavailable: Service Unavailable \\(2 attempts\\)`
          )
        )
      ])
      expect(commandLines(run).filter(line => line.startsWith('::error'))).toEqual([])
      expect(stackFrames(run.stderr)).toEqual([])
      expect(run.summary).toContain('## ⚠️ Findings Gate: no verdict\n')
    })
  })
})

describe('tickets under faults', () => {
  const TICKET_INPUTS = {
    ...FAST,
    ...RELAXED,
    'issue-types': 'sast',
    'create-tickets': 'true',
    'ticket-findings': 'all'
  }

  it('a 503 on the ticket POST is retried once and the tickets are created exactly once', async () => {
    await withEmulator({}, async emulator => {
      emulator.addFault({ method: 'POST', path: TICKETS, kind: 'status', status: 503 })
      const run = await runAction(emulator, TICKET_INPUTS)

      expect(run.exitCode).toBe(0)
      expect(run.outputs.result).toBe('passed')
      const posts = requestsTo(emulator, TICKETS, 'POST')
      expect(posts.map(p => p.status)).toEqual([503, 200])
      expect(posts[1]?.body).toEqual(posts[0]?.body)
      expect(retryLines(run, 'POST', TICKETS)).toEqual([
        expect.stringMatching(/^POST \S+: HTTP 503; retry 1 of 2 in \d\.\d s$/)
      ])
      const tickets = emulator.state.tickets
      expect(tickets.length).toBeGreaterThan(0)
      expect(run.outputs['tickets-created']).toBe(String(tickets.length))
      expect(JSON.parse(run.outputs['ticket-urls'] ?? '[]')).toEqual(tickets.map(t => t.url))
      // No finding got two tickets.
      const ticketed = tickets.flatMap(t => t.issueIds)
      expect(new Set(ticketed).size).toBe(ticketed.length)
      expect(warningLines(run)).toEqual([])
      expect(errorLines(run)).toEqual([])
    })
  })

  it.each([
    { gate: 'passing', inputs: TICKET_INPUTS },
    {
      gate: 'failing',
      inputs: { ...FAST, 'issue-types': 'sast', 'create-tickets': 'true' }
    }
  ])(
    'reset-after-processing on the ticket POST ($gate gate): not retried, "may have been created", exit code of the gate alone',
    async ({ inputs }) => {
      await withEmulator({}, async emulator => {
        const {
          'create-tickets': _tickets,
          'ticket-findings': _which,
          ...gateOnly
        } = inputs as Record<string, string>
        const alone = await runAction(emulator, gateOnly)
        expect(emulator.state.tickets).toHaveLength(0)

        emulator.requests.length = 0
        emulator.addFault({ method: 'POST', path: TICKETS, kind: 'reset-after-processing' })
        const run = await runAction(emulator, inputs)

        expect(run.exitCode).toBe(alone.exitCode)
        expect(run.outputs.result).toBe(alone.outputs.result)
        expect(run.outputs['blocking-count']).toBe(alone.outputs['blocking-count'])
        expect(errorLines(run)).toEqual(errorLines(alone))
        // Exactly one POST: the server acted on it, so a retry could duplicate the tickets.
        expect(requestsTo(emulator, TICKETS, 'POST')).toHaveLength(1)
        expect(retryLines(run, 'POST', TICKETS)).toEqual([])
        expect(emulator.state.tickets.length).toBeGreaterThan(0)
        expect(run.outputs['tickets-created']).toBe('0')
        const warnings = warningLines(run)
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toMatch(
          /^Tickets for Code findings [\d, ]+ may have been created \(no answer came back\); check the tracker before re-running: POST \/api\/v1\/deployments\/acme-corp\/tickets failed: .+ after 1 attempt; the request was sent and may have been processed, so it was not retried$/
        )
        expect(stackFrames(run.stderr)).toEqual([])
      })
    }
  )

  // Regression: a 5xx other than 503 after the POST may come after the tickets were created; the warning must say so.
  it('a 504 from a gateway after the tickets were created: the warning says they may have been created', async () => {
    await withEmulator({}, async emulator => {
      const gateway = await startGateway(emulator.url, (method, path) =>
        method === 'POST' && path === TICKETS
          ? { status: 504, body: '<html><head><title>504 Gateway Time-out</title></head></html>' }
          : undefined
      )
      try {
        const run = await runAction(emulator, { ...TICKET_INPUTS, 'base-url': gateway.url })

        expect(run.exitCode).toBe(0)
        expect(run.outputs.result).toBe('passed')
        // Not retried (a 504 does not prove the POST was not processed) ...
        expect(requestsTo(emulator, TICKETS, 'POST')).toHaveLength(1)
        // ... and the backend did create the tickets.
        expect(emulator.state.tickets.length).toBeGreaterThan(0)
        const warnings = warningLines(run)
        expect(warnings).toHaveLength(1)
        expect(warnings[0]).toContain('HTTP 504 Gateway Timeout')
        expect(warnings[0]).not.toContain('were not created')
        expect(warnings[0]).toContain('may have been created')
      } finally {
        await gateway.close()
      }
    })
  })
})
