/**
 * The sample dependencies of the four named projects, with their manifests and licenses. A
 * license is one SPDX id or expression, as the live service lists them (`(MIT OR
 * GPL-3.0-or-later)` is jszip's own); '' stands for a dependency the platform knows no license
 * of, listed with an empty `licenses`.
 */
import type { DependencyRecord, DependencyTransitivity } from './records.js'
import { SAMPLE_PROJECT_IDS } from './sample-projects.js'
import { daysBefore, githubUrl, stableHex } from './seed.js'

type DependencyTuple = readonly [
  name: string,
  version: string,
  ecosystem: string,
  license: string,
  transitivity: DependencyTransitivity
]

const WEB_DEPENDENCIES: readonly DependencyTuple[] = [
  ['react', '18.2.0', 'npm', 'MIT', 'DIRECT'],
  ['react-dom', '18.2.0', 'npm', 'MIT', 'DIRECT'],
  ['lodash', '4.17.20', 'npm', 'MIT', 'DIRECT'],
  ['express', '4.18.2', 'npm', 'MIT', 'DIRECT'],
  ['body-parser', '1.20.1', 'npm', 'MIT', 'TRANSITIVE'],
  ['cookie', '0.5.0', 'npm', 'MIT', 'TRANSITIVE'],
  ['minimist', '1.2.5', 'npm', 'MIT', 'TRANSITIVE'],
  ['debug', '2.6.8', 'npm', 'MIT', 'TRANSITIVE'],
  ['axios', '1.6.2', 'npm', 'MIT', 'DIRECT'],
  ['classnames', '2.3.2', 'npm', 'MIT', 'DIRECT'],
  ['typescript', '5.3.3', 'npm', 'Apache-2.0', 'DIRECT'],
  ['rxjs', '7.8.1', 'npm', 'Apache-2.0', 'TRANSITIVE'],
  ['semver', '7.5.4', 'npm', 'ISC', 'TRANSITIVE'],
  ['glob', '10.3.10', 'npm', 'ISC', 'TRANSITIVE'],
  ['lru-cache', '10.1.0', 'npm', 'ISC', 'TRANSITIVE'],
  ['once', '1.4.0', 'npm', 'ISC', 'TRANSITIVE'],
  ['inherits', '2.0.4', 'npm', 'ISC', 'TRANSITIVE'],
  ['qs', '6.11.0', 'npm', 'BSD-3-Clause', 'TRANSITIVE'],
  ['source-map', '0.6.1', 'npm', 'BSD-3-Clause', 'TRANSITIVE'],
  ['uuid', '9.0.1', 'npm', 'MIT', 'DIRECT'],
  ['moment', '2.29.4', 'npm', 'MIT', 'DIRECT'],
  ['date-fns', '2.30.0', 'npm', 'MIT', 'DIRECT'],
  ['chalk', '4.1.2', 'npm', 'MIT', 'TRANSITIVE'],
  ['commander', '11.1.0', 'npm', 'MIT', 'TRANSITIVE'],
  ['ws', '8.14.2', 'npm', 'MIT', 'TRANSITIVE'],
  ['Django', '3.2.4', 'pypi', 'BSD-3-Clause', 'DIRECT'],
  ['requests', '2.25.1', 'pypi', 'Apache-2.0', 'DIRECT'],
  ['PyYAML', '5.3.1', 'pypi', 'MIT', 'DIRECT'],
  ['Jinja2', '2.11.2', 'pypi', 'BSD-3-Clause', 'DIRECT'],
  ['urllib3', '1.26.4', 'pypi', 'MIT', 'TRANSITIVE'],
  ['idna', '3.4', 'pypi', 'BSD-3-Clause', 'TRANSITIVE'],
  ['sqlparse', '0.4.4', 'pypi', 'BSD-3-Clause', 'TRANSITIVE'],
  ['asgiref', '3.7.2', 'pypi', 'BSD-3-Clause', 'TRANSITIVE'],
  ['gunicorn', '21.2.0', 'pypi', 'MIT', 'DIRECT'],
  ['celery', '5.3.4', 'pypi', 'BSD-3-Clause', 'DIRECT'],
  ['redis', '5.0.1', 'pypi', 'MIT', 'DIRECT'],
  ['boto3', '1.28.57', 'pypi', 'Apache-2.0', 'DIRECT'],
  ['botocore', '1.31.57', 'pypi', 'Apache-2.0', 'TRANSITIVE'],
  ['PyQt5', '5.15.10', 'pypi', 'GPL-3.0-only', 'DIRECT'],
  ['PyMuPDF', '1.23.8', 'pypi', 'AGPL-3.0-or-later', 'DIRECT'],
  ['jszip', '3.10.1', 'npm', '(MIT OR GPL-3.0-or-later)', 'TRANSITIVE'],
  ['pako', '1.0.11', 'npm', '(MIT AND Zlib)', 'TRANSITIVE'],
  ['node-forge', '1.3.1', 'npm', '(BSD-3-Clause OR GPL-2.0-only)', 'TRANSITIVE'],
  ['@acme/telemetry', '0.4.0', 'npm', '', 'DIRECT']
]

