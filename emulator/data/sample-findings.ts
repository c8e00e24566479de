/**
 * The sample findings. acme/web has SAST and SCA findings on main and copies of them on PR 42
 * (which adds one new SAST finding and one malicious package); acme/web-legacy, acme/api and
 * acme/payments have a few each.
 */
import type { SastFindingRecord, ScaFindingRecord } from './records.js'
import { sastFromSpec, scaFromSpec, type SastSpec, type ScaSpec } from './finding-specs.js'
import { DAY_MS } from './seed.js'

/**
 * acme/web on main: open findings low..high (no critical), highs with block and monitor rules,
 * a medium on a block rule beyond rules page 1, plus fixed/ignored ones a status filter must drop.
 */
// prettier-ignore
export const WEB_MAIN_SAST: readonly SastSpec[] = [
  { id: 7100001, repository: 'acme/web', ref: 'refs/heads/main', rule: 'sqli', severity: 'high', confidence: 'high', status: 'open', daysAgo: 3, path: 'src/app/views.py', line: 42 },
  { id: 7100002, repository: 'acme/web', ref: 'refs/heads/main', rule: 'subprocess', severity: 'high', confidence: 'medium', status: 'open', daysAgo: 12, path: 'src/app/tasks/export.py', line: 88 },
  { id: 7100003, repository: 'acme/web', ref: 'refs/heads/main', rule: 'csrf', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 6, path: 'src/app/api/webhooks.py', line: 17 },
  { id: 7100004, repository: 'acme/web', ref: 'refs/heads/main', rule: 'md5', severity: 'medium', confidence: 'high', status: 'open', daysAgo: 21, path: 'src/app/auth/passwords.py', line: 31 },
  { id: 7100005, repository: 'acme/web', ref: 'refs/heads/main', rule: 'throttle', severity: 'low', confidence: 'low', status: 'open', daysAgo: 30, path: 'src/config/settings/base.py', line: 140 },
  { id: 7100006, repository: 'acme/web', ref: 'refs/heads/main', rule: 'openRedirect', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 45, path: 'web/frontend/server/routes/login.js', line: 23 },
  { id: 7100007, repository: 'acme/web', ref: 'refs/heads/main', rule: 'documentMethod', severity: 'low', confidence: 'low', status: 'open', daysAgo: 55, path: 'web/frontend/src/widgets/preview.js', line: 61 },
  { id: 7100008, repository: 'acme/web', ref: 'refs/heads/main', rule: 'dangerousHtml', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 1, path: 'web/frontend/src/components/Markdown.tsx', line: 19 },
  { id: 7100009, repository: 'acme/web', ref: 'refs/heads/main', rule: 'loggerLeak', severity: 'low', confidence: 'medium', status: 'open', daysAgo: 15, path: 'src/app/auth/views.py', line: 77 },
  { id: 7100010, repository: 'acme/web', ref: 'refs/heads/main', rule: 'certValidation', severity: 'high', confidence: 'high', status: 'open', daysAgo: 58, path: 'src/app/integrations/billing.py', line: 54 },
  { id: 7100011, repository: 'acme/web', ref: 'refs/heads/main', rule: 'sqli', severity: 'high', confidence: 'high', status: 'fixed', daysAgo: 40, path: 'src/app/reports.py', line: 112 },
  { id: 7100012, repository: 'acme/web', ref: 'refs/heads/main', rule: 'pickle', severity: 'critical', confidence: 'high', status: 'ignored', daysAgo: 20, path: 'src/app/cache.py', line: 9, triageReason: 'false_positive' }
]

/** The PR adds one high finding on a block-mode rule that sits beyond rules page 1. */
export const WEB_PR_SAST_NEW: SastSpec = {
  id: 7110101,
  repository: 'acme/web',
  ref: 'refs/pull/42/merge',
  rule: 'jwtSecret',
  severity: 'high',
  confidence: 'high',
  status: 'open',
  daysAgo: 0.05,
  path: 'web/frontend/server/auth/session.js',
  line: 14
}

