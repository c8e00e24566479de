import { describe, expect, it, jest } from '@jest/globals'
import {
  EXPOSURES,
  type AiSastFinding,
  SEVERITIES,
  type Exposure,
  type Finding,
  type FindingMode,
  type SastFinding,
  type ScaFinding,
  type SecretsFinding,
  type Severity,
  type ValidationState
} from '../src/domain.js'
import { blockReasons, decide, memoizedBlockReasons, type Thresholds } from '../src/gate/decide.js'
import { failureMessage, verdictHeadline } from '../src/gate/message.js'
import { aiSastFinding, secretsFinding } from './fixtures/report-fixtures.js'

function sast(overrides: Partial<SastFinding> = {}): SastFinding {
  return {
    type: 'sast',
    id: 1,
    ruleName: 'python.lang.security.audit.eval-detected',
    ruleMessage: 'Detected eval',
    severity: 'high',
    status: 'open',
    ref: 'refs/heads/main',
    repository: 'acme/web',
    location: { path: 'src/app.py', line: 42 },
    categories: [],
    cwe: [],
    owasp: [],
    ...overrides
  }
}

function sca(overrides: Partial<ScaFinding> = {}): ScaFinding {
  return {
    type: 'sca',
    id: 2,
    ruleName: 'ssc-lodash-prototype-pollution',
    ruleMessage: 'Prototype pollution in lodash',
    severity: 'high',
    status: 'open',
    ref: 'refs/heads/main',
    repository: 'acme/web',
    categories: [],
    cwe: [],
    owasp: [],
    reachability: 'reachable',
    malicious: false,
    dependency: { package: 'lodash', version: '4.17.20' },
    fixVersions: [],
    ...overrides
  }
}

const DEFAULTS: Thresholds = {
  failOnSeverity: 'high',
  failOnPolicyMode: 'block',
  failOnExposures: ['reachable', 'always_reachable'],
  failOnTransitivities: ['direct', 'transitive', 'unknown'],
  ignoreUnfixed: false,
  failOnMalicious: true,
  failOnSecrets: 'valid'
}

/** Severity low and line 232: the cases below read those. */
function secret(overrides: Partial<SecretsFinding> = {}): SecretsFinding {
  return secretsFinding({
    id: 3,
    severity: 'low',
    location: { path: 'src/ai.py', line: 232 },
    ...overrides
  })
}

function gate(
  findings: Finding[],
  options: { thresholds?: Partial<Thresholds>; mode?: FindingMode; ignore?: number[] } = {}
) {
  return decide({
    findings,
    thresholds: { ...DEFAULTS, ...options.thresholds },
    modeOf: () => options.mode ?? 'monitor',
    ignoreOf: f =>
      'id' in f && options.ignore?.includes(f.id)
        ? { reason: 'accepted', source: `id ${f.id}` }
        : undefined,
    licenseViolations: [],
    expiredIgnores: []
  })
}

