import { describe, expect, it } from '@jest/globals'
import { ApiError, NetworkError, PaginationError, SchemaError } from '../src/api/errors.js'
import { DeploymentError } from '../src/api/deployments.js'
import { ProjectNotFoundError } from '../src/collect/project.js'
import { IgnoreFileError } from '../src/gate/ignore.js'
import { ConfigError } from '../src/inputs/index.js'
import { NoVerdictError, UserError } from '../src/errors.js'

const request = { method: 'GET', path: '/api/v1/deployments' }

describe('UserError', () => {
  it('is the base of every error a user can fix, which keep their own name and message', () => {
    const fixable: Error[] = [
      new ConfigError(['fail-on-severity: must be one of low, medium, high, critical']),
      new IgnoreFileError('.findings-ignore.yml', ['cannot be read (ENOENT)']),
      new DeploymentError('The api-token cannot access deployment acme'),
      new ProjectNotFoundError('acme/web', { id: '1', slug: 'acme', name: 'Acme' }),
      new NoVerdictError('no scan of refs/heads/main', 'on-missing-scan'),
      new ApiError(request, 401, undefined, 1),
      new NetworkError(request, 'ECONNREFUSED', 'connection refused', 3),
      new SchemaError(request, ['deployments: expected an array']),
      new PaginationError(request, 'the cursor repeated')
    ]
    for (const error of fixable) {
      expect(error).toBeInstanceOf(UserError)
      expect(error.name).toBe(error.constructor.name)
    }
    expect(fixable[0]?.message).toBe('fail-on-severity: must be one of low, medium, high, critical')
  })

  it('is not the base of a bug', () => {
    expect(new TypeError('x')).not.toBeInstanceOf(UserError)
    expect(new Error('x')).not.toBeInstanceOf(UserError)
  })
})
