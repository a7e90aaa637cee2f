/** The whole Drizzle schema, one file per aggregate; drizzle-kit reads this folder. */
export * from './companies.ts'
export * from './drive-users.ts'
export * from './financeiro.ts'
export * from './livros.ts'
export * from './notas.ts'
export * from './pedidos.ts'
export * from './turmas.ts'
export * from './users.ts'
