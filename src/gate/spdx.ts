/**
 * SPDX license expressions (SPDX 2.3, annex D): `MIT`, `MIT OR GPL-3.0-only`,
 * `(Apache-2.0 AND BSD-3-Clause) OR MIT`, `GPL-2.0-only WITH Classpath-exception-2.0`, `GPL-2.0+`.
 *
 * WITH binds tighter than AND, AND tighter than OR; operators may be written in upper or lower
 * case, and license ids compare case-insensitively, as the specification says. An expression
 * that does not follow the grammar is a problem value, never a guess: the license gate blocks it.
 */

/** One license of an expression: its id, `+` (this version or later) and a `WITH` exception. */
export interface LicenseLeaf {
  readonly kind: 'license'
  readonly id: string
  readonly orLater: boolean
  readonly exception?: string
}

export type LicenseExpression =
  | LicenseLeaf
  | {
      readonly kind: 'and' | 'or'
      readonly left: LicenseExpression
      readonly right: LicenseExpression
    }

export type ParsedExpression =
  | { readonly ok: true; readonly expression: LicenseExpression }
  | { readonly ok: false; readonly problem: string }

/** `LicenseRef-x`, `DocumentRef-y:LicenseRef-x` and the listed ids: letters, digits, `-`, `.`. */
const ID = /^(?:DocumentRef-[A-Za-z0-9.-]+:)?[A-Za-z0-9.-]+$/
const OPERATORS = new Set(['and', 'or', 'with'])

class Tokens {
  private index = 0
  constructor(private readonly tokens: readonly string[]) {}

  peek(): string | undefined {
    return this.tokens[this.index]
  }

  /** The next token when it is the operator `word` (either case); consumed. */
  takeOperator(word: string): boolean {
    const next = this.peek()
    if (next === undefined || next.toLowerCase() !== word) return false
    if (next !== word && next !== word.toUpperCase()) return false
    this.index++
    return true
  }

  take(): string | undefined {
    return this.tokens[this.index++]
  }
}

class ExpressionError extends Error {}

function isOperator(token: string): boolean {
  return OPERATORS.has(token.toLowerCase())
}

function parseOr(tokens: Tokens): LicenseExpression {
  let left = parseAnd(tokens)
  while (tokens.takeOperator('or')) left = { kind: 'or', left, right: parseAnd(tokens) }
  return left
}

function parseAnd(tokens: Tokens): LicenseExpression {
  let left = parsePrimary(tokens)
  while (tokens.takeOperator('and')) left = { kind: 'and', left, right: parsePrimary(tokens) }
  return left
}

function parsePrimary(tokens: Tokens): LicenseExpression {
  const token = tokens.take()
  if (token === undefined) throw new ExpressionError('ends where a license was expected')
  if (token === '(') {
    const inner = parseOr(tokens)
    if (tokens.take() !== ')') throw new ExpressionError('has an unclosed "("')
    return inner
  }
  const leaf = licenseOf(token)
  if (!tokens.takeOperator('with')) return leaf
  const exception = tokens.take()
  if (exception === undefined || !ID.test(exception) || isOperator(exception)) {
    throw new ExpressionError(`has WITH without an exception id after ${token}`)
  }
  return { ...leaf, exception }
}

function licenseOf(token: string): LicenseLeaf {
  const orLater = token.endsWith('+')
  const id = orLater ? token.slice(0, -1) : token
  if (token === ')' || isOperator(token) || !ID.test(id)) {
    throw new ExpressionError(`has "${token}" where a license id was expected`)
  }
  return { kind: 'license', id, orLater }
}

/** Parses one expression; the problem says what is wrong, for the report. */
export function parseLicenseExpression(text: string): ParsedExpression {
  const tokens = text
    .replace(/([()])/g, ' $1 ')
    .trim()
    .split(/\s+/)
  if (tokens.length === 1 && tokens[0] === '') return { ok: false, problem: 'is empty' }
  const stream = new Tokens(tokens)
  try {
    const expression = parseOr(stream)
    const rest = stream.peek()
    if (rest !== undefined) {
      throw new ExpressionError(`has "${rest}" where AND, OR or the end was expected`)
    }
    return { ok: true, expression }
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, problem: error.message }
    throw error
  }
}

/** Three-valued: a license nobody knows (`NOASSERTION`) makes a result unknown, not a pass. */
export type Acceptance = 'accepted' | 'refused' | 'unknown'

/**
 * Whether an expression is acceptable when each of its licenses is judged by `judge`: an `OR`
 * is acceptable when one alternative is, an `AND` when every part is.
 */
export function acceptance(
  expression: LicenseExpression,
  judge: (leaf: LicenseLeaf) => Acceptance
): Acceptance {
  if (expression.kind === 'license') return judge(expression)
  const left = acceptance(expression.left, judge)
  const right = acceptance(expression.right, judge)
  const decisive = expression.kind === 'or' ? 'accepted' : 'refused'
  if (left === decisive || right === decisive) return decisive
  if (left === 'unknown' || right === 'unknown') return 'unknown'
  return left
}

/** Ids that say the license is not known (SPDX's NOASSERTION, and what scanners write). */
const UNKNOWN_IDS = new Set(['noassertion', 'unknown'])

export function isUnknownLicense(leaf: LicenseLeaf): boolean {
  return UNKNOWN_IDS.has(leaf.id.toLowerCase()) && leaf.exception === undefined
}

const normalised = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * True when a list entry names this license: the whole leaf (`GPL-2.0-only WITH
 * Classpath-exception-2.0`, `GPL-2.0+`), or its license id alone, so an entry `GPL-2.0-only`
 * covers that license with or without an exception or a later version.
 */
export function leafMatcher(entries: readonly string[]): (leaf: LicenseLeaf) => boolean {
  const listed = new Set(entries.map(normalised))
  return leaf => {
    const id = leaf.id.toLowerCase()
    const withPlus = leaf.orLater ? `${id}+` : id
    const whole =
      leaf.exception === undefined ? withPlus : `${withPlus} with ${normalised(leaf.exception)}`
    return listed.has(whole) || listed.has(withPlus) || listed.has(id)
  }
}
