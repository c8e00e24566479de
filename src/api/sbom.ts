import { z } from 'zod'
import type { SbomComponentType, SbomExport, SbomStatus } from '../domain.js'
import type { RequestOptions, Transport } from './transport.js'
import { optionalString } from './wire.js'

export const SBOM_FORMATS = {
  json: 'SBOM_OUTPUT_FORMAT_JSON',
  cyclonedx: 'SBOM_OUTPUT_FORMAT_CYCLONEDX'
} as const

export function componentTypeWire(type: SbomComponentType): string {
  return `SBOM_METADATA_COMPONENT_TYPE_CYCLONE_DX_V15_${type.toUpperCase()}`
}

export interface SbomExportRequest {
  readonly repositoryId: number
  readonly ref?: string
  readonly format: keyof typeof SBOM_FORMATS
  readonly componentType: SbomComponentType
  readonly supplier?: { readonly name?: string; readonly url?: string; readonly email?: string }
}

const CreateResponse = z.object({ taskToken: z.string().min(1) })

const STATUS_VALUES: Readonly<Record<string, SbomStatus>> = {
  SBOM_EXPORT_STATUS_IN_PROGRESS: 'in_progress',
  SBOM_EXPORT_STATUS_COMPLETED: 'completed',
  SBOM_EXPORT_STATUS_FAILED: 'failed'
}

const StatusResponse = z.object({
  status: z.string().transform((raw, ctx) => {
    const status = STATUS_VALUES[raw]
    if (!status) {
      ctx.addIssue({
        code: 'custom',
        message: `expected an SBOM_EXPORT_STATUS_* value (got "${raw.slice(0, 60)}")`
      })
      return z.NEVER
    }
    return status
  }),
  downloadUrl: optionalString,
  errorMessage: optionalString
})

function exportPath(deploymentId: string): string {
  return `/api/v1/deployments/${encodeURIComponent(deploymentId)}/sbom/export`
}

function supplierWire(supplier: SbomExportRequest['supplier']): object | undefined {
  if (!supplier) return undefined
  return {
    ...(supplier.name ? { name: supplier.name } : {}),
    ...(supplier.url ? { url: supplier.url } : {}),
    ...(supplier.email ? { contact: { email: supplier.email } } : {})
  }
}

/**
 * Starts an export job and returns its task token. Never retried once the server may have acted
 * on it, like ticket creation: a retry after a timeout starts another export job on the server
 * (one per attempt and project), so a failed step is the better outcome.
 */
export async function createSbomExport(
  transport: Transport,
  deploymentId: string,
  request: SbomExportRequest,
  rateLimit: RequestOptions['rateLimit'] = 'retry'
): Promise<string> {
  const supplier = supplierWire(request.supplier)
  const response = await transport.request({
    method: 'POST',
    path: exportPath(deploymentId),
    idempotent: false,
    rateLimit,
    body: {
      deploymentId,
      repositoryId: String(request.repositoryId),
      ...(request.ref ? { ref: request.ref } : {}),
      sbomOutputFormat: SBOM_FORMATS[request.format],
      metadataComponentType: componentTypeWire(request.componentType),
      ...(supplier ? { metadataSupplier: supplier } : {})
    },
    schema: CreateResponse
  })
  return response.taskToken
}

export async function getSbomExport(
  transport: Transport,
  deploymentId: string,
  taskToken: string,
  rateLimit: RequestOptions['rateLimit'] = 'retry'
): Promise<SbomExport> {
  const response = await transport.request({
    method: 'GET',
    rateLimit,
    path: `${exportPath(deploymentId)}/${encodeURIComponent(taskToken)}`,
    schema: StatusResponse
  })
  return {
    status: response.status,
    downloadUrl: response.downloadUrl ?? undefined,
    errorMessage: response.errorMessage ?? undefined
  }
}
