import { describe, expect, it } from 'vitest'
import { NetworkError } from '../lib/client.ts'
import { offlineStateOf } from './offline-state.ts'

const base = { isSyncing: false, syncError: null, isPaused: false }
const isEmpty = (list: number[]) => list.length === 0

describe('honest states (issue 7)', () => {
  it('never says empty before an answer: nothing stored yet is loading while a fetch can arrive', () => {
    expect(offlineStateOf({ ...base, snapshot: undefined }, isEmpty)).toBe('loading')
    expect(offlineStateOf({ ...base, snapshot: null }, isEmpty)).toBe('loading')
    expect(offlineStateOf({ ...base, snapshot: null, isSyncing: true, syncError: new NetworkError() }, isEmpty)).toBe('loading')
  })

  it('empty only when a stored answer is empty', () => {
    expect(offlineStateOf({ ...base, snapshot: { value: [] } }, isEmpty)).toBe('empty')
    expect(offlineStateOf({ ...base, snapshot: { value: [1] } }, isEmpty)).toBe('ready')
  })

  it('tells "not yet on this device" (offline or out of reach) from a server error', () => {
    expect(offlineStateOf({ ...base, snapshot: null, isPaused: true }, isEmpty)).toBe('notOnDevice')
    expect(offlineStateOf({ ...base, snapshot: null, syncError: new NetworkError() }, isEmpty)).toBe('notOnDevice')
    expect(offlineStateOf({ ...base, snapshot: null, syncError: new Error('Erro ao carregar') }, isEmpty)).toBe('error')
  })

  it('keeps stored data on screen whatever the network does', () => {
    expect(offlineStateOf({ ...base, snapshot: { value: [1] }, syncError: new NetworkError(), isPaused: true }, isEmpty)).toBe('ready')
  })
})
