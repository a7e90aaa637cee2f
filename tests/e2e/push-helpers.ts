import type { APIRequestContext } from '@playwright/test'

/**
 * The push-service stand-in as the browser tests drive it (tests/e2e/serve.ts: plain HTTP
 * control on PORT + 1).
 */

/** A device whose keys the stand-in holds: its subscription's endpoint and keys. */
export interface StandInDevice {
  id: string
  endpoint: string
  p256dh: string
  auth: string
}

function standInUrl(baseURL: string): string {
  return `http://127.0.0.1:${Number(new URL(baseURL).port) + 1}/__stand-in/push`
}

export async function newStandInDevice(request: APIRequestContext, baseURL: string): Promise<StandInDevice> {
  return (await (await request.post(`${standInUrl(baseURL)}/subscriptions`)).json()) as StandInDevice
}

/** What the stand-in received for a device and decrypted, oldest first. */
export async function receivedBy(request: APIRequestContext, baseURL: string, device: StandInDevice): Promise<{ body: string }[]> {
  return (await (await request.get(`${standInUrl(baseURL)}/received/${device.id}`)).json()) as { body: string }[]
}

/** The device's next `count` pushes fail with `status` (0: the connection drops unanswered). */
export async function failNextPushes(request: APIRequestContext, baseURL: string, device: StandInDevice, status: number, count: number) {
  await request.post(`${standInUrl(baseURL)}/fail/${device.id}?status=${status}&count=${count}`)
}
