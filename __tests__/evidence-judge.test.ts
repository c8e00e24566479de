/**
 * Which scan each type's findings come from, judged from what the scans search returned (pure):
 * per type, the newest completed scan of the gated commit that ran the type's product.
 */
import { describe, expect, it } from '@jest/globals'
import { ISSUE_TYPES, type IssueType, type Scan } from '../src/domain.js'
import { productList } from '../src/domain.js'
import { mayRunProduct, ranProduct } from '../src/evidence/products.js'
import {
  branchSpellings,
  judgeScans,
  newestCompleted,
  type ScanRequirement,
  type ScansBySpelling,
  type TypeJudgement
} from '../src/evidence/scan-judge.js'
import { ALL_TYPES, HEAD, HOUR, OLD, scanFactory } from './helpers/scans.js'

const NOW = Date.UTC(2026, 10, 23, 12)
const ALL = ALL_TYPES
/** A scan of main that ran every product, completed an hour ago unless told otherwise. */
const scan = scanFactory(NOW)

const onMain = (...scans: Scan[]): ScansBySpelling => new Map([['refs/heads/main', scans]])
const commitOnMain: ScanRequirement = { mode: 'commit', commit: HEAD, ref: 'refs/heads/main' }
const onRef: ScanRequirement = { mode: 'ref', ref: 'refs/heads/main' }

/** The judgement of each type, as a plain object in the order of the types. */
function judged(
  found: ScansBySpelling,
  requirement: ScanRequirement,
  types: readonly IssueType[] = ALL
): Record<string, TypeJudgement> {
  return Object.fromEntries(judgeScans(found, requirement, types).types)
}

const proven = (scan: Scan): TypeJudgement => ({ kind: 'proven', scan })
const missing: TypeJudgement = { kind: 'missing' }

describe('branchSpellings', () => {
  it.each([
    ['refs/heads/main', ['refs/heads/main', 'main']],
    ['refs/heads/feature/login', ['refs/heads/feature/login', 'feature/login']],
    ['main', ['main', 'refs/heads/main']],
    ['feature/login', ['feature/login', 'refs/heads/feature/login']],
    ['refs/pull/42/merge', ['refs/pull/42/merge']],
    ['refs/tags/v1', ['refs/tags/v1']]
  ])('%s → %j', (ref, spellings) => {
    expect(branchSpellings(ref)).toEqual(spellings)
  })
})

describe('products', () => {
  it.each([
    [['sast'], ['sast']],
    [['code'], ['sast']],
    [['PRODUCT_SAST'], ['sast']],
    [['sca'], ['sca']],
    [['supply_chain'], ['sca']],
    [['PRODUCT_SCA'], ['sca']],
    [['secrets'], ['secrets']],
    [['PRODUCT_SECRETS'], ['secrets']],
    [['ai_sast'], ['ai_sast']],
    [['AI-SAST'], ['ai_sast']],
    [['PRODUCT_AI_SAST'], ['ai_sast']],
    [
      ['product_sast', 'Product_Ai_Sast'],
      ['sast', 'ai_sast']
    ],
    [['ai', 'aisast', 'assistant'], []],
    [
      [' Code ', 'Supply_Chain'],
      ['sast', 'sca']
    ],
    [['PRODUCT_UNKNOWN', 'assistant'], []],
    [[], []]
  ])('enabled_products %j ran %j', (products, types) => {
    const ran = scan({ commit: HEAD, enabledProducts: products })
    expect(ISSUE_TYPES.filter(type => ranProduct(ran, type))).toEqual(types)
  })

  it('a scan that does not say what it ran ran nothing it can vouch for, yet may run anything', () => {
    const silent = scan({ commit: HEAD, enabledProducts: undefined })
    expect(ISSUE_TYPES.filter(type => ranProduct(silent, type))).toEqual([])
    expect(ISSUE_TYPES.filter(type => mayRunProduct(silent, type))).toEqual(ISSUE_TYPES)
    const scaOnly = scan({ commit: HEAD, enabledProducts: ['sca'] })
    expect(ALL.filter(type => mayRunProduct(scaOnly, type))).toEqual(['sca'])
  })

  it('names the products as the reports do', () => {
    expect(productList(['sast', 'sca', 'secrets'])).toBe('Code, Supply Chain, Secrets')
    expect(productList(['ai_sast'])).toBe('AI-powered detection')
  })

  it('newestCompleted: the newest completed scan that ran the product', () => {
    const code = scan({ commit: OLD, enabledProducts: ['code'], completedAt: NOW - 3 * HOUR })
    const sca = scan({ commit: HEAD, enabledProducts: ['sca'], completedAt: NOW - HOUR })
    const running = scan({ commit: HEAD, status: 'running' })
    expect(newestCompleted([code, sca, running], 'sast')).toBe(code)
    expect(newestCompleted([code, sca, running], 'sca')).toBe(sca)
    expect(newestCompleted([code, sca, running], 'secrets')).toBeUndefined()
  })
})