const LEGACY_DEPENDENCIES: readonly DependencyTuple[] = [
  ['org.apache.logging.log4j:log4j-core', '2.14.1', 'maven', 'Apache-2.0', 'DIRECT'],
  ['org.apache.logging.log4j:log4j-api', '2.14.1', 'maven', 'Apache-2.0', 'TRANSITIVE'],
  ['org.springframework:spring-core', '5.3.9', 'maven', 'Apache-2.0', 'DIRECT'],
  ['com.fasterxml.jackson.core:jackson-databind', '2.12.3', 'maven', 'Apache-2.0', 'DIRECT'],
  ['org.apache.commons:commons-lang3', '3.12.0', 'maven', 'Apache-2.0', 'DIRECT'],
  ['com.google.guava:guava', '30.1-jre', 'maven', 'Apache-2.0', 'DIRECT'],
  ['mysql:mysql-connector-java', '8.0.25', 'maven', 'GPL-2.0-only', 'DIRECT'],
  ['junit:junit', '4.13.2', 'maven', 'EPL-1.0', 'DIRECT']
]

const API_DEPENDENCIES: readonly DependencyTuple[] = [
  ['express', '4.18.2', 'npm', 'MIT', 'DIRECT'],
  ['axios', '0.21.1', 'npm', 'MIT', 'DIRECT'],
  ['jsonwebtoken', '8.5.1', 'npm', 'MIT', 'DIRECT'],
  ['pg', '8.11.3', 'npm', 'MIT', 'DIRECT'],
  ['zod', '3.22.4', 'npm', 'MIT', 'DIRECT'],
  ['helmet', '7.1.0', 'npm', 'MIT', 'DIRECT'],
  ['dotenv', '16.3.1', 'npm', 'BSD-2-Clause', 'DIRECT'],
  ['semver', '7.5.4', 'npm', 'ISC', 'TRANSITIVE'],
  ['debug', '4.3.4', 'npm', 'MIT', 'TRANSITIVE'],
  ['ms', '2.1.2', 'npm', 'MIT', 'TRANSITIVE']
]

const PAYMENTS_DEPENDENCIES: readonly DependencyTuple[] = [
  ['golang.org/x/net', 'v0.7.0', 'gomod', 'BSD-3-Clause', 'DIRECT'],
  ['github.com/stripe/stripe-go/v76', 'v76.8.0', 'gomod', 'MIT', 'DIRECT'],
  ['github.com/google/uuid', 'v1.4.0', 'gomod', 'BSD-3-Clause', 'DIRECT'],
  ['go.uber.org/zap', 'v1.26.0', 'gomod', 'MIT', 'DIRECT'],
  ['github.com/jackc/pgx/v5', 'v5.5.0', 'gomod', 'MIT', 'DIRECT'],
  ['golang.org/x/crypto', 'v0.14.0', 'gomod', 'BSD-3-Clause', 'TRANSITIVE']
]

const MANIFESTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'acme/web': { npm: 'web/frontend/package-lock.json', pypi: 'requirements.txt' },
  'acme/web-legacy': { maven: 'pom.xml' },
  'acme/api': { npm: 'package-lock.json' },
  'acme/payments': { gomod: 'go.mod' }
}

function dependenciesOf(
  repository: string,
  tuples: readonly DependencyTuple[],
  firstId: number,
  now: Date
): DependencyRecord[] {
  const repositoryId = SAMPLE_PROJECT_IDS[repository] ?? 0
  return tuples.map(([name, version, ecosystem, license, transitivity], index) => {
    const path = MANIFESTS[repository]?.[ecosystem] ?? 'package-lock.json'
    const line = 12 + index * 17
    return {
      id: String(firstId + index),
      repositoryId,
      name,
      version,
      ecosystem,
      licenses: license === '' ? [] : [license],
      transitivity,
      definedAt: {
        path,
        startLine: line,
        endLine: line,
        url: `${githubUrl(repository)}/blob/${stableHex(`commit:${repository}:main`, 40)}/${path}#L${line}`,
        committedAt: daysBefore(now, 3)
      }
    }
  })
}

export function sampleDependencies(now: Date): DependencyRecord[] {
  return [
    ...dependenciesOf('acme/web', WEB_DEPENDENCIES, 600_001, now),
    ...dependenciesOf('acme/web-legacy', LEGACY_DEPENDENCIES, 610_001, now),
    ...dependenciesOf('acme/api', API_DEPENDENCIES, 620_001, now),
    ...dependenciesOf('acme/payments', PAYMENTS_DEPENDENCIES, 630_001, now)
  ]
}
