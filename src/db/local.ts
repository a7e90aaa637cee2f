/**
 * The device database (Dexie) and its writes load on first use, not with the first screen:
 * the screens draw their frame and skeletons while it loads, then read it live.
 */
import { yieldToBrowser } from '../lib/yield-to-browser.ts'
import { untilFirstScreenWhenOnline } from '../ui/after-first-screen.tsx'
import type * as LocalDataModule from './local-data.ts'

export type LocalData = typeof LocalDataModule

let loading: Promise<LocalData> | null = null

/** The same promise for every caller, so work queued on it runs in the order it was asked for (the owner claim before any sync). */
export function loadLocalData(): Promise<LocalData> {
  // Dexie's evaluation, then the database's (its schema's versions), a task each: together
  // one long task on a phone (issue 7 TBT).
  loading ??= import('dexie')
    .then(yieldToBrowser)
    .then(() => import('./local-data.ts'))
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
}

/**
 * The device database for the start's work: online once the first screen is painted (the
 * screen draws the kept user and the server's answer without it, and Dexie's evaluation
 * before that paint held it back on a phone); offline at once, the screen's only
 * source. Called in the order the work must run (the owner claim before any sync).
 */
export function loadLocalDataAfterFirstScreen(): Promise<LocalData> {
  return untilFirstScreenWhenOnline().then(loadLocalData)
}

/**
 * A sync gets the device's data as a promise (issue 37): its request goes out while the
 * database loads, and only its read of stored rows and its write wait for it.
 */
export type Device = Promise<LocalData>
