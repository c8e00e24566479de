/**
 * The sample policies: the Default Policy's 2,600 rules (the named sample rules at their
 * positions, realistic filler around them), a Strict Policy and a Secrets Policy.
 */
import type { PolicyMode, PolicyRecord, PolicyRuleRecord, SourcingPolicyRecord } from './records.js'
import { DEPLOYMENT } from './records.js'
import { SAMPLE_RULES, type SampleRuleSpec } from './sample-rules.js'
import { daysBefore } from './seed.js'

export const DEFAULT_POLICY_REF: Readonly<SourcingPolicyRecord> = {
  id: 11,
  name: 'Default Policy',
  slug: 'default-policy'
}

export const DEFAULT_POLICY_RULE_COUNT = 2600
const POLICY_MODES_CYCLE: readonly PolicyMode[] = [
  'MODE_MONITOR',
  'MODE_COMMENT',
  'MODE_BLOCK',
  'MODE_MONITOR',
  'MODE_DISABLED'
]
const FILLER_LANGUAGES = [
  { language: 'python', technology: 'flask' },
  { language: 'javascript', technology: 'express' },
  { language: 'typescript', technology: 'angular' },
  { language: 'java', technology: 'spring' },
  { language: 'go', technology: 'gorilla' },
  { language: 'ruby', technology: 'rails' },
  { language: 'php', technology: 'laravel' },
  { language: 'csharp', technology: 'dotnet' }
] as const
const FILLER_TOPICS = [
  'tainted-url-host',
  'weak-random-token',
  'insecure-cookie-flags',
  'unvalidated-redirect',
  'xml-external-entity',
  'regex-dos',
  'hardcoded-tmp-path',
  'missing-authorization-check',
  'unsafe-reflection',
  'cleartext-http-request',
  'ldap-injection',
  'mass-assignment'
] as const

function ruleFromSpec(
  spec: SampleRuleSpec,
  id: string,
  mode: PolicyMode,
  now: Date
): PolicyRuleRecord {
  return {
    id,
    path: spec.path,
    policyMode: mode,
    severity: spec.severity,
    confidence: 'CONFIDENCE_HIGH',
    source: spec.source,
    category: 'security',
    languages: [...spec.languages],
    technologies: [...spec.technologies],
    cweCategories: [spec.cwe],
    owaspCategories: [spec.owasp],
    vulnerabilityClass: [spec.vulnerabilityClass],
    rulesets: spec.source === 'SOURCE_CUSTOM' ? [] : [spec.ruleset],
    registryMaintainer: spec.source === 'SOURCE_CUSTOM' ? 'acme-corp' : 'semgrep',
    url:
      spec.source === 'SOURCE_CUSTOM'
        ? `https://semgrep.dev/r/${DEPLOYMENT.id}/${spec.path}`
        : `https://semgrep.dev/r/${spec.path}`,
    lastChangeAt: daysBefore(now, 90),
    ...(spec.source === 'SOURCE_CUSTOM' ? { lastChangeBy: 'appsec@acme.example' } : {})
  }
}

/** The filler rule at a position: realistic dotted paths, modes cycling over all four. */
function fillerRule(position: number, idBase: number, now: Date): PolicyRuleRecord {
  const lang = FILLER_LANGUAGES[position % FILLER_LANGUAGES.length] ?? FILLER_LANGUAGES[0]
  const topic =
    FILLER_TOPICS[Math.floor(position / FILLER_LANGUAGES.length) % FILLER_TOPICS.length] ?? 'audit'
  const path = `${lang.language}.${lang.technology}.security.audit.${topic}.${topic}-${String(position).padStart(4, '0')}`
  const categoryIsBestPractice = position % 7 === 6
  return {
    id: String(idBase + position),
    path,
    policyMode: POLICY_MODES_CYCLE[position % POLICY_MODES_CYCLE.length] ?? 'MODE_MONITOR',
    severity: position % 3 === 0 ? 'SEVERITY_HIGH' : 'SEVERITY_MEDIUM',
    confidence: 'CONFIDENCE_HIGH',
    source: position % 4 === 0 ? 'SOURCE_PRO' : 'SOURCE_COMMUNITY',
    category: categoryIsBestPractice ? 'best-practice' : 'security',
    languages: [lang.language],
    technologies: [lang.technology],
    cweCategories: [],
    owaspCategories: [],
    vulnerabilityClass: ['Other'],
    rulesets: [`p/${lang.language}`],
    registryMaintainer: 'semgrep',
    url: `https://semgrep.dev/r/${path}`,
    lastChangeAt: daysBefore(now, 120 + (position % 200))
  }
}

