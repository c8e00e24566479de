/** The named sample rules: the rules the sample findings use, and their place in the policies. */
import type { PolicyMode } from './records.js'

export type RuleKey =
  | 'sqli'
  | 'pickle'
  | 'csrf'
  | 'subprocess'
  | 'openRedirect'
  | 'dangerousHtml'
  | 'loggerLeak'
  | 'certValidation'
  | 'throttle'
  | 'documentMethod'
  | 'md5'
  | 'jwtSecret'
  | 'legacySql'
  | 'pathTraversal'
  | 'directWrite'
  | 'goMd5'
  | 'goTls'

export interface SampleRuleSpec {
  path: string
  message: string
  severity: 'SEVERITY_HIGH' | 'SEVERITY_MEDIUM' | 'SEVERITY_LOW'
  source: 'SOURCE_PRO' | 'SOURCE_COMMUNITY' | 'SOURCE_CUSTOM'
  cwe: string
  owasp: string
  vulnerabilityClass: string
  languages: string[]
  technologies: string[]
  /** Mode in the Default Policy. */
  mode: PolicyMode
  /** Position in the Default Policy's rule list. */
  position: number
  ruleset: string
}

const CWE_SQLI =
  "CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')"
const OWASP_INJECTION = 'A03:2021 - Injection'

/**
 * The named rules findings use. Positions and modes are chosen for gate scenarios: block-mode
 * rules on medium/low findings, a monitor-mode rule on a high finding, and block-mode rules
 * beyond index 2000 so a client that reads only the first rules page misses them.
 */
