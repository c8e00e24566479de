import { afterAll, beforeAll } from '@jest/globals'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A scratch folder for the tests of one file: made before them, removed after them. Returns the
 * folder's path, to be called inside a test.
 */
export function tempDir(prefix: string): () => string {
  let dir: string | undefined
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
  })
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
  })
  return () => {
    if (dir === undefined) throw new Error('the scratch folder is made before the tests')
    return dir
  }
}
