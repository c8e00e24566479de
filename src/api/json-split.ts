/**
 * Splits a JSON document, fed as byte chunks while it downloads, into the elements of the arrays
 * at given key paths (`["findings"]`, `["sastFindings", "findings"]`). Each element is handed over
 * as its own small text the moment its last byte arrives, so a 3000-finding page is never held as
 * one string or one object graph: every element's objects die young, where garbage is cheap, and
 * the raw page is gone as soon as it has been read. What is left (the envelope, with those arrays
 * emptied) is returned by `end()` for the caller to validate like any other response.
 *
 * Only the bytes outside the elements are parsed structurally here; each element is checked by
 * `JSON.parse` in the caller and the envelope by `JSON.parse` in `end()`, so malformed input of
 * any kind ends in an error, never in a silently shorter list.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c

export class JsonSplitError extends Error {
  override readonly name = 'JsonSplitError'
}

export type ElementHandler = (text: string, path: readonly string[]) => void

interface Frame {
  readonly array: boolean
  /** The path of object keys from the root, up to and including this container's key. */
  readonly path: readonly string[]
  /** Object frames: the key of the value being read, once known. */
  key?: string
  /** Object frames: the next string is a key. */
  expectKey: boolean
}

type Between = 'first' | 'after-element' | 'after-comma'

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)
}

export class JsonArraySplitter {
  private readonly targets: readonly string[]
  private readonly stack: Frame[] = []
  private readonly skeleton: Buffer[] = []
  private bytesRead = 0

  private inString = false
  private escaped = false
  /** Bytes of a key string that spans chunks (keys are short; elements are not kept here). */
  private keyParts: Buffer[] | undefined
  private keyStart = -1

  /** The target array being split, while inside it. */
  private target: Frame | undefined
  private between: Between = 'first'
  private inElement = false
  private depth = 0
  private elementParts: Buffer[] = []
  private elementStart = -1

  /** Per chunk: where the next backslash is, so strings are skipped with indexOf, not per byte. */
  private nextBackslash = -1

  constructor(
    paths: readonly (readonly string[])[],
    private readonly onElement: ElementHandler
  ) {
    this.targets = paths.map(path => path.join('\u0000'))
  }

