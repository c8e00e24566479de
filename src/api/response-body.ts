/**
 * A response body as undici's `request` hands it over (a Node Readable of the bytes on the wire),
 * made into what `fetch` would give: content codings undone, text decoded as UTF-8, headers read as
 * one value each. `fetch` would do this through WHATWG streams, which copy every chunk of the large
 * findings pages; this reads the chunks as they come and joins them once.
 */
import { finished, pipeline, Transform, type Readable, type TransformCallback } from 'node:stream'
import zlib from 'node:zlib'

/**
 * What the client asks servers to compress with: fetch's own choice, kept so that a large page
 * still crosses a slow network compressed (brotli only over TLS, as fetch asks for it).
 */
export function acceptEncoding(url: URL): string {
  return url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate'
}

/** One value per header, as fetch's `headers.get` gives it: repeated headers joined by ", ". */
export function headerValue(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string
): string | null {
  const value = headers[name]
  if (value === undefined) return null
  return typeof value === 'string' ? value : value.join(', ')
}

/** Statuses that have no body (RFC 9110): never decoded, whatever Content-Encoding says. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304])

/** More codings than this is an attack on the decoder, not a response (fetch's limit too). */
const MAX_CONTENT_CODINGS = 5

/**
 * Lenient like fetch and curl: a server that ends its stream without the final flush marker
 * still has its body read, rather than failed on the last bytes.
 */
const ZLIB_LENIENT: zlib.ZlibOptions = {
  flush: zlib.constants.Z_SYNC_FLUSH,
  finishFlush: zlib.constants.Z_SYNC_FLUSH
}
const BROTLI_LENIENT: zlib.BrotliOptions = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH
}

/**
 * The body with its content codings undone, outermost last, the way fetch decodes: gzip, deflate
 * and br are decoded; a coding it does not know leaves the bytes as they came. Errors of the body
 * or of a decoder reach whoever reads the returned stream, and destroying it destroys the body
 * (and so its connection). Throws for more than five codings.
 */
export function decodedBody(
  status: number,
  contentEncoding: string | null,
  body: Readable
): Readable {
  if (contentEncoding === null || NULL_BODY_STATUSES.has(status)) return body
  const codings = contentEncoding.toLowerCase().split(',')
  if (codings.length > MAX_CONTENT_CODINGS) {
    throw new Error(
      `too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CONTENT_CODINGS}`
    )
  }
  const decoders: Transform[] = []
  for (const coding of codings.reverse().map(name => name.trim())) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(zlib.createGunzip(ZLIB_LENIENT))
    else if (coding === 'deflate') decoders.push(new Inflate())
    else if (coding === 'br') decoders.push(zlib.createBrotliDecompress(BROTLI_LENIENT))
    else return body
  }
  const last = decoders.at(-1)
  if (last === undefined) return body
  // The callback is required but has nothing to do: every error also destroys `last`.
  pipeline([body, ...decoders], () => {})
  return last
}

/**
 * "deflate" is zlib-wrapped by the standard, but some servers send a raw deflate stream under the
 * name: which one it is shows in the first byte, as browsers and fetch tell them apart.
 */
class Inflate extends Transform {
  private inner: zlib.Inflate | zlib.InflateRaw | undefined

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.inner === undefined) {
      if (chunk.length === 0) {
        done()
        return
      }
      const zlibWrapped = ((chunk[0] ?? 0) & 0x0f) === 0x08
      const inner = zlibWrapped
        ? zlib.createInflate(ZLIB_LENIENT)
        : zlib.createInflateRaw(ZLIB_LENIENT)
      inner.on('data', (data: Buffer) => this.push(data))
      inner.on('error', error => this.destroy(error))
      this.inner = inner
    }
    this.inner.write(chunk, () => done())
  }

  override _flush(done: TransformCallback): void {
    if (this.inner === undefined) {
      done()
      return
    }
    // Ends this stream only once the inflater has handed over its last bytes.
    this.inner.once('end', () => done())
    this.inner.end()
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.inner?.destroy()
    done(error)
  }
}

const UTF8 = new TextDecoder('utf-8')

/**
 * Every byte of the body, joined once it has ended. Read from 'data' events: a findings page comes
 * in about 70 chunks, and async iteration would cost a chain of promises per chunk.
 */
export function readBytes(body: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    body.on('data', (chunk: Buffer) => parts.push(chunk))
    finished(body, error => (error ? reject(error) : resolve(Buffer.concat(parts))))
  })
}

/** The whole body as text, decoded as fetch's `text()` does: UTF-8, a byte-order mark dropped. */
export async function readText(body: Readable): Promise<string> {
  return UTF8.decode(await readBytes(body))
}

/**
 * Lets go of a body that will not be read (further). The HTTP client keeps the connection busy, and
 * the request's abort listener attached, until its body has ended or been destroyed; destroying an
 * unfinished one closes the connection, which is cheaper than reading megabytes nobody wants.
 */
export function discard(body: Readable): void {
  if (body.destroyed) return
  // Destroying an unfinished body makes it emit an abort error that nobody is listening for.
  body.on('error', () => {})
  body.destroy()
}