describe('decision table', () => {
  const rows: [string, Finding, Partial<Thresholds>, FindingMode, boolean][] = [
    ['high sast at threshold high blocks', sast({ severity: 'high' }), {}, 'monitor', true],
    ['medium sast below threshold high passes', sast({ severity: 'medium' }), {}, 'monitor', false],
    ['critical sast above threshold blocks', sast({ severity: 'critical' }), {}, 'monitor', true],
    ['low sast in block mode blocks by mode', sast({ severity: 'low' }), {}, 'block', true],
    [
      'low sast in comment mode passes at block threshold',
      sast({ severity: 'low' }),
      {},
      'comment',
      false
    ],
    [
      'low sast in comment mode blocks at comment threshold',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'comment' },
      'comment',
      true
    ],
    [
      'low sast in monitor mode blocks at monitor threshold',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'monitor' },
      'monitor',
      true
    ],
    [
      'disabled mode never blocks by mode',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'monitor' },
      'disabled',
      false
    ],
    [
      'unknown mode never blocks by mode',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'monitor' },
      'unknown',
      false
    ],
    [
      'a mode below the threshold never blocks by mode',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'monitor' },
      'below-monitor',
      false
    ],
    [
      'not-fetched mode never blocks by mode',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'monitor' },
      'not-fetched',
      false
    ],
    [
      'block mode with policy gate off passes',
      sast({ severity: 'low' }),
      { failOnPolicyMode: 'none' },
      'block',
      false
    ],
    [
      'critical with severity gate off passes',
      sast({ severity: 'critical' }),
      { failOnSeverity: 'none' },
      'monitor',
      false
    ],
    ['reachable high sca blocks', sca({ reachability: 'reachable' }), {}, 'monitor', true],
    [
      'always_reachable high sca blocks',
      sca({ reachability: 'always_reachable' }),
      {},
      'monitor',
      true
    ],
    [
      'unreachable critical sca passes',
      sca({ reachability: 'unreachable', severity: 'critical' }),
      {},
      'monitor',
      false
    ],
    [
      'conditionally reachable high passes by default',
      sca({ reachability: 'conditionally_reachable' }),
      {},
      'monitor',
      false
    ],
    [
      'conditionally reachable high blocks when listed',
      sca({ reachability: 'conditionally_reachable' }),
      { failOnExposures: ['conditionally_reachable'] },
      'monitor',
      true
    ],
    [
      'empty exposure list lets no sca block by severity',
      sca({ severity: 'critical' }),
      { failOnExposures: [] },
      'monitor',
      false
    ],
    [
      'malicious low unreachable blocks',
      sca({ severity: 'low', reachability: 'unreachable', malicious: true }),
      {},
      'monitor',
      true
    ],
    [
      'malicious passes with fail-on-malicious false',
      sca({ severity: 'low', reachability: 'unreachable', malicious: true }),
      { failOnMalicious: false },
      'monitor',
      false
    ],
    [
      'sca ignores the policy mode',
      sca({ severity: 'low' }),
      { failOnPolicyMode: 'monitor' },
      'block',
      false
    ]
  ]
  it.each(rows)('%s', (_name, finding, thresholds, mode, blocks) => {
    const verdict = gate([finding], { thresholds, mode })
    expect(verdict.blocking.length).toBe(blocks ? 1 : 0)
    expect(verdict.result).toBe(blocks ? 'failed' : 'passed')
  })

  it('ignored findings never block but keep their would-be reasons', () => {
    const verdict = gate([sast({ id: 7, severity: 'critical' })], { ignore: [7] })
    expect(verdict.result).toBe('passed')
    expect(verdict.ignored).toHaveLength(1)
    expect(verdict.ignored[0]?.ignored).toEqual({ reason: 'accepted', source: 'id 7' })
    expect(verdict.ignored[0]?.reasons).toEqual([
      { kind: 'severity', severity: 'critical', threshold: 'high' }
    ])
    expect(verdict.counts.total).toBe(1)
  })
})

