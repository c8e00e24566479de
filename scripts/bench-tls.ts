/** The benchmark over HTTPS (`npm run bench -- --tls`): a certificate the clients are told to trust. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, fetch, type RequestInit, type Response } from 'undici'

export interface BenchTls {
  readonly keyFile: string
  /** Self-signed for 127.0.0.1: the CA the clients trust (NODE_EXTRA_CA_CERTS for children). */
  readonly certFile: string
  remove(): void
}

/** A fresh EC P-256 key and certificate for 127.0.0.1, in a directory of their own. */
export function makeBenchTls(): BenchTls {
  const dir = mkdtempSync(join(tmpdir(), 'findings-gate-bench-tls-'))
  const keyFile = join(dir, 'key.pem')
  const certFile = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', keyFile, '-out', certFile]
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] }
  )
  return { keyFile, certFile, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** undici's fetch, trusting the benchmark's certificate when there is one. */
export function fetchTrusting(
  tls: BenchTls | undefined
): (url: string, init?: RequestInit) => Promise<Response> {
  if (tls === undefined) return (url, init) => fetch(url, init)
  const dispatcher = new Agent({ connect: { ca: readFileSync(tls.certFile) } })
  return (url, init) => fetch(url, { ...init, dispatcher })
}
