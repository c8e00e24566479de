import { z } from 'zod'
import type { Deployment } from '../domain.js'
import type { Transport } from './transport.js'
import { stringId } from './wire.js'
import { UserError } from '../errors.js'

const DeploymentsResponse = z.object({
  deployments: z.array(
    z.object({ id: stringId, slug: z.string().min(1), name: z.string().nullish() })
  )
})

export const DEPLOYMENTS_PATH = '/api/v1/deployments'

/** The deployments the token can access (the service says: exactly one today). */
export async function listDeployments(transport: Transport): Promise<Deployment[]> {
  const response = await transport.request({
    method: 'GET',
    path: DEPLOYMENTS_PATH,
    schema: DeploymentsResponse,
    hints: { 404: 'the token has no Web API access (an "Agent (CI)" token cannot use the Web API)' }
  })
  return response.deployments.map(d => ({ id: d.id, slug: d.slug, name: d.name ?? d.slug }))
}

/**
 * The log line of a run that found its deployment through the token: with the slug set, the
 * project is looked up while the deployment is checked, a round trip sooner.
 */
export function discoveredNote(deployment: Deployment): string {
  return `Deployment ${deployment.slug} (id ${deployment.id}) found through the api-token; with deployment-slug: ${deployment.slug} set, the project is looked up while the deployment is checked, a round trip sooner`
}

export class DeploymentError extends UserError {
  override readonly name = 'DeploymentError'
}

export interface WantedDeployment {
  readonly slug?: string
  readonly id?: string
}

/** The deployment the inputs name, from the ones the token can access; the other key is filled in. */
export function pickDeployment(
  accessible: readonly Deployment[],
  wanted: WantedDeployment
): Deployment {
  const names = accessible.map(d => `${d.slug} (id ${d.id})`).join(', ') || 'none'
  const matches = accessible.filter(
    d =>
      (wanted.slug === undefined || d.slug.toLowerCase() === wanted.slug.toLowerCase()) &&
      (wanted.id === undefined || d.id === wanted.id)
  )
  if (matches.length === 1) return matches[0]
  if (wanted.slug === undefined && wanted.id === undefined) {
    const problem =
      accessible.length === 0
        ? 'can access no deployment'
        : `can access several deployments: ${names}; set deployment-slug`
    throw new DeploymentError(`The api-token ${problem}`)
  }
  const asked = [
    wanted.slug && `deployment-slug "${wanted.slug}"`,
    wanted.id && `deployment-id "${wanted.id}"`
  ]
    .filter(Boolean)
    .join(' and ')
  throw new DeploymentError(
    `${asked} does not match a deployment this api-token can access (${names})`
  )
}

/**
 * A slug and an id that name different deployments: findings would be read from one and the scans,
 * secrets and licenses from the other. Named with what the token sees.
 */
function mismatch(accessible: readonly Deployment[], slug: string, id: string): DeploymentError {
  const bySlug = accessible.find(d => d.slug.toLowerCase() === slug.toLowerCase())
  const byId = accessible.find(d => d.id === id)
  if (bySlug !== undefined) {
    const other = byId === undefined ? '' : `, and id ${id} is ${byId.slug}`
    return new DeploymentError(
      `deployment-id "${id}" does not match deployment-slug "${slug}": the api-token sees ${bySlug.slug} with id ${bySlug.id}${other}; set deployment-id to ${bySlug.id} or leave it empty`
    )
  }
  if (byId !== undefined) {
    return new DeploymentError(
      `deployment-slug "${slug}" does not match deployment-id "${id}": the api-token sees no deployment ${slug}, and id ${id} is ${byId.slug}; set deployment-slug to ${byId.slug} or leave it empty`
    )
  }
  return new DeploymentError(
    `deployment-slug "${slug}" and deployment-id "${id}" do not match a deployment this api-token can access (${accessible.map(d => `${d.slug} (id ${d.id})`).join(', ') || 'none'})`
  )
}

/**
 * Both keys are needed (findings by slug, policies and SBOMs by id). When both are given they are
 * still checked against each other: one request, against judging findings of one deployment with
 * the policies of another.
 */
export async function resolveDeployment(
  transport: Transport,
  wanted: WantedDeployment
): Promise<Deployment> {
  const accessible = await listDeployments(transport)
  if (wanted.slug !== undefined && wanted.id !== undefined) {
    const slug = wanted.slug.toLowerCase()
    const both = accessible.find(d => d.slug.toLowerCase() === slug && d.id === wanted.id)
    if (both === undefined) throw mismatch(accessible, wanted.slug, wanted.id)
  }
  return pickDeployment(accessible, wanted)
}