describe('judgeScans: require-scan commit', () => {
  it('proves the completed scan of the commit for every type it ran', () => {
    const head = scan({ commit: HEAD })
    const older = scan({ commit: OLD, completedAt: NOW - 5 * HOUR })
    const judgement = judgeScans(onMain(older, head), commitOnMain, ALL)
    expect(judgement.branch).toBe('refs/heads/main')
    expect([...judgement.types]).toEqual([
      ['sast', proven(head)],
      ['sca', proven(head)],
      ['secrets', proven(head)]
    ])
  })

  it('judges only the types asked for, in their order', () => {
    const head = scan({ commit: HEAD })
    expect([...judgeScans(onMain(head), commitOnMain, ['sca', 'sast']).types.keys()]).toEqual([
      'sca',
      'sast'
    ])
  })

  it('matches the full commit in any case, and never a scan of another commit that shares a prefix', () => {
    const head = scan({ commit: HEAD })
    expect(judged(onMain(head), { ...commitOnMain, commit: HEAD.toUpperCase() }, ['sast'])).toEqual(
      { sast: proven(head) }
    )
    // The inputs refuse abbreviated shas; the judge itself never reads one as a prefix either.
    const twin = scan({ commit: `${HEAD.slice(0, 7)}${'f'.repeat(33)}` })
    // No scan of the commit yet: it waits for one, never proves the twin.
    expect(judged(onMain(twin), { ...commitOnMain, commit: HEAD.slice(0, 7) }, ['sast'])).toEqual({
      sast: { kind: 'wait' }
    })
  })

  it('an SCA-only scan and a separate Code and Secrets scan of the commit: each type on its own', () => {
    const sca = scan({ commit: HEAD, enabledProducts: ['sca'], completedAt: NOW - HOUR })
    const codeAndSecrets = scan({
      commit: HEAD,
      enabledProducts: ['code', 'secrets'],
      completedAt: NOW - 2 * HOUR
    })
    expect(judged(onMain(sca, codeAndSecrets), commitOnMain)).toEqual({
      sast: proven(codeAndSecrets),
      sca: proven(sca),
      secrets: proven(codeAndSecrets)
    })
  })

  it('the newest scan of the commit ran only SCA: Code is proven on the Code scan of the commit', () => {
    const code = scan({
      commit: HEAD,
      enabledProducts: ['PRODUCT_SAST'],
      completedAt: NOW - 3 * HOUR
    })
    const sca = scan({ commit: HEAD, enabledProducts: ['PRODUCT_SCA'], completedAt: NOW - HOUR })
    expect(judged(onMain(sca, code), commitOnMain, ['sast', 'sca'])).toEqual({
      sast: proven(code),
      sca: proven(sca)
    })
  })

  it('a newer scan of another commit that ran only SCA supersedes SCA, not Code', () => {
    const ours = scan({ commit: HEAD, completedAt: NOW - 2 * HOUR })
    const newer = scan({ commit: OLD, enabledProducts: ['sca'], completedAt: NOW - HOUR })
    expect(judged(onMain(ours, newer), commitOnMain)).toEqual({
      sast: proven(ours),
      sca: { kind: 'superseded', scan: ours, newer },
      secrets: proven(ours)
    })
  })

  it('a scan of another commit that completed before ours supersedes nothing', () => {
    const ours = scan({ commit: HEAD, completedAt: NOW - HOUR })
    const older = scan({ commit: OLD, completedAt: NOW - 2 * HOUR })
    expect(judged(onMain(older, ours), commitOnMain, ['sast'])).toEqual({ sast: proven(ours) })
  })

  it('a completed scan without enabled_products vouches for nothing', () => {
    const silent = scan({ commit: HEAD, enabledProducts: undefined })
    expect(judged(onMain(silent), commitOnMain)).toEqual({
      sast: missing,
      sca: missing,
      secrets: missing
    })
  })

  it('a completed scan of the commit that ran another product: the type is missing', () => {
    const sca = scan({ commit: HEAD, enabledProducts: ['sca'] })
    expect(judged(onMain(sca), commitOnMain)).toEqual({
      sast: missing,
      sca: proven(sca),
      secrets: missing
    })
  })

  it.each(['running', 'pending'] as const)(
    'waits while a scan of the commit that may run the type is %s',
    status => {
      const running = scan({ commit: HEAD, status })
      expect(judged(onMain(scan({ commit: OLD }), running), commitOnMain, ['sast'])).toEqual({
        sast: { kind: 'wait', scan: running }
      })
    }
  )

  it('waits for a missing type only on a scan that may run it', () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code'] })
    const scaRunning = scan({ commit: HEAD, status: 'running', enabledProducts: ['sca'] })
    const unsaid = scan({ commit: HEAD, status: 'pending', enabledProducts: undefined })
    expect(judged(onMain(code, scaRunning), commitOnMain)).toEqual({
      sast: proven(code),
      sca: { kind: 'wait', scan: scaRunning },
      secrets: missing
    })
    // A scan in progress that does not say what it runs may run anything.
    expect(judged(onMain(code, unsaid), commitOnMain)).toEqual({
      sast: proven(code),
      sca: { kind: 'wait', scan: unsaid },
      secrets: { kind: 'wait', scan: unsaid }
    })
  })

  it('no scan of the commit recorded yet: every type waits for one, whatever else the ref has', () => {
    expect(judged(onMain(scan({ commit: OLD })), commitOnMain, ['sast', 'sca'])).toEqual({
      sast: { kind: 'wait' },
      sca: { kind: 'wait' }
    })
    expect(judged(onMain(), commitOnMain, ['sast'])).toEqual({ sast: { kind: 'wait' } })
  })

  it('scans of the commit recorded, none of them ran the product: missing, not waited for', () => {
    const sca = scan({ commit: HEAD, enabledProducts: ['sca'] })
    expect(judged(onMain(sca), commitOnMain, ['sast', 'sca'])).toEqual({
      sast: missing,
      sca: proven(sca)
    })
  })

  it.each(['error', 'cancelled', 'never_finished', 'unknown'] as const)(
    'a %s scan of the commit is a failed scan',
    status => {
      const ended = scan({ commit: HEAD, status })
      expect(judged(onMain(ended), commitOnMain, ['sast'])).toEqual({
        sast: { kind: 'failed', scan: ended }
      })
    }
  )

  it('a failed scan that ran only SCA fails SCA alone', () => {
    const code = scan({ commit: HEAD, enabledProducts: ['code', 'secrets'] })
    const scaFailed = scan({ commit: HEAD, status: 'error', enabledProducts: ['sca'] })
    expect(judged(onMain(code, scaFailed), commitOnMain)).toEqual({
      sast: proven(code),
      sca: { kind: 'failed', scan: scaFailed },
      secrets: proven(code)
    })
  })

  it('a re-run that is still running wins over a failed run of the same commit', () => {
    const failed = scan({ commit: HEAD, status: 'error', startedAt: NOW - 3 * HOUR })
    const rerun = scan({ commit: HEAD, status: 'running', startedAt: NOW - HOUR })
    expect(judged(onMain(failed, rerun), commitOnMain, ['sast'])).toEqual({
      sast: { kind: 'wait', scan: rerun }
    })
  })

  it('a completed scan of the commit wins over a failed one', () => {
    const failed = scan({ commit: HEAD, status: 'error' })
    const done = scan({ commit: HEAD })
    expect(judged(onMain(failed, done), commitOnMain, ['sast'])).toEqual({ sast: proven(done) })
  })

  it('uses the bare spelling when only it has a scan of the commit', () => {
    const bare = scan({ commit: HEAD, branch: 'main' })
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', [scan({ commit: OLD })]],
      ['main', [bare]]
    ])
    const judgement = judgeScans(found, commitOnMain, ['sast'])
    expect(judgement.branch).toBe('main')
    expect(judgement.types.get('sast')).toEqual(proven(bare))
  })

  it('prefers the spelling asked for when both have the commit', () => {
    const exact = scan({ commit: HEAD })
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', [exact]],
      ['main', [scan({ commit: HEAD, branch: 'main' })]]
    ])
    const judgement = judgeScans(found, commitOnMain, ['sast'])
    expect(judgement.branch).toBe('refs/heads/main')
    expect(judgement.types.get('sast')).toEqual(proven(exact))
  })

  it('no spelling has the commit: the spelling asked for is judged', () => {
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', []],
      ['main', [scan({ commit: OLD, branch: 'main' })]]
    ])
    expect(judgeScans(found, commitOnMain, ['sast']).branch).toBe('refs/heads/main')
  })
})

