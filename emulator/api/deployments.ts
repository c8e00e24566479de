/** `GET /deployments`: the one deployment the token belongs to. */
import type { ApiResponse, Environment } from '../request.js'
import { ok } from '../request.js'

export function listDeployments(env: Environment): ApiResponse {
  const { deployment } = env.state
  return ok({
    deployments: [
      {
        id: Number(deployment.id),
        name: deployment.name,
        slug: deployment.slug,
        findings: { url: `${env.apiUrl}/api/v1/deployments/${deployment.slug}/findings` }
      }
    ]
  })
}
