/**
 * The "object storage" behind the SBOM export's signed URLs: a CycloneDX 1.5 document of the
 * exported repository, S3-style XML errors, and no bearer tokens accepted.
 */
import { randomBytes } from 'node:crypto'
import type http from 'node:http'
import type { DependencyRecord, EmulatorState, SbomTaskRecord } from '../data/records.js'
import type { PlainAnswer, RawRequest } from '../http.js'
import { isRecord } from '../request.js'
import type { JsonObject } from '../wire.js'
import { COMPONENT_TYPE_PREFIX } from './sbom.js'

export const XML = { 'content-type': 'application/xml' }

export function s3Error(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`
}

/** The answer of the download server; `nowMs` (server clock) dates the document. */
export function downloadAnswer(
  state: EmulatorState,
  raw: RawRequest,
  headers: http.IncomingHttpHeaders,
  nowMs: number
): PlainAnswer {
  if (headers.authorization !== undefined) {
    return {
      status: 400,
      headers: XML,
      body: s3Error(
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified'
      )
    }
  }
  if (raw.method !== 'GET')
    return {
      status: 405,
      headers: XML,
      body: s3Error(
        'MethodNotAllowed',
        'The specified method is not allowed against this resource.'
      )
    }
  const match = /^\/sbom\/([^/]+)\.json$/.exec(raw.path)
  const task = match?.[1] === undefined ? undefined : state.sbomTasks.get(match[1])
  if (task?.outcome?.status !== 'SBOM_EXPORT_STATUS_COMPLETED') {
    return {
      status: 404,
      headers: XML,
      body: s3Error('NoSuchKey', 'The specified key does not exist.')
    }
  }
  if (raw.query.get('X-Amz-Signature') !== task.outcome.signature) {
    return {
      status: 403,
      headers: XML,
      body: s3Error(
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.'
      )
    }
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cycloneDxDocument(state, task, nowMs))
  }
}

function purl(dependency: DependencyRecord): string {
  const { name, version, ecosystem } = dependency
  if (ecosystem === 'maven') {
    const [group, artifact] = name.split(':')
    return `pkg:maven/${group ?? name}/${artifact ?? name}@${version}`
  }
  if (ecosystem === 'gomod') return `pkg:golang/${name}@${version}`
  if (ecosystem === 'pypi') return `pkg:pypi/${name.toLowerCase()}@${version}`
  return `pkg:${ecosystem}/${name.replace(/^@/, '%40')}@${version}`
}

function cycloneDxComponentType(componentType: string): string {
  return componentType.slice(COMPONENT_TYPE_PREFIX.length).toLowerCase().replace(/_/g, '-')
}

/** A small CycloneDX 1.5 document for the exported repository and its dependencies. */
function cycloneDxDocument(state: EmulatorState, task: SbomTaskRecord, nowMs: number): JsonObject {
  const components = state.dependencies
    .filter(dependency => dependency.repositoryId === task.repositoryId)
    .map(dependency => ({
      type: 'library',
      'bom-ref': purl(dependency),
      name: dependency.name,
      version: dependency.version,
      purl: purl(dependency),
      // CycloneDX names one license by id, and writes an SPDX expression as an expression.
      licenses: dependency.licenses.map(license =>
        /[\s()]/.test(license) ? { expression: license } : { license: { id: license } }
      ),
      scope: dependency.transitivity === 'DIRECT' ? 'required' : 'optional'
    }))
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${task.taskToken}`,
    version: 1,
    metadata: {
      timestamp: new Date(nowMs).toISOString(),
      tools: {
        components: [{ type: 'application', name: 'semgrep-supply-chain', version: '1.0.0' }]
      },
      component: {
        type: cycloneDxComponentType(task.componentType),
        'bom-ref': task.repositoryName,
        name: task.repositoryName,
        version: task.ref
      },
      supplier: isRecord(task.supplier) ? (task.supplier as JsonObject) : undefined
    },
    components
  }
}
