/**
 * Local network fixtures for the end-to-end suites, all on 127.0.0.1: a throw-away certificate
 * authority (made with the `openssl` CLI), an HTTP CONNECT proxy that records its tunnels, and a
 * reverse proxy that can replace the upstream's answer. The fake GitHub API is in fake-github.ts.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

export interface TestCertificates {
  /** PEM file of the CA, for NODE_EXTRA_CA_CERTS. */
  readonly caFile: string
  /** Server key and certificate (SAN localhost, the proxy-only host and 127.0.0.1), signed by the CA. */
  readonly key: string
  readonly cert: string
}

/**
 * A host name no resolver knows: only the test proxy maps it (to 127.0.0.1), so a request that
 * reaches the API under this name provably went through the proxy.
 */
export const PROXY_ONLY_HOST = 'api.findings.test'

/** A CA and a server certificate for localhost / the proxy-only host / 127.0.0.1, valid a day. */
export function makeTestCertificates(dir: string): TestCertificates {
  const file = (name: string): string => join(dir, name)
  const openssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] })
  }
  const ecKey = (path: string): void =>
    openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', path)
  ecKey(file('ca.key'))
  openssl(
    'req',
    '-x509',
    '-new',
    '-key',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Findings Gate Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign'
  )
  ecKey(file('server.key'))
  openssl(
    'req',
    '-new',
    '-key',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=localhost'
  )
  writeFileSync(
    file('server.ext'),
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=DNS:localhost,DNS:${PROXY_ONLY_HOST},IP:127.0.0.1`
    ].join('\n') + '\n'
  )
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('server.ext')
  )
  return {
    caFile: file('ca.pem'),
    key: readFileSync(file('server.key'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8')
  }
}

export interface ConnectProxy {
  readonly url: string
  /** `host:port` of every CONNECT, in order. */
  readonly tunnels: string[]
  /** Absolute-form (non-CONNECT) requests, which this proxy refuses. */
  readonly plainRequests: string[]
  close(): Promise<void>
}

/**
 * An HTTP proxy that only tunnels (CONNECT), like a corporate egress proxy in front of an HTTPS
 * API. It resolves PROXY_ONLY_HOST (and loopback names) to 127.0.0.1 itself.
 */
export async function startConnectProxy(): Promise<ConnectProxy> {
  const tunnels: string[] = []
  const plainRequests: string[] = []
  const sockets = new Set<net.Socket>()
  const server = http.createServer((req, res) => {
    plainRequests.push(`${req.method ?? ''} ${req.url ?? ''}`)
    res.writeHead(502, { 'content-type': 'text/plain' }).end('this proxy only tunnels\n')
  })
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? ''
    tunnels.push(target)
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    const match = /^(localhost|127\.0\.0\.1|\[::1\]|api\.findings\.test):(\d+)$/.exec(target)
    if (!match) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    const upstream = net.connect(Number(match[2]), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => {
      sockets.delete(upstream)
      client.destroy()
    })
    upstream.on('error', () => {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
    })
    client.on('close', () => upstream.destroy())
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    plainRequests,
    close: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

export interface GatewayAnswer {
  readonly status: number
  readonly body: string
  readonly contentType?: string
}

export interface Gateway {
  readonly url: string
  close(): Promise<void>
}

/**
 * A reverse proxy in front of `upstream` (like nginx or a load balancer). Every request is
 * forwarded; when `replace` returns an answer for it, the upstream's response is read and
 * thrown away and that answer is sent instead: a gateway timing out after the backend acted.
 */
export async function startGateway(
  upstream: string,
  replace: (method: string, path: string) => GatewayAnswer | undefined
): Promise<Gateway> {
  const target = new URL(upstream)
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://gateway.invalid').pathname
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: req.url,
        headers: { ...req.headers, host: target.host }
      },
      response => {
        const answer = replace(method, path)
        if (answer === undefined) {
          res.writeHead(response.statusCode ?? 502, response.headers)
          response.pipe(res)
          return
        }
        response.resume()
        response.on('end', () => {
          res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/html' })
          res.end(answer.body)
        })
      }
    )
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end('bad gateway\n')
    })
    req.pipe(forward)
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
