/**
 * SBOM exports: `POST /deployments/{id}/sbom/export` starts a task, `GET .../sbom/export/{token}`
 * polls it until it settles COMPLETED (with a signed download URL, see sbom-download.ts) or FAILED.
 * Exports take a while to generate, as the live service's do: a number of in-progress polls,
 * and optionally a generation time (`sbomExportMs`).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { EmulatorState, SbomTaskRecord } from '../data/records.js'
import type { ApiResponse, Environment, RequestContext, Route } from '../request.js'
import {
  badParam,
  decodeSegment,
  field,
  isPath,
  isRecord,
  notFound,
  objectBody,
  ok,
  optionalString
} from '../request.js'

const SBOM_OUTPUT_FORMATS = ['SBOM_OUTPUT_FORMAT_JSON', 'SBOM_OUTPUT_FORMAT_CYCLONEDX'] as const
export const COMPONENT_TYPE_PREFIX = 'SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_'
const COMPONENT_TYPES = [
  'APPLICATION',
  'FRAMEWORK',
  'LIBRARY',
  'CONTAINER',
  'PLATFORM',
  'OPERATING_SYSTEM',
  'DEVICE',
  'DEVICE_DRIVER',
  'FIRMWARE',
  'FILE',
  'MACHINE_LEARNING_MODEL',
  'DATA'
].map(type => `${COMPONENT_TYPE_PREFIX}${type}`)

function enumField(
  value: unknown,
  name: string,
  values: readonly string[],
  fallback: string
): string {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'string' || !values.includes(value))
    throw badParam(name, `expected one of ${values.join(', ')}`)
  return value
}

function sbomRepositoryId(value: unknown): number {
  const valid =
    (typeof value === 'string' && /^\d+$/.test(value)) ||
    (typeof value === 'number' && Number.isInteger(value))
  if (!valid) throw badParam('repositoryId', 'required; expected a numeric repository id')
  return Number(value)
}

function createSbomExport(ctx: RequestContext, env: Environment): ApiResponse {
  const body = objectBody(ctx)
  const repositoryId = sbomRepositoryId(field(body, 'repositoryId', 'repository_id'))
  const outputFormat = enumField(
    field(body, 'sbomOutputFormat', 'sbom_output_format'),
    'sbomOutputFormat',
    SBOM_OUTPUT_FORMATS,
    SBOM_OUTPUT_FORMATS[0]
  )
  const componentType = enumField(
    field(body, 'metadataComponentType', 'metadata_component_type'),
    'metadataComponentType',
    COMPONENT_TYPES,
    `${COMPONENT_TYPE_PREFIX}APPLICATION`
  )
  const formatVersion = field(body, 'formatVersion', 'format_version')
  if (formatVersion !== undefined && formatVersion !== null && !isRecord(formatVersion)) {
    throw badParam('formatVersion', 'expected an object')
  }
  const ref = optionalString(body.ref, 'ref')
  const project = env.state.projects.find(candidate => candidate.id === repositoryId)
  if (project === undefined) throw notFound(`Repository ${repositoryId} not found`)
  const task: SbomTaskRecord = {
    taskToken: randomUUID(),
    repositoryId,
    repositoryName: project.name,
    ref: ref ?? project.primaryBranch,
    outputFormat,
    componentType,
    supplier: field(body, 'metadataSupplier', 'metadata_supplier') ?? null,
    pollsUntilDone: env.state.sbomPollsUntilDone,
    polls: 0,
    readyAt: sbomReadyAt(env.state),
    outcome: null
  }
  env.state.sbomTasks.set(task.taskToken, task)
  return ok({ taskToken: task.taskToken })
}

/** Settles a task once its in-progress polls are used up; a settled task never changes. */
function settleSbomTask(
  task: SbomTaskRecord,
  state: EmulatorState
): NonNullable<SbomTaskRecord['outcome']> {
  if (task.outcome !== null) return task.outcome
  const fails =
    state.sbomFailRepositories.has(task.repositoryId) ||
    state.sbomFailRepositories.has(String(task.repositoryId))
  task.outcome = fails
    ? {
        status: 'SBOM_EXPORT_STATUS_FAILED',
        errorMessage: `Failed to export SBOM for ${task.repositoryName} at ${task.ref}: no completed full scan with dependency data was found`
      }
    : { status: 'SBOM_EXPORT_STATUS_COMPLETED', signature: randomBytes(32).toString('hex') }
  return task.outcome
}

function getSbomExport(env: Environment, taskToken: string): ApiResponse {
  const task = env.state.sbomTasks.get(taskToken)
  if (task === undefined) throw notFound(`Export task ${taskToken} not found`)
  task.polls += 1
  if (sbomTaskInProgress(task)) return ok({ status: 'SBOM_EXPORT_STATUS_IN_PROGRESS' })
  const outcome = settleSbomTask(task, env.state)
  if (outcome.status === 'SBOM_EXPORT_STATUS_FAILED')
    return ok({ status: outcome.status, errorMessage: outcome.errorMessage })
  return ok({
    status: outcome.status,
    downloadUrl: `${env.downloadUrl}/sbom/${task.taskToken}.json?X-Amz-Signature=${outcome.signature}`
  })
}

/** When a new export may first answer COMPLETED or FAILED (wall clock, milliseconds). */
export function sbomReadyAt(state: EmulatorState, now: number = Date.now()): number {
  return now + (state.sbomExportMs ?? 0)
}

/**
 * Still generating: before its ready time, or while it has in-progress polls left. Both hold at
 * once when both are set, as a slow export polled too early does.
 */
export function sbomTaskInProgress(task: SbomTaskRecord, now: number = Date.now()): boolean {
  if (task.outcome !== null) return false
  return task.polls <= task.pollsUntilDone || now < (task.readyAt ?? 0)
}

export const sbomRoutes: readonly Route[] = [
  { method: 'POST', key: 'id', matches: isPath('sbom', 'export'), handle: createSbomExport },
  {
    method: 'GET',
    key: 'id',
    matches: rest => rest.length === 3 && rest[0] === 'sbom' && rest[1] === 'export',
    handle: (_ctx, env, rest) => getSbomExport(env, decodeSegment(rest[2] ?? ''))
  }
]