describe('exhaustive: every severity × threshold × exposure × mode × ignore', () => {
  const thresholds: (Severity | 'none')[] = [...SEVERITIES, 'none']
  const modeThresholds = ['monitor', 'comment', 'block', 'none'] as const
  const modes: FindingMode[] = [
    'disabled',
    'monitor',
    'comment',
    'block',
    'unknown',
    'not-fetched',
    'below-block',
    'below-comment',
    'below-monitor'
  ]
  const rank = (s: Severity): number => SEVERITIES.indexOf(s)
  const modeRank = (m: string): number => ['monitor', 'comment', 'block'].indexOf(m)

  it('SAST blocks exactly when severity or mode trips and it is not ignored', () => {
    let cases = 0
    for (const severity of SEVERITIES)
      for (const failOnSeverity of thresholds)
        for (const failOnPolicyMode of modeThresholds)
          for (const mode of modes)
            for (const ignored of [false, true]) {
              const verdict = gate([sast({ severity })], {
                thresholds: { failOnSeverity, failOnPolicyMode },
                mode,
                ignore: ignored ? [1] : []
              })
              const bySeverity = failOnSeverity !== 'none' && rank(severity) >= rank(failOnSeverity)
              const byMode =
                failOnPolicyMode !== 'none' &&
                modeRank(mode) >= 0 &&
                modeRank(mode) >= modeRank(failOnPolicyMode)
              expect(verdict.blocking.length).toBe((bySeverity || byMode) && !ignored ? 1 : 0)
              cases++
            }
    expect(cases).toBe(4 * 5 * 4 * 9 * 2)
  })

  it('SCA blocks exactly when (listed exposure and severity) or malicious, and not ignored', () => {
    let cases = 0
    const exposureSets: Exposure[][] = [[], ['reachable', 'always_reachable'], [...EXPOSURES]]
    for (const severity of SEVERITIES)
      for (const failOnSeverity of thresholds)
        for (const reachability of EXPOSURES)
          for (const failOnExposures of exposureSets)
            for (const malicious of [false, true])
              for (const failOnMalicious of [false, true])
                for (const ignored of [false, true]) {
                  const verdict = gate([sca({ id: 1, severity, reachability, malicious })], {
                    thresholds: { failOnSeverity, failOnExposures, failOnMalicious },
                    ignore: ignored ? [1] : []
                  })
                  const bySeverity =
                    failOnExposures.includes(reachability) &&
                    failOnSeverity !== 'none' &&
                    rank(severity) >= rank(failOnSeverity)
                  const byMalice = malicious && failOnMalicious
                  expect(verdict.blocking.length).toBe((bySeverity || byMalice) && !ignored ? 1 : 0)
                  cases++
                }
    expect(cases).toBe(4 * 5 * 5 * 3 * 2 * 2 * 2)
  })
})

describe('AI-powered detection findings', () => {
  const ai = (id: number, severity: Severity): AiSastFinding => aiSastFinding({ id, severity })

  it('block by severity as Code findings do, never by a mode, and are counted on their own', () => {
    const modeOf = jest.fn((): FindingMode => 'block')
    const verdict = decide({
      findings: [ai(1, 'high'), ai(2, 'medium'), sast({ id: 3, severity: 'medium' })],
      thresholds: { ...DEFAULTS, failOnPolicyMode: 'monitor' },
      modeOf,
      ignoreOf: () => undefined,
      licenseViolations: [],
      expiredIgnores: []
    })
    expect(verdict.blocking.map(f => [f.finding.id, f.mode, f.reasons.map(r => r.kind)])).toEqual([
      [1, undefined, ['severity']],
      [3, 'block', ['policy-mode']]
    ])
    expect(verdict.nonBlocking.map(f => [f.finding.id, f.mode])).toEqual([[2, undefined]])
    // The Code finding's mode is looked up; an AI finding's never is.
    expect(modeOf).toHaveBeenCalledTimes(1)
    expect(verdict.counts.ai_sast).toEqual({ low: 0, medium: 1, high: 1, critical: 0 })
    expect(verdict.counts.sast).toEqual({ low: 0, medium: 1, high: 0, critical: 0 })
  })

  it('memoised reasons tell an AI finding from a Code one of the same severity and mode', () => {
    const reasonsOf = memoizedBlockReasons()
    const thresholds: Thresholds = { ...DEFAULTS, failOnSeverity: 'critical' }
    expect(reasonsOf(sast({ severity: 'high' }), 'block', thresholds)).toEqual([
      { kind: 'policy-mode', mode: 'block', threshold: 'block' }
    ])
    expect(reasonsOf(ai(1, 'high'), undefined, thresholds)).toEqual([])
    expect(reasonsOf(ai(2, 'critical'), undefined, thresholds)).toEqual([
      { kind: 'severity', severity: 'critical', threshold: 'critical' }
    ])
  })
})

