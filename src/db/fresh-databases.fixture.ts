import Dexie from 'dexie'
import { afterEach } from 'vitest'

/**
 * Device databases for tests (fake-indexeddb, in memory). `freshDb()` opens `make`'s database
 * under a name no other test uses; `freshDb(build)` another class under such a name;
 * `freshDb.newName()` gives a name first, for a test that puts an older or newer database there
 * before the app opens it (`freshDb(build, name)`). Every database is closed and deleted after
 * its test, so no test reads what another wrote. A test file imports 'fake-indexeddb/auto'
 * first, before anything loads Dexie (Dexie takes the IndexedDB it finds when it loads).
 */
export function freshDatabases<T extends Dexie>(prefix: string, make: (name: string) => T) {
  let count = 0
  const names: string[] = []
  const opened: Dexie[] = []
  afterEach(async () => {
    for (const db of opened.splice(0)) db.close()
    for (const name of names.splice(0)) await Dexie.delete(name)
  })
  function newName(): string {
    const fresh = `${prefix}-${++count}-${Math.random().toString(36).slice(2, 8)}`
    names.push(fresh)
    return fresh
  }
  function freshDb(): T
  function freshDb<U extends Dexie>(build: (name: string) => U, givenName?: string): U
  function freshDb(build: (name: string) => Dexie = make, givenName = newName()): Dexie {
    const db = build(givenName)
    opened.push(db)
    return db
  }
  return Object.assign(freshDb, { newName })
}
