/** The files of a deployment export: one per project, never shared, even ignoring case. */
import { describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import type { Project } from '../src/domain.js'
import { deploymentTargets, sbomFileName } from '../src/effects/sbom-files.js'

function project(id: number, name: string): Project {
  return { id, name, tags: [] }
}

describe('sbomFileName', () => {
  it('puts the project id before the readable name', () => {
    expect(sbomFileName(project(1234, 'acme/web'), 'cyclonedx')).toBe('1234-acme__web.cdx.json')
    expect(sbomFileName(project(7, 'acme/web'), 'json')).toBe('7-acme__web.json')
  })

  it('gives names that collided before their own file, even compared case-insensitively', () => {
    // acme/web and acme__web were both acme__web.cdx.json; acme/WEB was too, on macOS and Windows.
    const names = [
      project(1, 'acme/web'),
      project(2, 'acme__web'),
      project(3, 'acme/WEB'),
      project(4, 'acme/w?b'),
      project(5, 'acme/w*b')
    ].map(p => sbomFileName(p, 'cyclonedx').toLowerCase())
    expect(names).toEqual([
      '1-acme__web.cdx.json',
      '2-acme__web.cdx.json',
      '3-acme__web.cdx.json',
      '4-acme__w_b.cdx.json',
      '5-acme__w_b.cdx.json'
    ])
    expect(new Set(names).size).toBe(5)
  })

  it('keeps every name inside the folder, short, and free of device names', () => {
    expect(sbomFileName(project(9, '../../etc/passwd'), 'json')).toBe('9-..__..__etc__passwd.json')
    expect(sbomFileName(project(10, 'con'), 'json')).toBe('10-con.json')
    const long = sbomFileName(project(11, `acme/${'x'.repeat(500)}`), 'cyclonedx')
    expect(long).toBe(`11-acme__${'x'.repeat(94)}.cdx.json`)
  })
})

describe('deploymentTargets', () => {
  it('gives each project its file; a project listed twice gets no second claim on it', () => {
    const web = project(1, 'acme/web')
    const targets = deploymentTargets(
      'out',
      [web, project(2, 'acme__web'), { ...web }, project(3, 'acme/WEB')],
      'cyclonedx'
    )
    expect(targets).toEqual([
      { file: join('out', '1-acme__web.cdx.json') },
      { file: join('out', '2-acme__web.cdx.json') },
      { file: join('out', '1-acme__web.cdx.json'), takenBy: web },
      { file: join('out', '3-acme__WEB.cdx.json') }
    ])
  })

  it('compares the files as a case-insensitive file system does', () => {
    const targets = deploymentTargets(
      'out',
      [project(1, 'acme/web'), project(1, 'acme/WEB')],
      'json'
    )
    expect(targets[1]).toEqual({
      file: join('out', '1-acme__WEB.json'),
      takenBy: project(1, 'acme/web')
    })
  })
})
