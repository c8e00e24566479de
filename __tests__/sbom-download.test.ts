/**
 * The SBOM download from its signed URL, over HTTP: what fetch did for it before (content codings
 * undone, redirects followed) still happens, a failure leaves no file, and no credentials go out.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { downloadSbom, DownloadPools } from '../src/effects/sbom-download.js'
import { failure } from './helpers/failure.js'

const SBOM = JSON.stringify({ bomFormat: 'CycloneDX', components: [{ name: 'lodash' }] })

let server: http.Server
let base: string
let dir: string
const received: http.IncomingHttpHeaders[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(req.headers)
    if (req.url === '/gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      res.end(gzipSync(SBOM))
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/plain' }).end()
    } else if (req.url === '/empty') {
      res.writeHead(204).end()
    } else if (req.url === '/plain') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(SBOM)
    } else {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('storage unavailable')
    }
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = await mkdtemp(join(tmpdir(), 'fg-sbom-download-'))
})

afterAll(async () => {
  await new Promise(resolve => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

describe('downloadSbom', () => {
  it('a gzip-encoded SBOM is saved decoded, asked for with no Authorization', async () => {
    received.length = 0
    const file = join(dir, 'gzip', 'acme-web.json')
    await downloadSbom(`${base}/gzip`, file, 5000)
    expect(await readFile(file, 'utf8')).toBe(SBOM)
    expect(received).toHaveLength(1)
    expect(received[0]?.authorization).toBeUndefined()
    expect(received[0]?.['accept-encoding']).toBe('gzip, deflate')
  })

  it('a redirect is followed, through a run-wide pool', async () => {
    received.length = 0
    const pools = new DownloadPools()
    const file = join(dir, 'moved.json')
    try {
      await downloadSbom(`${base}/moved`, file, 5000, pools)
    } finally {
      await pools.close()
    }
    expect(await readFile(file, 'utf8')).toBe(SBOM)
    expect(received).toHaveLength(2)
  })

  it.each([
    ['an error answer', 'broken', 500],
    ['an answer without a body', 'empty', 204]
  ])('%s fails with its status and leaves no file, partial or whole', async (_, name, status) => {
    const folder = join(dir, name)
    await mkdir(folder)
    const file = join(folder, `${name}.json`)
    const error = await failure(downloadSbom(`${base}/${name}`, file, 5000))
    expect(error.message).toBe(`the signed SBOM download URL answered HTTP ${status}`)
    expect(existsSync(file)).toBe(false)
    expect(await readdir(folder)).toEqual([])
  })

  it('two downloads to one path each write their own temporary file, and leave none', async () => {
    // With one shared `.partial` file, the second rename found it gone (ENOENT).
    const folder = join(dir, 'together')
    const file = join(folder, 'sbom.json')
    await Promise.all([
      downloadSbom(`${base}/plain`, file, 5000),
      downloadSbom(`${base}/gzip`, file, 5000)
    ])
    expect(await readFile(file, 'utf8')).toBe(SBOM)
    expect(await readdir(folder)).toEqual(['sbom.json'])
  })
})
