import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bookUuidIn, clearStoredSession, getBookInfo, getKeptUser, STORAGE_KEYS, storeBookInfo, storeKeptUser } from './local-store.ts'
import { demoStudent } from '../contract/schemas/user.fixture.ts'

/** What the store uses of local storage, over a Map the test can look into. */
const items = new Map<string, string>()
const storage = {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, value),
  removeItem: (key: string) => void items.delete(key),
}

describe('the user kept on the device', () => {
  beforeEach(() => {
    items.clear()
    vi.stubGlobal('localStorage', storage)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('is read back as kept, with when the server confirmed it, and goes with the session', () => {
    expect(getKeptUser()).toBeNull()
    const user = demoStudent()
    storeKeptUser(user, 1_234)
    expect(getKeptUser()).toEqual({ user, updatedAt: 1_234 })
    clearStoredSession()
    expect(getKeptUser()).toBeNull()
    expect(items.size).toBe(0)
  })

  it('reads nothing from a damaged record', () => {
    localStorage.setItem(STORAGE_KEYS.keptUser, '{"user":')
    expect(getKeptUser()).toBeNull()
  })

  it('takes the user an older build kept in its query cache once, and drops that cache', () => {
    const user = demoStudent({ full_name: 'Ana de antes' })
    const queries = [
      { queryKey: ['config'], state: { data: {}, dataUpdatedAt: 1 } },
      { queryKey: ['users', 'me'], state: { data: user, dataUpdatedAt: 99 } },
    ]
    localStorage.setItem(
      STORAGE_KEYS.legacyQueryCache,
      JSON.stringify({ buster: 'v1', timestamp: 100, clientState: { queries, mutations: [] } }),
    )
    expect(getKeptUser()).toEqual({ user, updatedAt: 99 })
    expect(localStorage.getItem(STORAGE_KEYS.legacyQueryCache)).toBeNull()
    expect(getKeptUser()).toEqual({ user, updatedAt: 99 })
  })
})

describe('bookInfo (D8)', () => {
  beforeEach(() => {
    items.clear()
    vi.stubGlobal('localStorage', storage)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('finds the uuid in a bare code or in a link, lower-cased, and nothing in other text', () => {
    expect(bookUuidIn(' 3F2504E0-4F89-41D3-9A0C-0305E82C3301 ')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301')
    expect(bookUuidIn('https://livro.example/l/3f2504e0-4f89-41d3-9a0c-0305e82c3301?x=1')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301')
    expect(bookUuidIn('3f2504e0-4f89-41d3-9a0c')).toBeNull()
  })

  it('keeps the book until logout wipes it, and ignores a value it did not write', () => {
    storeBookInfo({ uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', isEmpty: true })
    expect(getBookInfo()).toEqual({ uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', isEmpty: true })
    clearStoredSession()
    expect(getBookInfo()).toBeNull()
    items.set('bookInfo', '{"uuid":"../../etc"}')
    expect(getBookInfo()).toBeNull()
    items.set('bookInfo', 'not json')
    expect(getBookInfo()).toBeNull()
  })
})
