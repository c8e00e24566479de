/** The error a promise rejects with; fails the test when it resolves or rejects with a non-error. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Error) return error
    throw new Error(`rejected with a non-error: ${String(error)}`, { cause: error })
  }
  throw new Error('expected a rejection')
}
