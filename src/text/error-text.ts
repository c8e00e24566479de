/** The message of anything thrown: errors give their message, other values their string form. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