const DEFAULT_RULE_ID_BASE = 100_000

function defaultPolicyRules(now: Date): PolicyRuleRecord[] {
  const named = new Map<number, SampleRuleSpec>()
  for (const spec of Object.values(SAMPLE_RULES)) named.set(spec.position, spec)
  const rules: PolicyRuleRecord[] = []
  for (let position = 0; position < DEFAULT_POLICY_RULE_COUNT; position++) {
    const spec = named.get(position)
    rules.push(
      spec === undefined
        ? fillerRule(position, DEFAULT_RULE_ID_BASE, now)
        : ruleFromSpec(spec, String(DEFAULT_RULE_ID_BASE + position), spec.mode, now)
    )
  }
  return rules
}

/** Strict Policy: every named rule blocks, plus some filler. */
function strictPolicyRules(now: Date): PolicyRuleRecord[] {
  const named = Object.values(SAMPLE_RULES).map((spec, index) =>
    ruleFromSpec(spec, String(200_000 + index), 'MODE_BLOCK', now)
  )
  const filler = Array.from({ length: 40 }, (_, index) => fillerRule(index * 3 + 1, 200_100, now))
  return [...named, ...filler]
}

function secretsPolicyRules(now: Date): PolicyRuleRecord[] {
  const secretRules = [
    'generic.secrets.security.detected-aws-access-key-id-value.detected-aws-access-key-id-value',
    'generic.secrets.security.detected-github-token.detected-github-token',
    'generic.secrets.security.detected-private-key.detected-private-key',
    'generic.secrets.security.detected-slack-webhook.detected-slack-webhook',
    'generic.secrets.security.detected-stripe-api-key.detected-stripe-api-key'
  ]
  return secretRules.map((path, index) => ({
    id: String(300_000 + index),
    path,
    policyMode: index < 3 ? 'MODE_BLOCK' : 'MODE_COMMENT',
    severity: 'SEVERITY_HIGH',
    confidence: 'CONFIDENCE_HIGH',
    source: 'SOURCE_PRO',
    category: 'security',
    languages: ['generic'],
    technologies: ['secrets'],
    cweCategories: ['CWE-798: Use of Hard-coded Credentials'],
    owaspCategories: ['A07:2021 - Identification and Authentication Failures'],
    vulnerabilityClass: ['Hard-coded Secrets'],
    rulesets: ['p/secrets'],
    registryMaintainer: 'semgrep',
    url: `https://semgrep.dev/r/${path}`,
    lastChangeAt: daysBefore(now, 60)
  }))
}

export function samplePolicies(now: Date): PolicyRecord[] {
  return [
    {
      id: '11',
      name: 'Default Policy',
      slug: 'default-policy',
      productType: 'PRODUCT_TYPE_SAST',
      isDefault: true,
      rules: defaultPolicyRules(now)
    },
    {
      id: '12',
      name: 'Strict Policy',
      slug: 'strict-policy',
      productType: 'PRODUCT_TYPE_SAST',
      isDefault: false,
      rules: strictPolicyRules(now)
    },
    {
      id: '13',
      name: 'Secrets Policy',
      slug: 'secrets-policy',
      productType: 'PRODUCT_TYPE_SECRETS',
      isDefault: true,
      rules: secretsPolicyRules(now)
    }
  ]
}