describe('verdict', () => {
  it('counts by type and severity, orders blocking first and worst first', () => {
    const verdict = gate(
      [
        sast({ id: 1, severity: 'low' }),
        sast({ id: 2, severity: 'high', ruleName: 'b.rule' }),
        sast({ id: 3, severity: 'critical', ruleName: 'a.rule' }),
        sca({ id: 4, severity: 'critical', reachability: 'unreachable' })
      ],
      { mode: 'monitor' }
    )
    expect(verdict.counts).toEqual({
      total: 4,
      sast: { low: 1, medium: 0, high: 1, critical: 1 },
      sca: { low: 0, medium: 0, high: 0, critical: 1 },
      secrets: { low: 0, medium: 0, high: 0, critical: 0 },
      ai_sast: { low: 0, medium: 0, high: 0, critical: 0 }
    })
    expect(verdict.findings.map(f => f.finding.id)).toEqual([3, 2, 4, 1])
    expect(verdict.blocking.map(f => f.finding.id)).toEqual([3, 2])
  })

  it('a SAST finding below the threshold never blocks by mode, and keeps that mode', () => {
    const verdict = decide({
      findings: [
        sast({ id: 1, severity: 'medium' }),
        sast({ id: 2, severity: 'medium' }),
        sast({ id: 3, severity: 'high' })
      ],
      thresholds: DEFAULTS,
      modeOf: f => (f.id === 1 ? 'block' : 'below-block'),
      ignoreOf: () => undefined,
      licenseViolations: [],
      expiredIgnores: []
    })
    expect(verdict.blocking.map(f => [f.finding.id, f.mode, f.reasons.map(r => r.kind)])).toEqual([
      [3, 'below-block', ['severity']],
      [1, 'block', ['policy-mode']]
    ])
    expect(verdict.nonBlocking.map(f => [f.finding.id, f.mode])).toEqual([[2, 'below-block']])
  })

  it('a denied license alone fails the gate', () => {
    const verdict = decide({
      findings: [],
      thresholds: DEFAULTS,
      modeOf: () => 'unknown',
      ignoreOf: () => undefined,
      licenseViolations: [
        { package: 'left-pad', version: '1.3.0', license: 'GPL-3.0-only', judgement: 'denied' }
      ],
      expiredIgnores: []
    })
    expect(verdict.result).toBe('failed')
    expect(failureMessage(verdict)).toBe(
      '1 dependency with a denied license: left-pad@1.3.0 (GPL-3.0-only)'
    )
  })

  it('the failure message names the count and the worst three with their places', () => {
    const verdict = gate([
      sast({
        id: 1,
        severity: 'high',
        ruleName: 'python.lang.security.eval',
        location: { path: 'src/app.py', line: 42 }
      }),
      sast({
        id: 2,
        severity: 'critical',
        ruleName: 'python.sqli',
        location: { path: 'src/db.py', line: 7 }
      }),
      sca({
        id: 3,
        severity: 'low',
        reachability: 'unreachable',
        malicious: true,
        location: undefined,
        dependency: { package: 'evil-pkg', version: '0.0.1' }
      }),
      sast({ id: 4, severity: 'high', ruleName: 'z.rule', location: { path: 'src/z.py' } })
    ])
    expect(failureMessage(verdict)).toBe(
      '4 blocking findings: critical python.sqli at src/db.py:7, high python.lang.security.eval at src/app.py:42, high z.rule at src/z.py, and 1 more'
    )
    expect(verdictHeadline(verdict)).toMatch(/^Gate failed: 4 blocking findings/)
  })

  it('blockReasons lists every criterion tripped', () => {
    expect(blockReasons(sast({ severity: 'critical' }), 'block', DEFAULTS)).toEqual([
      { kind: 'severity', severity: 'critical', threshold: 'high' },
      { kind: 'policy-mode', mode: 'block', threshold: 'block' }
    ])
    expect(
      blockReasons(sca({ severity: 'critical', malicious: true }), undefined, DEFAULTS)
    ).toEqual([
      { kind: 'severity', severity: 'critical', threshold: 'high' },
      { kind: 'malicious' }
    ])
  })

  it('a passing headline says how many were in scope and ignored', () => {
    const verdict = gate(
      [sast({ id: 1, severity: 'low' }), sast({ id: 9, severity: 'critical' })],
      { ignore: [9] }
    )
    expect(verdictHeadline(verdict)).toBe(
      'Gate passed: 2 findings in scope, none blocking, 1 ignored'
    )
  })
})