export const PR_REF = 'refs/pull/42/merge'
/** PR copies of main's findings carry the main id plus this offset. */
export const PR_COPY_ID_OFFSET = 10_000

// prettier-ignore
export const OTHER_SAST: readonly SastSpec[] = [
  { id: 7300001, repository: 'acme/web-legacy', ref: 'refs/heads/main', rule: 'legacySql', severity: 'critical', confidence: 'high', status: 'open', daysAgo: 9, path: 'src/main/java/com/acme/legacy/ReportDao.java', line: 73 },
  { id: 7500001, repository: 'acme/api', ref: 'refs/heads/main', rule: 'pathTraversal', severity: 'high', confidence: 'medium', status: 'open', daysAgo: 4, path: 'src/routes/files.ts', line: 36 },
  { id: 7500002, repository: 'acme/api', ref: 'refs/heads/main', rule: 'directWrite', severity: 'medium', confidence: 'medium', status: 'open', daysAgo: 18, path: 'src/routes/preview.ts', line: 52 },
  { id: 7500003, repository: 'acme/api', ref: 'refs/heads/main', rule: 'jwtSecret', severity: 'high', confidence: 'high', status: 'reviewing', daysAgo: 33, path: 'src/auth/tokens.ts', line: 8 },
  { id: 7600001, repository: 'acme/payments', ref: 'refs/heads/trunk', rule: 'goMd5', severity: 'medium', confidence: 'high', status: 'open', daysAgo: 11, path: 'internal/ledger/checksum.go', line: 27, policy: 12 },
  { id: 7600002, repository: 'acme/payments', ref: 'refs/heads/trunk', rule: 'goTls', severity: 'low', confidence: 'medium', status: 'open', daysAgo: 26, path: 'cmd/webhook-relay/main.go', line: 41, policy: 12 }
]
// prettier-ignore
export const WEB_MAIN_SCA: readonly ScaSpec[] = [
  {
    id: 7200001, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'lodash', version: '4.17.20', ecosystem: 'npm', transitivity: 'direct',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2021-23337', fixVersion: '4.17.21', status: 'open', daysAgo: 8,
    lockfile: 'web/frontend/package-lock.json', lockfileLine: 812, usage: { path: 'web/frontend/src/utils/template.js', line: 12 },
    message: 'Lodash versions prior to 4.17.21 are vulnerable to Command Injection via the template function.',
    cwe: "CWE-77: Improper Neutralization of Special Elements used in a Command ('Command Injection')", epss: { score: 0.01203, percentile: 0.8511 }
  },
  {
    id: 7200002, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'requests', version: '2.25.1', ecosystem: 'pypi', transitivity: 'direct',
    severity: 'medium', reachability: 'always_reachable', vulnerability: 'CVE-2023-32681', fixVersion: '2.31.0', status: 'open', daysAgo: 25,
    lockfile: 'requirements.txt', lockfileLine: 31,
    message: 'Requests is vulnerable to leaking Proxy-Authorization headers to destination servers when redirected to an HTTPS endpoint.',
    cwe: 'CWE-200: Exposure of Sensitive Information to an Unauthorized Actor', epss: { score: 0.00062, percentile: 0.2601 }
  },
  {
    id: 7200003, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'PyYAML', version: '5.3.1', ecosystem: 'pypi', transitivity: 'direct',
    severity: 'high', reachability: 'conditionally_reachable',
    reachableCondition: 'Reachable if yaml.load() is called with FullLoader or without an explicit Loader.',
    vulnerability: 'CVE-2020-14343', fixVersion: '5.4', status: 'open', daysAgo: 2,
    lockfile: 'requirements.txt', lockfileLine: 27, usage: { path: 'src/app/importers/config.py', line: 22 },
    message: 'PyYAML before 5.4 is susceptible to arbitrary code execution when processing untrusted YAML files through full_load or FullLoader.',
    cwe: 'CWE-20: Improper Input Validation', epss: { score: 0.00459, percentile: 0.7452 }
  },
  {
    id: 7200004, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'minimist', version: '1.2.5', ecosystem: 'npm', transitivity: 'transitive',
    severity: 'critical', reachability: 'unreachable', vulnerability: 'CVE-2021-44906', fixVersion: '1.2.6', status: 'open', daysAgo: 50,
    lockfile: 'web/frontend/package-lock.json', lockfileLine: 2210,
    message: 'Minimist before 1.2.6 is vulnerable to Prototype Pollution via setKey().',
    cwe: "CWE-1321: Improperly Controlled Modification of Object Prototype Attributes ('Prototype Pollution')", epss: { score: 0.00811, percentile: 0.8133 }
  },
  {
    id: 7200005, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'debug', version: '2.6.8', ecosystem: 'npm', transitivity: 'transitive',
    severity: 'low', reachability: 'unknown', vulnerability: 'CVE-2017-16137', fixVersion: '2.6.9', status: 'open', daysAgo: 36,
    lockfile: 'web/frontend/package-lock.json', lockfileLine: 1043,
    message: 'The debug module is vulnerable to regular expression denial of service when untrusted user input is passed into the o formatter.',
    cwe: 'CWE-1333: Inefficient Regular Expression Complexity', epss: null
  },
  {
    id: 7200006, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'Jinja2', version: '2.11.2', ecosystem: 'pypi', transitivity: 'direct',
    severity: 'medium', reachability: 'unreachable', vulnerability: 'CVE-2024-22195', fixVersion: '3.1.3', status: 'open', daysAgo: 14,
    lockfile: 'requirements.txt', lockfileLine: 19,
    message: 'The xmlattr filter in affected versions of Jinja accepts keys containing spaces, which can be used to inject attributes (XSS).',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')", epss: { score: 0.00045, percentile: 0.1522 }
  },
  {
    id: 7200007, repository: 'acme/web', ref: 'refs/heads/main', pkg: 'urllib3', version: '1.26.4', ecosystem: 'pypi', transitivity: 'transitive',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2023-43804', fixVersion: '1.26.17', status: 'fixed', daysAgo: 47,
    lockfile: 'requirements.txt', lockfileLine: 44,
    message: 'urllib3 does not treat the Cookie HTTP header special or provide any helpers for managing cookies over HTTP; cookies can leak on cross-origin redirects.',
    cwe: 'CWE-200: Exposure of Sensitive Information to an Unauthorized Actor', epss: { score: 0.00152, percentile: 0.5128 }
  }
]

