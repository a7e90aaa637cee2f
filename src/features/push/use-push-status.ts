import { useSyncExternalStore } from 'react'
import { onPushStatusChange, pushStatus } from './device.ts'
import type { PushStatus } from './status.ts'

/** This device's notifications state, shared by the offer and the /me card. */
export function usePushStatus(): PushStatus {
  return useSyncExternalStore(onPushStatusChange, pushStatus, pushStatus)
}