describe('secrets', () => {
  const OFF: Partial<Thresholds> = { failOnSeverity: 'none', failOnPolicyMode: 'none' }
  const STATES: readonly ValidationState[] = [
    'confirmed_valid',
    'confirmed_invalid',
    'validation_error',
    'no_validator',
    'unknown'
  ]
  const blockedStates = (failOnSecrets: Thresholds['failOnSecrets']): ValidationState[] =>
    STATES.filter(
      validationState =>
        blockReasons(secret({ validationState }), 'monitor', {
          ...DEFAULTS,
          ...OFF,
          failOnSecrets
        }).length > 0
    )

  it('fail-on-secrets blocks these validation states, whatever the severity', () => {
    expect(blockedStates('valid')).toEqual(['confirmed_valid'])
    expect(blockedStates('valid-or-unverified')).toEqual([
      'confirmed_valid',
      'validation_error',
      'no_validator',
      'unknown'
    ])
    expect(blockedStates('any')).toEqual(STATES)
    expect(blockedStates('none')).toEqual([])
  })

  it('severity and the finding’s own policy mode block a secret as a SAST finding', () => {
    const thresholds = { ...DEFAULTS, failOnSecrets: 'none' as const }
    expect(
      blockReasons(
        secret({ severity: 'high', validationState: 'no_validator' }),
        'monitor',
        thresholds
      )
    ).toEqual([{ kind: 'severity', severity: 'high', threshold: 'high' }])
    expect(
      blockReasons(secret({ mode: 'block', validationState: 'no_validator' }), 'block', thresholds)
    ).toEqual([{ kind: 'policy-mode', mode: 'block', threshold: 'block' }])
  })

  it('a secret confirmed invalid never blocks by severity or mode', () => {
    const revoked = secret({
      severity: 'critical',
      mode: 'block',
      validationState: 'confirmed_invalid'
    })
    expect(blockReasons(revoked, 'block', DEFAULTS)).toEqual([])
    expect(blockReasons(revoked, 'block', { ...DEFAULTS, failOnSecrets: 'any' })).toEqual([
      { kind: 'secret', validationState: 'confirmed_invalid' }
    ])
  })

  it('counts secrets apart, and sorts them after SAST and SCA of the same rank', () => {
    const verdict = gate([secret({ severity: 'high', id: 9 }), sca({ severity: 'high' })], {
      thresholds: OFF
    })
    expect(verdict.counts.secrets).toEqual({ low: 0, medium: 0, high: 1, critical: 0 })
    expect(verdict.counts.sca).toEqual({ low: 0, medium: 0, high: 1, critical: 0 })
    expect(verdict.findings.map(f => f.finding.type)).toEqual(['secrets', 'sca'])
    expect(verdict.blocking.map(f => f.reasons)).toEqual([
      [{ kind: 'secret', validationState: 'confirmed_valid' }]
    ])
  })
})

