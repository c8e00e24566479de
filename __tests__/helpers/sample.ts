/**
 * The emulator's sample data by meaning: ids and counts read from the sample records (the open SQL
 * injection of acme/web main, the project acme/web, ...), so suites name what they expect instead
 * of repeating `71000xx` literals. Every lookup must find exactly one record, so a sample change
 * that breaks a meaning fails here rather than quietly changing what a suite checks.
 */
import type { FindingStatus } from '../../emulator/data/records.js'
import {
  OTHER_SAST,
  OTHER_SCA,
  PR_COPY_ID_OFFSET,
  WEB_MAIN_SAST,
  WEB_MAIN_SCA,
  WEB_PR_SAST_NEW,
  WEB_PR_SCA_MALICIOUS
} from '../../emulator/data/sample-findings.js'
import type { RuleKey } from '../../emulator/data/sample-rules.js'
import { GENERATED_SERVICE_COUNT, NAMED_PROJECTS } from '../../emulator/data/sample-projects.js'
import { SAMPLE_SECRETS } from '../../emulator/data/sample-secrets.js'

export { DEFAULT_POLICY_RULE_COUNT } from '../../emulator/data/sample-policies.js'

function only<T>(items: readonly T[], what: string, matches: (item: T) => boolean): T {
  const found = items.filter(matches)
  if (found.length !== 1) throw new Error(`the sample has ${found.length} ${what}, expected one`)
  return found[0]
}

function projectId(name: string): number {
  return only(NAMED_PROJECTS, `project ${name}`, project => project.name === name).id
}

/** The four named sample projects' ids. */
export const PROJECT = {
  web: projectId('acme/web'),
  webLegacy: projectId('acme/web-legacy'),
  api: projectId('acme/api'),
  payments: projectId('acme/payments')
} as const

/** The named projects and the generated services (`acme/svc-001`…). */
export const SAMPLE_PROJECT_COUNT = NAMED_PROJECTS.length + GENERATED_SERVICE_COUNT

function webSast(rule: RuleKey, status: FindingStatus = 'open'): number {
  return only(
    WEB_MAIN_SAST,
    `${status} ${rule} SAST findings on acme/web main`,
    spec => spec.rule === rule && spec.status === status
  ).id
}

/** acme/web main's SAST findings, by rule (open unless the name says otherwise). */
export const WEB_SAST = {
  /** High, BLOCK mode. */
  sqli: webSast('sqli'),
  /** High, MONITOR mode. */
  subprocess: webSast('subprocess'),
  csrf: webSast('csrf'),
  /** Medium, BLOCK mode on a rule beyond the first rules page. */
  md5: webSast('md5'),
  throttle: webSast('throttle'),
  openRedirect: webSast('openRedirect'),
  /** Its rule is DISABLED. */
  documentMethod: webSast('documentMethod'),
  dangerousHtml: webSast('dangerousHtml'),
  loggerLeak: webSast('loggerLeak'),
  certValidation: webSast('certValidation'),
  fixedSqli: webSast('sqli', 'fixed'),
  ignoredPickle: webSast('pickle', 'ignored')
} as const

function webSca(pkg: string): number {
  return only(WEB_MAIN_SCA, `${pkg} SCA findings on acme/web main`, spec => spec.pkg === pkg).id
}

/** acme/web main's SCA findings, by package (all open but urllib3). */
export const WEB_SCA = {
  lodash: webSca('lodash'),
  requests: webSca('requests'),
  pyyaml: webSca('PyYAML'),
  minimist: webSca('minimist'),
  debug: webSca('debug'),
  jinja2: webSca('Jinja2'),
  fixedUrllib3: webSca('urllib3')
} as const

/** What PR 42 adds to acme/web's findings (the rest are copies of main's, see prCopyId). */
export const WEB_PR = {
  /** High, on a BLOCK-mode rule beyond the first rules page. */
  jwtSecret: WEB_PR_SAST_NEW.id,
  /** The malicious package. */
  flatmapStream: WEB_PR_SCA_MALICIOUS.id
} as const

/** The id of the PR 42 copy of a finding of acme/web main. */
export function prCopyId(mainId: number): number {
  return mainId + PR_COPY_ID_OFFSET
}

function otherSast(repository: string, rule: RuleKey): number {
  const what = `${rule} SAST findings in ${repository}`
  return only(OTHER_SAST, what, spec => spec.repository === repository && spec.rule === rule).id
}

function otherSca(repository: string, pkg: string): number {
  const what = `${pkg} SCA findings in ${repository}`
  return only(OTHER_SCA, what, spec => spec.repository === repository && spec.pkg === pkg).id
}

/** The findings of the other named projects. */
export const OTHER = {
  legacySql: otherSast('acme/web-legacy', 'legacySql'),
  legacyLog4j: otherSca('acme/web-legacy', 'org.apache.logging.log4j:log4j-core'),
  apiPathTraversal: otherSast('acme/api', 'pathTraversal'),
  apiDirectWrite: otherSast('acme/api', 'directWrite'),
  apiJwtSecret: otherSast('acme/api', 'jwtSecret'),
  apiAxios: otherSca('acme/api', 'axios'),
  apiJsonwebtoken: otherSca('acme/api', 'jsonwebtoken'),
  paymentsMd5: otherSast('acme/payments', 'goMd5'),
  paymentsTls: otherSast('acme/payments', 'goTls'),
  paymentsNet: otherSca('acme/payments', 'golang.org/x/net')
} as const

/** Open findings of acme/web main, in id order. */
export const WEB_MAIN_OPEN_SAST = WEB_MAIN_SAST.filter(spec => spec.status === 'open').map(
  spec => spec.id
)
export const WEB_MAIN_OPEN_SCA = WEB_MAIN_SCA.filter(spec => spec.status === 'open').map(
  spec => spec.id
)

function secretId(repository: string, type: string): number {
  const what = `${type} secrets in ${repository}`
  // A secret without a repository is the factory's default's, acme/web's.
  const matches = (spec: (typeof SAMPLE_SECRETS)[number]): boolean =>
    (spec.repository ?? 'acme/web') === repository && spec.type === type
  return only(SAMPLE_SECRETS, what, matches).id
}

/** The sample secrets, by repository and the service they are for. */
export const SECRET = {
  apiOpenAi: secretId('acme/api', 'OpenAI'),
  apiAws: secretId('acme/api', 'AWS'),
  apiGitHub: secretId('acme/api', 'GitHub'),
  apiStripe: secretId('acme/api', 'Stripe'),
  webSlack: secretId('acme/web', 'Slack'),
  webHeroku: secretId('acme/web', 'Heroku')
} as const

/**
 * What the default gate blocks on acme/web main, in report order: the three open high SAST findings
 * (severity high ≥ high), the reachable high lodash advisory, and the medium md5 finding on a
 * BLOCK-mode rule beyond the first rules page.
 */
export const WEB_MAIN_BLOCKING: readonly number[] = [
  WEB_SAST.sqli,
  WEB_SAST.subprocess,
  WEB_SAST.certValidation,
  WEB_SCA.lodash,
  WEB_SAST.md5
]
