/**
 * Network setups end to end: the bundled action (dist/index.js) against a TLS emulator whose
 * certificate comes from a private CA (made here with the `openssl` CLI), directly and through
 * an HTTP CONNECT proxy, as behind a corporate egress proxy with its own CA.
 *
 * The promises checked: NODE_EXTRA_CA_CERTS is honoured, and without it the failure says what
 * to set; HTTPS_PROXY is honoured (the API is reached through a CONNECT tunnel), and NO_PROXY
 * bypasses the proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAX_CONNECTIONS } from '../src/api/dispatcher.js'
import {
  requireBundle,
  errorLines,
  runAction,
  withEmulator,
  type ActionRun,
  type Emulator,
  RELAXED
} from './helpers/e2e.js'
import { stackFrames } from './helpers/e2e-inspect.js'
import {
  makeTestCertificates,
  PROXY_ONLY_HOST,
  startConnectProxy,
  type TestCertificates
} from './helpers/e2e-net.js'

requireBundle()

const FAST = { 'timeout-seconds': '2', 'max-retries': '1' }
/** Thresholds under which nothing on acme/web main blocks: a successful run exits 0. */

let certDir = ''
let certs: TestCertificates

beforeAll(async () => {
  certDir = await mkdtemp(join(tmpdir(), 'findings-gate-tls-'))
  certs = makeTestCertificates(certDir)
})
afterAll(async () => {
  await rm(certDir, { recursive: true, force: true })
})

function withTlsEmulator<T>(body: (emulator: Emulator) => Promise<T>): Promise<T> {
  return withEmulator({ tls: { key: certs.key, cert: certs.cert } }, body)
}

/** A complete, passing evaluation of acme/web main. */
function expectPassed(run: ActionRun, emulator: Emulator): void {
  expect(errorLines(run)).toEqual([])
  expect(run.exitCode).toBe(0)
  expect(run.outputs).toMatchObject({
    result: 'passed',
    'findings-count': '16',
    'new-count': '16',
    'blocking-count': '0',
    'deployment-slug': 'acme-corp'
  })
  expect(emulator.requests.length).toBeGreaterThanOrEqual(3)
  expect(emulator.requests.every(r => r.status === 200)).toBe(true)
  expect(stackFrames(run.stderr)).toEqual([])
}

describe('TLS with a private CA', () => {
  it('NODE_EXTRA_CA_CERTS set: the run succeeds over https', async () => {
    await withTlsEmulator(async emulator => {
      expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
      const run = await runAction(
        emulator,
        { ...FAST, ...RELAXED },
        {
          env: { NODE_EXTRA_CA_CERTS: certs.caFile }
        }
      )

      expectPassed(run, emulator)
      // The TLS connections opened at the start of the run carried every request.
      expect(emulator.connections.opened).toBe(MAX_CONNECTIONS)
    })
  })

  it('under a host name, the connections opened at the start carry every request', async () => {
    await withTlsEmulator(async emulator => {
      const run = await runAction(
        emulator,
        { ...FAST, ...RELAXED, 'base-url': emulator.url.replace('127.0.0.1', 'localhost') },
        { env: { NODE_EXTRA_CA_CERTS: certs.caFile } }
      )

      expectPassed(run, emulator)
      // Their TLS server name is the request's, so the pool hands them out: none opened besides.
      expect(emulator.connections.opened).toBe(MAX_CONNECTIONS)
    })
  })

  it('NODE_EXTRA_CA_CERTS not set: exit 1 with the TLS trust message, nothing reached the API', async () => {
    await withTlsEmulator(async emulator => {
      const run = await runAction(
        emulator,
        { ...FAST, ...RELAXED, 'max-retries': '0' },
        { env: { NODE_EXTRA_CA_CERTS: '' } }
      )

      expect(run.exitCode).toBe(1)
      const errors = errorLines(run)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(
        /^No verdict: GET \/api\/v1\/deployments failed: TLS certificate not trusted \(set NODE_EXTRA_CA_CERTS\) \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)\) after 1 attempt$/
      )
      expect(run.outputs.result).toBe('skipped')
      expect(emulator.requests).toEqual([])
      expect(stackFrames(run.stderr)).toEqual([])
    })
  })
})

