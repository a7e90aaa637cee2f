// What src/db/local.ts loads: the database, its writes and Dexie's live queries, one chunk.
export { liveQuery } from 'dexie'
export { localDb, openLocalDb, type PortalDb } from './database.ts'
export * from './sync.ts'
export * from './english-test.ts'
