import { afterEach, describe, expect, it } from '@jest/globals'
import { fetch } from 'undici'
import { startEmulator, type Emulator } from '../emulator/server.js'
import { PROJECT, SAMPLE_PROJECT_COUNT } from './helpers/sample.js'

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.close()
  emulator = undefined
})

async function call(em: Emulator, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${em.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${em.token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body)
  })
  return (await response.json()) as Record<string, unknown>
}

describe('emulator at scale', () => {
  it('serves exactly P projects: the sample ones, then generated ones', async () => {
    const em = (emulator = await startEmulator({ projects: 1000 }))
    const { projects } = (await call(
      em,
      '/api/v1/deployments/acme-corp/projects?page_size=3000'
    )) as {
      projects: { name: string; id: number }[]
    }
    expect(projects).toHaveLength(1000)
    expect(projects[0]?.name).toBe(em.state.projects[0]?.name)
    expect(projects[SAMPLE_PROJECT_COUNT]?.name).toBe('acme/gen-00001')
    expect(projects[999]?.name).toBe('acme/gen-00746')
    expect(new Set(projects.map(p => p.id)).size).toBe(1000)
    const few = await startEmulator({ projects: 3 })
    expect(few.state.projects).toHaveLength(3)
    await few.close()
  })

  it('lists the bulk repository after the P projects, and answers it by name', async () => {
    const em = (emulator = await startEmulator({
      projects: 5000,
      bulk: { repository: 'acme/bench', ref: 'refs/heads/main', sast: 10, sca: 10 }
    }))
    expect(em.state.projects).toHaveLength(5001)
    expect(em.state.projects.at(-1)?.name).toBe('acme/bench')
    const byName = (await call(em, '/api/v1/deployments/acme-corp/projects/acme/bench')) as {
      project: { id: number }
    }
    expect(byName.project.id).toBe(em.state.projects.at(-1)?.id)
  })

  it('an export stays IN_PROGRESS until sbomExportMs after it was created', async () => {
    const em = (emulator = await startEmulator({ sbomExportMs: 600, sbomPollsUntilDone: 0 }))
    const { taskToken } = (await call(em, '/api/v1/deployments/4242/sbom/export', {
      method: 'POST',
      body: { deploymentId: '4242', repositoryId: String(PROJECT.web) }
    })) as { taskToken: string }
    const poll = () => call(em, `/api/v1/deployments/4242/sbom/export/${taskToken}`)
    expect((await poll()).status).toBe('SBOM_EXPORT_STATUS_IN_PROGRESS')
    expect((await poll()).status).toBe('SBOM_EXPORT_STATUS_IN_PROGRESS')
    await new Promise(resolve => setTimeout(resolve, 650))
    expect((await poll()).status).toBe('SBOM_EXPORT_STATUS_COMPLETED')
  })
})
