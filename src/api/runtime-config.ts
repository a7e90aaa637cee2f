import type { ApiClient } from './client.ts'
import type { ClientConfig } from './schemas/config.ts'

const STORAGE_KEY = 'runtime_config'
export const DEFAULT_DRIVE_BASE_URL = '/drive/api/v1'

let current: ClientConfig | null = readCached()

function readCached(): ClientConfig | null {
  try {
    const text = globalThis.localStorage?.getItem(STORAGE_KEY)
    return text ? (JSON.parse(text) as ClientConfig) : null
  } catch {
    return null
  }
}

/** The last known run-time settings (D22), or null before the first successful load. */
export function runtimeConfig(): ClientConfig | null {
  return current
}

export function driveBaseUrl(): string {
  return current?.drive_base_url ?? DEFAULT_DRIVE_BASE_URL
}

let inFlight: Promise<ClientConfig | null> | null = null

/**
 * Fetches `/config/` and keeps it for the next start; offline, the kept copy serves
 * (the portal must open on a bus with no signal). Callers at start-up (monitoring, the D6
 * redirect) share one request.
 */
export function refreshRuntimeConfig(api: ApiClient): Promise<ClientConfig | null> {
  inFlight ??= fetchRuntimeConfig(api).finally(() => {
    inFlight = null
  })
  return inFlight
}

async function fetchRuntimeConfig(api: ApiClient): Promise<ClientConfig | null> {
  try {
    // The endpoint's schemas load with the request, not with the module: the signed-in frame
    // reads the kept settings (the chat button, P205) without them.
    const { configEndpoints } = await import('./contract/config.ts')
    current = await api.call(configEndpoints.config)
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(current))
  } catch {
    // keep the cached settings
  }
  return current
}
