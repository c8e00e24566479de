/** The unauthenticated control surface under `/_emulator/` for out-of-process use (CLI, scripts). */
import type http from 'node:http'
import { faultFromJson } from './faults.js'
import { parseJsonText, send, type RawRequest } from './http.js'
import type { Emulator } from './options.js'
import { ApiError, isRecord, NOT_FOUND_MESSAGE } from './request.js'
import type { WireShape } from './wire.js'

/** Answers a control request; `date` is the server clock's Date header. */
export function handleControl(
  emulator: Emulator,
  raw: RawRequest,
  res: http.ServerResponse,
  date: string
): void {
  const reply = (status: number, payload: unknown): void =>
    send(
      res,
      { status, body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } },
      date
    )
  try {
    const result = control(emulator, `${raw.method} ${raw.path}`, parseJsonText(raw.text))
    reply(result.status, result.payload)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    reply(error.status, { error: error.message })
  }
}

function control(
  emulator: Emulator,
  key: string,
  parsed: { body: unknown; isJson: boolean }
): { status: number; payload: unknown } {
  if (!parsed.isJson) throw new ApiError(400, 'Request body is not valid JSON')
  switch (key) {
    case 'POST /_emulator/faults':
      emulator.addFault(faultFromJson(parsed.body))
      return { status: 201, payload: { ok: true } }
    case 'DELETE /_emulator/faults':
      emulator.clearFaults()
      return { status: 200, payload: { ok: true } }
    case 'POST /_emulator/shape':
      emulator.setShape(shapeFromJson(parsed.body))
      return { status: 200, payload: { shape: emulator.shape } }
    case 'GET /_emulator/requests':
      return {
        status: 200,
        payload: { requests: emulator.requests, downloads: emulator.downloads }
      }
    case 'DELETE /_emulator/requests':
      emulator.requests.length = 0
      emulator.downloads.length = 0
      return { status: 200, payload: { ok: true } }
    default:
      return { status: 404, payload: { error: NOT_FOUND_MESSAGE } }
  }
}

function shapeFromJson(body: unknown): WireShape {
  const shape = isRecord(body) ? body.shape : undefined
  if (shape !== 'documented' && shape !== 'live')
    throw new ApiError(400, 'shape must be "documented" or "live"')
  return shape
}
