/**
 * Keeps the token out of every text that leaves the client: servers sometimes echo what they were
 * sent, and an echoed token must not reach a log, an output or a report.
 */

/** The length of a token prefix that is masked too: enough to be no coincidence. */
const SECRET_PREFIX_LENGTH = 8

/**
 * Masks every occurrence of `secret` with `***`, and also what is left of it where a message was
 * cut to a length limit (`"...got fgt_abcdef1234"`): any run that starts like the secret, at least
 * SECRET_PREFIX_LENGTH characters long.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4) return text
  const whole = text.split(secret).join('***')
  if (secret.length <= SECRET_PREFIX_LENGTH) return whole
  const prefix = secret.slice(0, SECRET_PREFIX_LENGTH)
  let out = ''
  let from = 0
  for (let at = whole.indexOf(prefix); at !== -1; at = whole.indexOf(prefix, from)) {
    let end = at + SECRET_PREFIX_LENGTH
    while (end < whole.length && whole[end] === secret[end - at]) end++
    out += `${whole.slice(from, at)}***`
    from = end
  }
  return out + whole.slice(from)
}