export const SAMPLE_RULES: Readonly<Record<RuleKey, SampleRuleSpec>> = {
  sqli: {
    path: 'python.django.security.injection.sql.sql-injection-db-cursor-execute',
    message:
      "User-controlled data from a request is passed to 'execute()'. This could lead to a SQL injection and therefore protected information could be leaked. Instead, use django's QuerySets, which are built with query parameterization and therefore not vulnerable to sql injection.",
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_PRO',
    cwe: CWE_SQLI,
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'SQL Injection',
    languages: ['python'],
    technologies: ['django'],
    mode: 'MODE_BLOCK',
    position: 0,
    ruleset: 'p/django'
  },
  pickle: {
    path: 'python.lang.security.deserialization.pickle.avoid-pickle',
    message:
      'Avoid using `pickle`, which is known to lead to code execution vulnerabilities. When unpickling, the serialized data could be manipulated to run arbitrary code. Instead, consider serializing the relevant data as JSON or a similar text-based serialization format.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-502: Deserialization of Untrusted Data',
    owasp: 'A08:2021 - Software and Data Integrity Failures',
    vulnerabilityClass: 'Insecure Deserialization ',
    languages: ['python'],
    technologies: ['python'],
    mode: 'MODE_COMMENT',
    position: 1,
    ruleset: 'p/python'
  },
  csrf: {
    path: 'python.django.security.audit.csrf-exempt.no-csrf-exempt',
    message:
      "Detected usage of @csrf_exempt, which indicates that there is no CSRF token set for this route. This could lead to an attacker manipulating the user's account and exfiltration of private data. Instead, create a function without this decorator.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-352: Cross-Site Request Forgery (CSRF)',
    owasp: 'A01:2021 - Broken Access Control',
    vulnerabilityClass: 'Cross-Site Request Forgery (CSRF)',
    languages: ['python'],
    technologies: ['django'],
    mode: 'MODE_COMMENT',
    position: 2,
    ruleset: 'p/django'
  },
  subprocess: {
    path: 'python.lang.security.audit.dangerous-subprocess-use-audit',
    message:
      "Detected subprocess function 'run' without a static string. If this data can be controlled by a malicious actor, it may be an instance of command injection. Audit the use of this call to ensure it is not controllable by an external resource.",
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-78: Improper Neutralization of Special Elements used in an OS Command ('OS Command Injection')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Command Injection',
    languages: ['python'],
    technologies: ['python'],
    mode: 'MODE_MONITOR',
    position: 3,
    ruleset: 'p/python'
  },
  openRedirect: {
    path: 'javascript.express.security.audit.express-open-redirect.express-open-redirect',
    message:
      'The application redirects to a URL specified by user-supplied input `req` that is not validated. This could redirect users to malicious locations. Consider using an allow-list approach to validate URLs, or warn users they are being redirected to a third-party website.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_PRO',
    cwe: "CWE-601: URL Redirection to Untrusted Site ('Open Redirect')",
    owasp: 'A01:2021 - Broken Access Control',
    vulnerabilityClass: 'Open Redirect',
    languages: ['javascript', 'typescript'],
    technologies: ['express'],
    mode: 'MODE_COMMENT',
    position: 5,
    ruleset: 'p/express'
  },
  dangerousHtml: {
    path: 'typescript.react.security.audit.react-dangerouslysetinnerhtml.react-dangerouslysetinnerhtml',
    message:
      'Detection of dangerouslySetInnerHTML from non-constant definition. This can inadvertently expose users to cross-site scripting (XSS) attacks if this comes from user-provided input. If you have to use dangerouslySetInnerHTML, consider using a sanitization library such as DOMPurify to sanitize your HTML.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Cross-Site-Scripting (XSS)',
    languages: ['typescript', 'javascript'],
    technologies: ['react'],
    mode: 'MODE_MONITOR',
    position: 8,
    ruleset: 'p/react'
  },
  loggerLeak: {
    path: 'python.lang.security.audit.logging.logger-credential-leak.python-logger-credential-disclosure',
    message:
      'Detected a python logger call with a potential hardcoded secret "password" being logged. This may lead to secret credentials being exposed. Make sure that the logger is not logging sensitive information.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-532: Insertion of Sensitive Information into Log File',
    owasp: 'A09:2021 - Security Logging and Monitoring Failures',
    vulnerabilityClass: 'Mishandled Sensitive Information',
    languages: ['python'],
    technologies: ['python'],
    mode: 'MODE_COMMENT',
    position: 13,
    ruleset: 'p/python'
  },
  certValidation: {
    path: 'python.requests.security.disabled-cert-validation.disabled-cert-validation',
    message:
      'Certificate verification has been explicitly disabled. This permits insecure connections to insecure servers. Re-enable certification validation.',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-295: Improper Certificate Validation',
    owasp: 'A07:2021 - Identification and Authentication Failures',
    vulnerabilityClass: 'Improper Authentication',
    languages: ['python'],
    technologies: ['requests'],
    mode: 'MODE_COMMENT',
    position: 21,
    ruleset: 'p/python'
  },
  throttle: {
    path: 'python.django.security.audit.django-rest-framework.missing-throttle-config.missing-throttle-config',
    message:
      "Django REST framework configuration is missing default rate-limiting options. This could inadvertently allow resource starvation or Denial of Service (DoS) attacks. Add 'DEFAULT_THROTTLE_CLASSES' and 'DEFAULT_THROTTLE_RATES' to add rate-limiting to your application.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-400: Uncontrolled Resource Consumption',
    owasp: 'A05:2021 - Security Misconfiguration',
    vulnerabilityClass: 'Denial-of-Service (DoS)',
    languages: ['python'],
    technologies: ['django'],
    mode: 'MODE_MONITOR',
    position: 34,
    ruleset: 'p/django'
  },
  documentMethod: {
    path: 'javascript.browser.security.insecure-document-method.insecure-document-method',
    message:
      'User controlled data in methods like `innerHTML`, `outerHTML` or `document.write` is an anti-pattern that can lead to XSS vulnerabilities',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Cross-Site-Scripting (XSS)',
    languages: ['javascript', 'typescript'],
    technologies: ['browser'],
    mode: 'MODE_DISABLED',
    position: 1500,
    ruleset: 'p/javascript'
  },
  md5: {
    path: 'python.lang.security.audit.md5-used-as-password.md5-used-as-password',
    message:
      'It looks like MD5 is used as a password hash. MD5 is not considered a secure password hash because it can be cracked by an attacker in a short amount of time. Use a suitable password hashing function such as scrypt. You can use `hashlib.scrypt`.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_CUSTOM',
    cwe: 'CWE-327: Use of a Broken or Risky Cryptographic Algorithm',
    owasp: 'A02:2021 - Cryptographic Failures',
    vulnerabilityClass: 'Cryptographic Issues',
    languages: ['python'],
    technologies: ['hashlib'],
    mode: 'MODE_BLOCK',
    position: 2345,
    ruleset: 'p/python'
  },
  jwtSecret: {
    path: 'javascript.jsonwebtoken.security.jwt-hardcode.hardcoded-jwt-secret',
    message:
      'A hard-coded credential was detected. It is not recommended to store credentials in source-code, as this risks secrets being leaked and used by either an internal or external malicious adversary. It is recommended to use environment variables to securely provide credentials or retrieve credentials from a secure vault or HSM (Hardware Security Module).',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_PRO',
    cwe: 'CWE-798: Use of Hard-coded Credentials',
    owasp: 'A07:2021 - Identification and Authentication Failures',
    vulnerabilityClass: 'Hard-coded Secrets',
    languages: ['javascript', 'typescript'],
    technologies: ['jwt', 'jsonwebtoken'],
    mode: 'MODE_BLOCK',
    position: 2101,
    ruleset: 'p/jwt'
  },
  legacySql: {
    path: 'java.spring.security.injection.tainted-sql-string.tainted-sql-string',
    message:
      'User data flows into this manually-constructed SQL string. User data can be safely inserted into SQL strings using prepared statements or an object-relational mapper (ORM). Manually-constructed SQL strings is a possible indicator of SQL injection.',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_PRO',
    cwe: CWE_SQLI,
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'SQL Injection',
    languages: ['java'],
    technologies: ['spring'],
    mode: 'MODE_BLOCK',
    position: 55,
    ruleset: 'p/java'
  },
  pathTraversal: {
    path: 'javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal',
    message:
      'Detected possible user input going into a `path.join` or `path.resolve` function. This could possibly lead to a path traversal vulnerability, where the attacker can access arbitrary files stored in the file system. Instead, be sure to sanitize or validate user input first.',
    severity: 'SEVERITY_HIGH',
    source: 'SOURCE_COMMUNITY',
    cwe: "CWE-22: Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')",
    owasp: 'A01:2021 - Broken Access Control',
    vulnerabilityClass: 'Path Traversal',
    languages: ['javascript', 'typescript'],
    technologies: ['node.js'],
    mode: 'MODE_BLOCK',
    position: 89,
    ruleset: 'p/nodejs'
  },
  directWrite: {
    path: 'javascript.express.security.audit.xss.direct-response-write.direct-response-write',
    message:
      "Detected directly writing to a Response object from user-defined input. This bypasses any HTML escaping and may expose your application to a Cross-Site-scripting (XSS) vulnerability. Instead, use 'resp.render()' to render safely escaped HTML.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_PRO',
    cwe: "CWE-79: Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    owasp: OWASP_INJECTION,
    vulnerabilityClass: 'Cross-Site-Scripting (XSS)',
    languages: ['javascript', 'typescript'],
    technologies: ['express'],
    mode: 'MODE_COMMENT',
    position: 144,
    ruleset: 'p/express'
  },
  goMd5: {
    path: 'go.lang.security.audit.crypto.use_of_weak_crypto.use-of-md5',
    message:
      'Detected MD5 hash algorithm which is considered insecure. MD5 is not collision resistant and is therefore not suitable as a cryptographic signature. Use SHA256 or SHA3 instead.',
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-328: Use of Weak Hash',
    owasp: 'A02:2021 - Cryptographic Failures',
    vulnerabilityClass: 'Insecure Hashing Algorithm',
    languages: ['go'],
    technologies: ['go'],
    mode: 'MODE_MONITOR',
    position: 233,
    ruleset: 'p/golang'
  },
  goTls: {
    path: 'go.lang.security.audit.net.use-tls.use-tls',
    message:
      "Found an HTTP server without TLS. Use 'http.ListenAndServeTLS' instead. See https://golang.org/pkg/net/http/#ListenAndServeTLS for more information.",
    severity: 'SEVERITY_MEDIUM',
    source: 'SOURCE_COMMUNITY',
    cwe: 'CWE-319: Cleartext Transmission of Sensitive Information',
    owasp: 'A02:2021 - Cryptographic Failures',
    vulnerabilityClass: 'Mishandled Sensitive Information',
    languages: ['go'],
    technologies: ['go'],
    mode: 'MODE_MONITOR',
    position: 377,
    ruleset: 'p/golang'
  }
}