describe('judgeScans: require-scan ref', () => {
  it('proves the newest completed scan of each type, whatever its commit', () => {
    const newest = scan({ commit: OLD, completedAt: NOW - HOUR })
    const older = scan({ commit: HEAD, completedAt: NOW - 3 * HOUR })
    const running = scan({ commit: 'c'.repeat(40), status: 'running' })
    expect(judged(onMain(older, running, newest), onRef)).toEqual({
      sast: proven(newest),
      sca: proven(newest),
      secrets: proven(newest)
    })
  })

  it('the newest completed scan ran only SCA: Code and Secrets on the newest scan that ran them', () => {
    const all = scan({ commit: HEAD, completedAt: NOW - 3 * HOUR })
    const sca = scan({ commit: OLD, enabledProducts: ['supply_chain'], completedAt: NOW - HOUR })
    expect(judged(onMain(all, sca), onRef)).toEqual({
      sast: proven(all),
      sca: proven(sca),
      secrets: proven(all)
    })
  })

  it('is missing without a completed scan that ran the product', () => {
    expect(judged(onMain(scan({ commit: HEAD, status: 'running' })), onRef, ['sast'])).toEqual({
      sast: missing
    })
    expect(
      judged(onMain(scan({ commit: HEAD, enabledProducts: undefined })), onRef, ['sast'])
    ).toEqual({ sast: missing })
    expect(judged(onMain(), onRef, ['sast'])).toEqual({ sast: missing })
  })

  it.each([
    ['the bare spelling scanned last', HOUR, 3 * HOUR, 'main'],
    ['the full spelling scanned last', 3 * HOUR, HOUR, 'refs/heads/main']
  ])('both spellings completed, %s: that one is judged', (_, bareAge, fullAge, branch) => {
    const bare = scan({ commit: OLD, branch: 'main', completedAt: NOW - bareAge })
    const full = scan({ commit: HEAD, completedAt: NOW - fullAge })
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', [full]],
      ['main', [bare]]
    ])
    const judgement = judgeScans(found, onRef, ['sast'])
    expect(judgement.branch).toBe(branch)
    expect(judgement.types.get('sast')).toEqual(proven(branch === 'main' ? bare : full))
  })

  it('uses the bare spelling when only it has a completed scan', () => {
    const bare = scan({ commit: OLD, branch: 'main' })
    const found: ScansBySpelling = new Map([
      ['refs/heads/main', [scan({ commit: HEAD, status: 'running' })]],
      ['main', [bare]]
    ])
    const judgement = judgeScans(found, onRef, ['sca'])
    expect(judgement.branch).toBe('main')
    expect(judgement.types.get('sca')).toEqual(proven(bare))
  })
})
