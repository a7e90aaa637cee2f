/** The whole Drizzle schema, one file per aggregate; drizzle-kit reads this folder. */
export * from './companies.ts'
export * from './drive-users.ts'
export * from './users.ts'