describe('memoizedBlockReasons', () => {
  it('gives what blockReasons gives, for every combination, one shared array per combination', () => {
    const thresholdsList: Thresholds[] = [
      DEFAULTS,
      { ...DEFAULTS, failOnSeverity: 'low', failOnPolicyMode: 'monitor', failOnSecrets: 'any' },
      {
        failOnSeverity: 'none',
        failOnPolicyMode: 'none',
        failOnExposures: [],
        failOnTransitivities: [],
        ignoreUnfixed: false,
        failOnMalicious: false,
        failOnSecrets: 'none'
      },
      { ...DEFAULTS, failOnTransitivities: ['direct'], ignoreUnfixed: true, failOnEpss: 0.5 }
    ]
    const modes: (FindingMode | undefined)[] = [
      undefined,
      'unknown',
      'not-fetched',
      'disabled',
      'monitor',
      'comment',
      'block'
    ]
    const states: ValidationState[] = [
      'confirmed_valid',
      'confirmed_invalid',
      'validation_error',
      'no_validator',
      'unknown'
    ]
    for (const thresholds of thresholdsList) {
      const memo = memoizedBlockReasons()
      for (const severity of SEVERITIES) {
        const findings: [Finding, FindingMode | undefined][] = [
          ...modes.map((mode): [Finding, FindingMode | undefined] => [sast({ severity }), mode]),
          ...EXPOSURES.flatMap(reachability =>
            [false, true].map((malicious): [Finding, FindingMode | undefined] => [
              sca({ severity, reachability, malicious }),
              undefined
            ])
          ),
          ...(['direct', 'transitive', undefined] as const).flatMap(transitivity =>
            [[], ['lodash@4.17.21']].map((fixVersions): [Finding, FindingMode | undefined] => [
              sca({
                severity,
                fixVersions,
                dependency: { package: 'lodash', version: '4.17.20', transitivity },
                epss: { score: 0.2 }
              }),
              undefined
            ])
          ),
          ...states.flatMap(validationState =>
            (['monitor', 'block', 'unknown'] as const).map(
              (mode): [Finding, FindingMode | undefined] => [
                secret({ severity, validationState, mode }),
                mode
              ]
            )
          )
        ]
        for (const [finding, mode] of findings) {
          const first = memo(finding, mode, thresholds)
          expect(first).toEqual(blockReasons(finding, mode, thresholds))
          // Another finding of the same combination shares the array.
          expect(memo({ ...finding, id: finding.id + 1 }, mode, thresholds)).toBe(first)
        }
      }
    }
  })
})

describe('decide on many findings', () => {
  it('orders blocking first, then severity, type, rule, path (code points), line and id', () => {
    const verdict = gate(
      [
        sast({ id: 1, severity: 'low', ruleName: 'b', location: { path: 'z.py', line: 1 } }),
        sast({ id: 2, severity: 'high', ruleName: 'b', location: { path: 'a.py', line: 9 } }),
        sca({ id: 3, severity: 'high', ruleName: 'a' }),
        sast({ id: 4, severity: 'high', ruleName: 'a', location: { path: 'B.py', line: 2 } }),
        sast({ id: 5, severity: 'high', ruleName: 'a', location: { path: 'a.py', line: 2 } }),
        sast({ id: 6, severity: 'high', ruleName: 'a', location: { path: 'a.py', line: 1 } }),
        sast({ id: 7, severity: 'critical', ruleName: 'z' }),
        sast({ id: 8, severity: 'high', ruleName: 'a', location: { path: 'a.py', line: 1 } })
      ],
      { thresholds: { failOnSeverity: 'critical', failOnPolicyMode: 'none' } }
    )
    // 7 blocks; then high SAST before high SCA; rule a before b; 'B.py' before 'a.py'.
    expect(verdict.findings.map(f => f.finding.id)).toEqual([7, 4, 6, 8, 5, 2, 3, 1])
  })

  it('lists blocking and ignored findings as filters of the sorted findings would', () => {
    const severities: Severity[] = ['low', 'medium', 'high', 'critical']
    const findings: Finding[] = Array.from({ length: 2000 }, (_, i) =>
      i % 3 === 0
        ? sca({
            id: i,
            severity: severities[i % 4],
            reachability: EXPOSURES[i % EXPOSURES.length],
            location: { path: `lock${i % 7}.json`, line: i % 11 }
          })
        : sast({
            id: i,
            severity: severities[(i * 7) % 4],
            ruleName: `rule.${i % 13}`,
            location: i % 17 === 0 ? undefined : { path: `src/${i % 19}.py`, line: i % 23 }
          })
    )
    const verdict = gate(findings, {
      mode: 'comment',
      ignore: findings.filter((_, i) => i % 10 === 0).map(f => f.id)
    })
    expect(verdict.blocking).toEqual(verdict.findings.filter(f => f.blocking))
    expect(verdict.ignored).toEqual(verdict.findings.filter(f => f.ignored !== undefined))
    // High and critical SAST, and reachable high and critical SCA, but every tenth is ignored.
    expect(verdict.blocking).toHaveLength(701)
    expect(verdict.ignored).toHaveLength(200)
    expect(verdict.nonBlocking).toEqual(
      verdict.findings.filter(f => !f.blocking && f.ignored === undefined)
    )
    expect(verdict.nonBlocking).toHaveLength(1099)
    expect(verdict.counts.total).toBe(2000)
    // Without ignores, every finding that does not block is a non-blocking one.
    const unignored = gate(findings, { mode: 'comment' })
    expect(unignored.ignored).toEqual([])
    expect(unignored.nonBlocking).toEqual(unignored.findings.filter(f => !f.blocking))
    expect(unignored.blocking.length + unignored.nonBlocking.length).toBe(2000)
  })
})