// prettier-ignore
export const WEB_PR_SCA_MALICIOUS: ScaSpec = {
  id: 7210101, repository: 'acme/web', ref: PR_REF, pkg: 'flatmap-stream', version: '0.1.1', ecosystem: 'npm', transitivity: 'transitive',
  severity: 'low', reachability: 'unreachable', vulnerability: 'GHSA-mh6f-8j2x-4483', fixVersion: null, status: 'open', daysAgo: 0.05,
  lockfile: 'web/frontend/package-lock.json', lockfileLine: 1377, malicious: true,
  message: 'flatmap-stream 0.1.1 contains malicious code that targets cryptocurrency wallets. Remove the package and rotate any credentials on affected hosts.',
  cwe: 'CWE-506: Embedded Malicious Code', epss: null
}

// prettier-ignore
export const OTHER_SCA: readonly ScaSpec[] = [
  {
    id: 7400001, repository: 'acme/web-legacy', ref: 'refs/heads/main', pkg: 'org.apache.logging.log4j:log4j-core', version: '2.14.1', ecosystem: 'maven', transitivity: 'direct',
    severity: 'critical', reachability: 'reachable', vulnerability: 'CVE-2021-44228', fixVersion: '2.17.1', status: 'open', daysAgo: 9,
    lockfile: 'pom.xml', lockfileLine: 58, usage: { path: 'src/main/java/com/acme/legacy/AuditLogger.java', line: 31 },
    message: 'Apache Log4j2 JNDI features do not protect against attacker-controlled LDAP and other JNDI related endpoints (Log4Shell).',
    cwe: 'CWE-502: Deserialization of Untrusted Data', epss: { score: 0.97565, percentile: 0.99996 }
  },
  {
    id: 7500101, repository: 'acme/api', ref: 'refs/heads/main', pkg: 'axios', version: '0.21.1', ecosystem: 'npm', transitivity: 'direct',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2021-3749', fixVersion: '0.21.2', status: 'open', daysAgo: 6,
    lockfile: 'package-lock.json', lockfileLine: 301, usage: { path: 'src/clients/billing.ts', line: 5 },
    message: 'axios is vulnerable to Inefficient Regular Expression Complexity in the trim function.',
    cwe: 'CWE-1333: Inefficient Regular Expression Complexity', epss: { score: 0.00263, percentile: 0.6511 }
  },
  {
    id: 7500102, repository: 'acme/api', ref: 'refs/heads/main', pkg: 'jsonwebtoken', version: '8.5.1', ecosystem: 'npm', transitivity: 'direct',
    severity: 'medium', reachability: 'unreachable', vulnerability: 'CVE-2022-23540', fixVersion: '9.0.0', status: 'open', daysAgo: 29,
    lockfile: 'package-lock.json', lockfileLine: 655,
    message: 'jsonwebtoken versions up to 8.5.1 can be misconfigured so that passing a poorly implemented key retrieval function leads to signature verification bypass.',
    cwe: 'CWE-287: Improper Authentication', epss: { score: 0.00098, percentile: 0.4012 }
  },
  {
    id: 7600101, repository: 'acme/payments', ref: 'refs/heads/trunk', pkg: 'golang.org/x/net', version: 'v0.7.0', ecosystem: 'gomod', transitivity: 'direct',
    severity: 'high', reachability: 'reachable', vulnerability: 'CVE-2023-39325', fixVersion: 'v0.17.0', status: 'open', daysAgo: 16,
    lockfile: 'go.mod', lockfileLine: 12, usage: { path: 'cmd/webhook-relay/main.go', line: 40 },
    message: 'A malicious HTTP/2 client which rapidly creates requests and immediately resets them can cause excessive server resource consumption (Rapid Reset).',
    cwe: 'CWE-400: Uncontrolled Resource Consumption', epss: { score: 0.72108, percentile: 0.9878 }
  }
]