  write(chunk: Uint8Array): void {
    const buf = asBuffer(chunk)
    this.nextBackslash = -1
    let skeletonFrom = this.target ? -1 : 0
    if (this.inElement) this.elementStart = 0
    if (this.keyParts) this.keyStart = 0
    const n = buf.length
    let i = 0
    while (i < n) {
      if (this.inString) {
        i = this.skipString(buf, i)
        if (!this.inString && this.keyStart >= 0) this.finishKey(buf, i)
        continue
      }
      const byte = buf[i]
      if (this.inElement) {
        if (byte === QUOTE) {
          this.inString = true
        } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
          this.depth++
        } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || byte === COMMA) {
          if (this.depth > 0) {
            if (byte !== COMMA) this.depth--
          } else {
            this.finishElement(buf, i)
            continue // the delimiter is read again, between elements
          }
        }
        i++
      } else if (this.target) {
        if (byte === CLOSE_ARRAY) {
          if (this.between === 'after-comma') this.fail(i, 'a comma before "]"')
          this.target = undefined
          this.stack.pop()
          skeletonFrom = i
          this.afterValue()
        } else if (byte === COMMA) {
          if (this.between !== 'after-element') this.fail(i, 'a misplaced comma')
          this.between = 'after-comma'
        } else if (!isWhitespace(byte)) {
          if (this.between === 'after-element') this.fail(i, 'a missing comma')
          this.inElement = true
          this.depth = 0
          this.elementStart = i
          continue // the element's first byte is read in element mode
        }
        i++
      } else {
        this.structure(buf, i, byte)
        if (this.target) {
          // The array just opened is split: its "[" stays in the skeleton, its content does not.
          this.skeleton.push(Buffer.from(buf.subarray(skeletonFrom, i + 1)))
          skeletonFrom = -1
        }
        i++
      }
    }
    this.bytesRead += n
    if (skeletonFrom >= 0 && skeletonFrom < n) {
      this.skeleton.push(Buffer.from(buf.subarray(skeletonFrom, n)))
    }
    if (this.inElement) this.elementParts.push(Buffer.from(buf.subarray(this.elementStart, n)))
    if (this.inString && this.keyStart >= 0) {
      this.keyParts ??= []
      this.keyParts.push(Buffer.from(buf.subarray(this.keyStart, n)))
    }
  }

  /** The envelope with the split arrays emptied; throws if the document is not complete JSON. */
  end(): unknown {
    const where = this.inString
      ? 'a string'
      : this.inElement || this.target
        ? 'a list'
        : this.stack.length > 0
          ? this.stack[this.stack.length - 1]?.array
            ? 'an array'
            : 'an object'
          : undefined
    if (where !== undefined) {
      throw new JsonSplitError(`the body ends after ${this.bytesRead} bytes, inside ${where}`)
    }
    const text = Buffer.concat(this.skeleton).toString('utf8')
    try {
      // A byte-order mark is dropped, as response.text() does.
      return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown
    } catch (error) {
      throw new JsonSplitError(error instanceof Error ? error.message : String(error))
    }
  }

  /** From inside a string at `i`: the index after its closing quote, or `n` if it goes on. */
  private skipString(buf: Buffer, from: number): number {
    const n = buf.length
    let i = from
    if (this.escaped) {
      this.escaped = false
      i++
    }
    for (;;) {
      if (i >= n) return n
      if (this.nextBackslash !== n && this.nextBackslash < i) {
        const found = buf.indexOf(BACKSLASH, i)
        this.nextBackslash = found === -1 ? n : found
      }
      const quote = buf.indexOf(QUOTE, i)
      if (this.nextBackslash < n && (quote === -1 || this.nextBackslash < quote)) {
        // An escape: the byte after the backslash, perhaps in the next chunk, is not a delimiter.
        if (this.nextBackslash + 1 >= n) {
          this.escaped = true
          return n
        }
        i = this.nextBackslash + 2
        continue
      }
      if (quote === -1) return n
      this.inString = false
      return quote + 1
    }
  }

  /** A byte outside every split array: track containers and keys to know where we are. */
  private structure(buf: Buffer, i: number, byte: number): void {
    const top = this.stack[this.stack.length - 1]
    if (byte === QUOTE) {
      this.inString = true
      if (top && !top.array && top.expectKey) this.keyStart = i
      else this.afterValue()
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      // Inside an array the path gets a "[]" step: only object keys from the root can match.
      const path = top ? [...top.path, top.array ? '[]' : (top.key ?? '')] : []
      const frame: Frame = { array: byte === OPEN_ARRAY, path, expectKey: byte === OPEN_OBJECT }
      this.stack.push(frame)
      if (frame.array && path.length > 0 && this.targets.includes(path.join('\u0000'))) {
        this.target = frame
        this.between = 'first'
      }
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      // A mismatched bracket is left for JSON.parse in end() to name; only the count matters here.
      if (this.stack.pop() === undefined)
        this.fail(i, `an unexpected "${String.fromCharCode(byte)}"`)
      this.afterValue()
    } else if (byte === COMMA) {
      if (top && !top.array) {
        top.expectKey = true
        top.key = undefined
      }
    }
  }

  /** A value ended in the enclosing container: an object's next string is a key again only after ",". */
  private afterValue(): void {
    const top = this.stack[this.stack.length - 1]
    if (top && !top.array) top.expectKey = false
  }

  private finishKey(buf: Buffer, end: number): void {
    const bytes = this.keyParts
      ? Buffer.concat([...this.keyParts, buf.subarray(0, end)])
      : buf.subarray(this.keyStart, end)
    this.keyParts = undefined
    this.keyStart = -1
    const top = this.stack[this.stack.length - 1]
    if (!top || top.array) return
    try {
      top.key = JSON.parse(bytes.toString('utf8')) as string
    } catch {
      top.key = undefined // an invalid key: JSON.parse of the envelope reports it in end()
    }
    top.expectKey = false
  }

  private finishElement(buf: Buffer, end: number): void {
    const text =
      this.elementParts.length > 0
        ? Buffer.concat([...this.elementParts, buf.subarray(0, end)]).toString('utf8')
        : buf.toString('utf8', this.elementStart, end)
    this.elementParts = []
    this.elementStart = -1
    this.inElement = false
    this.between = 'after-element'
    this.onElement(text, (this.target as Frame).path)
  }

  private fail(i: number, what: string): never {
    throw new JsonSplitError(`${what} at byte ${this.bytesRead + i}`)
  }
}