describe('Supply Chain: transitivity, fixes and EPSS', () => {
  const reasonsOf = (finding: ScaFinding, thresholds: Partial<Thresholds> = {}) =>
    blockReasons(finding, undefined, { ...DEFAULTS, ...thresholds }).map(r => r.kind)
  const transitive = (overrides: Partial<ScaFinding> = {}) =>
    sca({
      dependency: { package: 'minimist', version: '1.2.5', transitivity: 'transitive' },
      fixVersions: ['minimist@1.2.6'],
      ...overrides
    })

  it('fail-on-transitivities: a transitive finding blocks by severity only when transitive is listed', () => {
    expect(reasonsOf(transitive())).toEqual(['severity'])
    expect(reasonsOf(transitive(), { failOnTransitivities: ['direct'] })).toEqual([])
    expect(reasonsOf(transitive(), { failOnTransitivities: ['transitive'] })).toEqual(['severity'])
  })

  it('reads a missing transitivity, or a missing dependency, as unknown', () => {
    // The decoders map the server's spellings (DIRECT) and refuse others (api-findings-fast).
    const direct = sca({ dependency: { package: 'a', version: '1', transitivity: 'direct' } })
    const missing = sca({ dependency: { package: 'a', version: '1' } })
    const none = sca({ dependency: undefined })
    expect(reasonsOf(direct, { failOnTransitivities: ['direct'] })).toEqual(['severity'])
    for (const finding of [missing, none]) {
      expect(reasonsOf(finding, { failOnTransitivities: ['direct', 'transitive'] })).toEqual([])
      expect(reasonsOf(finding, { failOnTransitivities: ['unknown'] })).toEqual(['severity'])
    }
  })

  it('ignore-unfixed: a finding without a fix does not block by severity or EPSS, but is still evaluated', () => {
    const unfixed = transitive({ fixVersions: [], epss: { score: 0.9 } })
    expect(reasonsOf(unfixed, { failOnEpss: 0.5 })).toEqual(['severity', 'epss'])
    expect(reasonsOf(unfixed, { ignoreUnfixed: true, failOnEpss: 0.5 })).toEqual([])
    expect(reasonsOf(transitive(), { ignoreUnfixed: true })).toEqual(['severity'])
    const verdict = gate([unfixed], { thresholds: { ignoreUnfixed: true } })
    expect(verdict.result).toBe('passed')
    expect(verdict.nonBlocking.map(e => e.finding.id)).toEqual([unfixed.id])
  })

  it('fail-on-epss: a score at or above it blocks whatever the severity, below it does not', () => {
    const low = (score: number) => sca({ severity: 'low', epss: { score, percentile: 0.99 } })
    expect(blockReasons(low(0.5), undefined, { ...DEFAULTS, failOnEpss: 0.5 })).toEqual([
      { kind: 'epss', score: 0.5, threshold: 0.5 }
    ])
    expect(reasonsOf(low(0.4999), { failOnEpss: 0.5 })).toEqual([])
    expect(reasonsOf(low(0.9))).toEqual([])
    expect(reasonsOf(sca({ severity: 'low' }), { failOnEpss: 0 })).toEqual([])
  })

  it('EPSS follows the exposure and transitivity filters; a malicious dependency blocks regardless', () => {
    const unreachable = sca({ severity: 'low', reachability: 'unreachable', epss: { score: 0.97 } })
    expect(reasonsOf(unreachable, { failOnEpss: 0.1 })).toEqual([])
    const malicious = transitive({ malicious: true, fixVersions: [] })
    expect(reasonsOf(malicious, { failOnTransitivities: ['direct'], ignoreUnfixed: true })).toEqual(
      ['malicious']
    )
  })

  it('the memo gives each finding above fail-on-epss its own reasons, naming its score', () => {
    const memo = memoizedBlockReasons()
    const thresholds = { ...DEFAULTS, failOnSeverity: 'none' as const, failOnEpss: 0.5 }
    const first = memo(sca({ severity: 'low', epss: { score: 0.6 } }), undefined, thresholds)
    const second = memo(sca({ severity: 'low', epss: { score: 0.8 } }), undefined, thresholds)
    expect([first, second]).toEqual([
      [{ kind: 'epss', score: 0.6, threshold: 0.5 }],
      [{ kind: 'epss', score: 0.8, threshold: 0.5 }]
    ])
  })

  it('the failure message and reasons text of an EPSS block', () => {
    const verdict = gate([sca({ severity: 'low', epss: { score: 0.97565 } })], {
      thresholds: { failOnEpss: 0.5 }
    })
    expect(verdict.blocking[0]?.reasons).toEqual([{ kind: 'epss', score: 0.97565, threshold: 0.5 }])
    expect(failureMessage(verdict)).toBe(
      '1 blocking finding: low ssc-lodash-prototype-pollution in lodash@4.17.20'
    )
  })
})