/** PR copies keep file, rule and match_based_id but get their own id, ref and detection time. */
export function prCopy<T extends SastFindingRecord | ScaFindingRecord>(finding: T, now: Date): T {
  // relevant_since stays main's (the finding is not new on the PR); the PR scan created the row.
  const createdAt = new Date(Math.max(finding.relevantSince.getTime(), now.getTime() - DAY_MS))
  return {
    ...finding,
    id: finding.id + PR_COPY_ID_OFFSET,
    ref: PR_REF,
    firstSeenScanId: finding.firstSeenScanId + 1,
    createdAt,
    location: { ...finding.location },
    categories: [...finding.categories],
    reviewComments: []
  }
}

export function sampleSastFindings(now: Date): SastFindingRecord[] {
  const webMain = WEB_MAIN_SAST.map(spec => sastFromSpec(spec, now))
  return [
    ...webMain,
    ...webMain.map(finding => prCopy(finding, now)),
    sastFromSpec(WEB_PR_SAST_NEW, now),
    ...OTHER_SAST.map(spec => sastFromSpec(spec, now))
  ]
}

export function sampleScaFindings(now: Date): ScaFindingRecord[] {
  const webMain = WEB_MAIN_SCA.map(spec => scaFromSpec(spec, now))
  return [
    ...webMain,
    ...webMain.map(finding => prCopy(finding, now)),
    scaFromSpec(WEB_PR_SCA_MALICIOUS, now),
    ...OTHER_SCA.map(spec => scaFromSpec(spec, now))
  ]
}
