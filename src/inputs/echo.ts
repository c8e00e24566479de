/**
 * How a bad value is shown back in an error message: escaped, shortened, and never revealing a
 * secret or URL credentials. Echoes land in the workflow log, where raw text could forge lines.
 */

/** Longer values are cut: the echo only has to let people recognise what they wrote. */
const ECHO_LIMIT = 60

/**
 * C0, DEL and C1 controls, plus line/paragraph separators and bidi overrides: they can forge log
 * lines or make text read differently than it parses, so values never contain them and echoes
 * show them escaped.
 */
export const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
const CONTROL_CHARACTERS_GLOBAL = new RegExp(CONTROL_CHARACTERS.source, 'g')

/** `(got "…")`, escaped and at most {@link ECHO_LIMIT} characters of the value. */
export function gotClause(value: string): string {
  return `(got "${echo(value)}")`
}

function echo(value: string): string {
  let shown = ''
  for (const character of value) {
    const piece = escapeControl(character)
    if (shown.length + piece.length > ECHO_LIMIT) return `${shown}…`
    shown += piece
  }
  return shown
}

const NAMED_ESCAPES: Partial<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

function escapeControl(character: string): string {
  return character.replace(
    CONTROL_CHARACTERS_GLOBAL,
    control => NAMED_ESCAPES[control] ?? `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

/**
 * True when `value` contains any 8-character run of a secret (or a whole shorter one): echoes are
 * shortened, so a mistyped or truncated token pasted into another input must not leak either.
 */
export function revealsSecret(value: string, secrets: readonly string[]): boolean {
  return secrets.some(secret => {
    const window = Math.min(8, secret.length)
    for (let start = 0; start + window <= secret.length; start++) {
      if (value.includes(secret.slice(start, start + window))) return true
    }
    return false
  })
}

/** Echoes of URLs hide any `user:password@` part. */
export function withoutCredentials(raw: string): string {
  return raw.replace(/\/\/[^/?#]*@/, '//***@')
}