describe('license violations in the verdict', () => {
  const violation = (
    name: string,
    judgement: 'denied' | 'not-allowed' | 'unparseable' | 'unknown',
    license = 'GPL-3.0-only'
  ) => ({ package: name, version: '1.0.0', license, judgement })
  const verdictOf = (
    licenseViolations: ReturnType<typeof violation>[],
    exempt: readonly string[] = []
  ) =>
    decide({
      findings: [],
      thresholds: DEFAULTS,
      modeOf: () => 'unknown',
      ignoreOf: subject =>
        'judgement' in subject && exempt.includes(subject.package)
          ? { reason: 'legal approved', source: `package ${subject.package}` }
          : undefined,
      licenseViolations,
      expiredIgnores: []
    })

  it('a dependency of unknown license is listed apart and does not fail the gate', () => {
    const verdict = verdictOf([violation('mystery', 'unknown', '')])
    expect(verdict.result).toBe('passed')
    expect(verdict.licenseViolations).toEqual([])
    expect(verdict.unknownLicenses).toEqual([violation('mystery', 'unknown', '')])
    expect(verdict.ignoredLicenseViolations).toBeUndefined()
  })

  it('an exempted violation is listed with its entry and does not block; the others do', () => {
    const verdict = verdictOf(
      [violation('qt', 'not-allowed'), violation('odd', 'unparseable', 'MIT OR (')],
      ['qt']
    )
    expect(verdict.result).toBe('failed')
    expect(verdict.licenseViolations).toEqual([violation('odd', 'unparseable', 'MIT OR (')])
    expect(verdict.ignoredLicenseViolations).toEqual([
      {
        ...violation('qt', 'not-allowed'),
        ignored: { reason: 'legal approved', source: 'package qt' }
      }
    ])
    expect(failureMessage(verdict)).toBe(
      '1 dependency with a license that blocks: odd@1.0.0 (MIT OR (, cannot be read)'
    )
  })

  it('names what the listed dependencies have in common', () => {
    expect(failureMessage(verdictOf([violation('qt', 'not-allowed')]))).toBe(
      '1 dependency with a license not in allow-licenses: qt@1.0.0 (GPL-3.0-only)'
    )
  })
})