describe('HTTPS_PROXY and NO_PROXY', () => {
  // The proxy rules are the Actions toolkit's: HTTPS_PROXY for https, NO_PROXY, loopback never
  // proxied. The API is addressed by a name only the proxy resolves.
  const viaProxy = (port: string): string => `https://${PROXY_ONLY_HOST}:${port}`

  it('HTTPS_PROXY set: every request goes through a CONNECT tunnel to the API host', async () => {
    const proxy = await startConnectProxy()
    try {
      await withTlsEmulator(async emulator => {
        const port = new URL(emulator.url).port
        const run = await runAction(
          emulator,
          { ...FAST, ...RELAXED, 'base-url': viaProxy(port) },
          { env: { NODE_EXTRA_CA_CERTS: certs.caFile, HTTPS_PROXY: proxy.url } }
        )

        expectPassed(run, emulator)
        expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1)
        expect(new Set(proxy.tunnels)).toEqual(new Set([`${PROXY_ONLY_HOST}:${port}`]))
        expect(proxy.plainRequests).toEqual([])
      })
    } finally {
      await proxy.close()
    }
  })

  it('HTTPS_PROXY set: the API goes through the proxy; the loopback SBOM download does not, and carries no credentials', async () => {
    const proxy = await startConnectProxy()
    const sbomDir = await mkdtemp(join(tmpdir(), 'findings-gate-sbom-'))
    try {
      await withEmulator(
        { tls: { key: certs.key, cert: certs.cert }, sbomPollsUntilDone: 0 },
        async emulator => {
          const port = new URL(emulator.url).port
          const run = await runAction(
            emulator,
            {
              ...FAST,
              ...RELAXED,
              'base-url': viaProxy(port),
              'sbom-export': 'true',
              'sbom-file': join(sbomDir, 'sbom.cdx.json')
            },
            {
              env: {
                NODE_EXTRA_CA_CERTS: certs.caFile,
                HTTPS_PROXY: proxy.url,
                HTTP_PROXY: proxy.url
              }
            }
          )

          expectPassed(run, emulator)
          expect(run.outputs['sbom-status']).toBe('completed')
          expect(new Set(proxy.tunnels)).toEqual(new Set([`${PROXY_ONLY_HOST}:${port}`]))
          expect(proxy.plainRequests).toEqual([])
          expect(emulator.downloads).toHaveLength(1)
          expect(emulator.downloads[0]?.status).toBe(200)
          expect(emulator.downloads[0]?.headers.authorization).toBeUndefined()
        }
      )
    } finally {
      await proxy.close()
      await rm(sbomDir, { recursive: true, force: true })
    }
  })

  it('a loopback base-url is never proxied, as in the toolkit', async () => {
    const proxy = await startConnectProxy()
    try {
      await withTlsEmulator(async emulator => {
        const port = new URL(emulator.url).port
        const run = await runAction(
          emulator,
          { ...FAST, ...RELAXED, 'base-url': `https://localhost:${port}` },
          { env: { NODE_EXTRA_CA_CERTS: certs.caFile, HTTPS_PROXY: proxy.url } }
        )

        expectPassed(run, emulator)
        expect(proxy.tunnels).toEqual([])
      })
    } finally {
      await proxy.close()
    }
  })

  it('NO_PROXY naming the API host bypasses the proxy: the name is then resolved locally, and fails', async () => {
    const proxy = await startConnectProxy()
    try {
      await withTlsEmulator(async emulator => {
        const port = new URL(emulator.url).port
        const run = await runAction(
          emulator,
          { ...FAST, ...RELAXED, 'max-retries': '0', 'base-url': viaProxy(port) },
          {
            env: {
              NODE_EXTRA_CA_CERTS: certs.caFile,
              HTTPS_PROXY: proxy.url,
              NO_PROXY: `.findings.test`
            }
          }
        )

        expect(run.exitCode).toBe(1)
        expect(proxy.tunnels).toEqual([])
        // The name that did not resolve is named: what a user checking NO_PROXY needs.
        expect(errorLines(run)[0]).toContain(
          `: ${PROXY_ONLY_HOST} (${errorLines(run)[0]?.includes('EAI_AGAIN') ? 'EAI_AGAIN' : 'ENOTFOUND'})`
        )
        expect(errorLines(run)[0]).toMatch(/failed: (host not found|DNS lookup failed): /)
        expect(emulator.requests).toEqual([])
      })
    } finally {
      await proxy.close()
    }
  })

  it('HTTPS_PROXY pointing at nothing: the run fails naming the connection error, not a crash', async () => {
    const proxy = await startConnectProxy()
    const deadProxy = proxy.url
    await proxy.close()
    await withTlsEmulator(async emulator => {
      const port = new URL(emulator.url).port
      const run = await runAction(
        emulator,
        { ...FAST, ...RELAXED, 'max-retries': '0', 'base-url': viaProxy(port) },
        { env: { NODE_EXTRA_CA_CERTS: certs.caFile, HTTPS_PROXY: deadProxy } }
      )

      expect(run.exitCode).toBe(1)
      const errors = errorLines(run)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toBe(
        // The refused address is the proxy's, which is what to check in HTTPS_PROXY.
        `No verdict: GET /api/v1/deployments failed: connection refused: 127.0.0.1:${new URL(deadProxy).port} (ECONNREFUSED) after 1 attempt`
      )
      expect(emulator.requests).toEqual([])
      expect(stackFrames(run.stderr)).toEqual([])
    })
  })
})
