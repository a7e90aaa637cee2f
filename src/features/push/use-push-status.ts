import { useSyncExternalStore } from 'react'
import { onPushStatusChange, pushStatus, type PushStatus } from './device.ts'

/** This device's notifications state, shared by the offer and the /me card. */
export function usePushStatus(): PushStatus {
  return useSyncExternalStore(onPushStatusChange, pushStatus, pushStatus)
}
