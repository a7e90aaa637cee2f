import type { ApiClient } from './client.ts'
import type { ClientConfig } from '../contract/schemas/config.ts'

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

let loaded: Promise<ClientConfig | null> | null = null

/**
 * Fetches `/config/` once per page load and keeps it for the next start; offline, the kept
 * copy serves (the portal must open on a bus with no signal). Every caller of this load (the
 * session's start, monitoring, the D6 redirect) shares the one answer; a failed fetch is tried
 * again by the next caller.
 */
export function refreshRuntimeConfig(api: ApiClient): Promise<ClientConfig | null> {
  loaded ??= fetchRuntimeConfig(api).then((fetched) => {
    if (!fetched) loaded = null
    return current
  })
  return loaded
}

/** Whether the server answered; on any failure the cached settings stay. */
async function fetchRuntimeConfig(api: ApiClient): Promise<boolean> {
  try {
    // The endpoint's schemas load with the request, not with the module: the signed-in frame
    // reads the kept settings (the chat button) without them.
    const { configEndpoints } = await import('../contract/endpoints/config.ts')
    current = await api.call(configEndpoints.config)
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(current))
    return true
  } catch {
    return false
  }
}
