import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { driveUsers } from '../users/drive-users-schema.ts'
import { livroExemplares } from './copies-schema.ts'
import { livros } from './schema.ts'
import { turmaAlunos, turmas } from '../classes/schema.ts'
import { users } from '../users/schema.ts'
import { isSerialId } from '../../db/ids.ts'

/**
 * Printed book copies (D8). The caller's books are read through `forUser`, so
 * another account's copy is simply not found (D7); the lookups before login are below it.
 */

export interface UserBookRow {
  id: number
  uuid: string
  livro: { id: number; nome: string; codigo: string }
  linkedAt: Date | null
}

const BOOK_COLUMNS = {
  id: livroExemplares.id,
  uuid: livroExemplares.uuid,
  livro: { id: livros.id, nome: livros.nome, codigo: livros.codigo },
  linkedAt: livroExemplares.linkedAt,
}

function booksQuery(db: Db) {
  return db.select(BOOK_COLUMNS).from(livroExemplares).innerJoin(livros, eq(livros.id, livroExemplares.livroId))
}

/** A copy by its code, with what book-code login decides on: its owner, and whether that owner has a password. */
export interface CopyForLogin {
  id: number
  userId: number | null
  linkedAt: Date | null
  ownerHasPassword: boolean
  ownerEmail: string | null
  ownerCpf: string | null
}

export async function copyForLogin(db: Db, uuid: string): Promise<CopyForLogin | null> {
  const [row] = await db
    .select({
      id: livroExemplares.id,
      userId: livroExemplares.userId,
      linkedAt: livroExemplares.linkedAt,
      ownerHasPassword: sql<boolean>`${users.passwordHash} is not null`,
      ownerEmail: users.email,
      ownerCpf: users.cpf,
    })
    .from(livroExemplares)
    .leftJoin(users, eq(users.id, livroExemplares.userId))
    .where(eq(livroExemplares.uuid, uuid))
    .limit(1)
  return row ? { ...row, ownerHasPassword: row.ownerHasPassword === true } : null
}

/** The owner uses a copy for the first time: `linked_at` is set once, later uses keep it. */
export async function markLinked(db: Db, copyId: number, userId: number): Promise<void> {
  await db
    .update(livroExemplares)
    .set({ linkedAt: sql`coalesce(${livroExemplares.linkedAt}, now())` })
    .where(and(eq(livroExemplares.id, copyId), eq(livroExemplares.userId, userId)))
}

/**
 * A new person with an empty book (D8): a provisional account (no profile, no password, no
 * drive_user) that owns the copy, in one transaction. Null when the copy was claimed
 * meanwhile (two people racing for one book: one wins, nothing is left half-written).
 */
export async function createProvisionalAccount(db: Db, copyId: number): Promise<number | null> {
  return db
    .transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ role: 'student' }).returning({ id: users.id })
      const claimed = await tx
        .update(livroExemplares)
        .set({ userId: user!.id, linkedAt: new Date() })
        .where(and(eq(livroExemplares.id, copyId), isNull(livroExemplares.userId)))
        .returning({ id: livroExemplares.id })
      if (claimed.length === 0) {
        tx.rollback()
      }
      return user!.id
    })
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'TransactionRollbackError') return null
      throw error
    })
}

/**
 * D8 "empty": the copy is nobody's, or the caller's own while the caller has no enrolment
 * at a school yet (no drive_user: the provisional account that started with it). Null: no
 * such copy.
 */
export async function isCopyEmptyFor(db: Db, uuid: string, callerId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ userId: livroExemplares.userId, driveUserId: driveUsers.id })
    .from(livroExemplares)
    .leftJoin(driveUsers, eq(driveUsers.userId, livroExemplares.userId))
    .where(eq(livroExemplares.uuid, uuid))
    .limit(1)
  if (!row) return null
  return row.userId === null || (row.userId === callerId && row.driveUserId === null)
}

export type AddBookOutcome = { kind: 'added'; book: UserBookRow } | { kind: 'unknown' } | { kind: 'mine' } | { kind: 'taken' }

export function forUser(db: Db, userId: number) {
  return {
    /** The caller's copies, most recently linked first (those not used yet last). */
    books(): Promise<UserBookRow[]> {
      return booksQuery(db)
        .where(eq(livroExemplares.userId, userId))
        .orderBy(sql`${livroExemplares.linkedAt} desc nulls last`, asc(livroExemplares.id))
    },

    async book(uuid: string): Promise<UserBookRow | null> {
      const [row] = await booksQuery(db)
        .where(and(eq(livroExemplares.uuid, uuid), eq(livroExemplares.userId, userId)))
        .limit(1)
      return row ?? null
    },

    /**
     * Links a copy to the caller: an empty one, or one the school gave the caller. One
     * conditional update, so of two accounts adding one book at once exactly one gets it.
     */
    async add(uuid: string): Promise<AddBookOutcome> {
      const linked = await db
        .update(livroExemplares)
        .set({ userId, linkedAt: sql`coalesce(${livroExemplares.linkedAt}, now())` })
        .where(
          and(
            eq(livroExemplares.uuid, uuid),
            sql`(${livroExemplares.userId} is null or (${livroExemplares.userId} = ${userId} and ${livroExemplares.linkedAt} is null))`,
          ),
        )
        .returning({ id: livroExemplares.id })
      if (linked.length > 0) {
        const book = await this.book(uuid)
        return { kind: 'added', book: book! }
      }
      const [existing] = await db
        .select({ userId: livroExemplares.userId })
        .from(livroExemplares)
        .where(eq(livroExemplares.uuid, uuid))
        .limit(1)
      if (!existing) return { kind: 'unknown' }
      return existing.userId === userId ? { kind: 'mine' } : { kind: 'taken' }
    },

    /** The caller lets a copy go: it is empty again (someone else may start with it). False: not the caller's. */
    async unlink(copyId: number): Promise<boolean> {
      if (!isSerialId(copyId)) return false
      const unlinked = await db
        .update(livroExemplares)
        .set({ userId: null, linkedAt: null })
        .where(and(eq(livroExemplares.id, copyId), eq(livroExemplares.userId, userId)))
        .returning({ id: livroExemplares.id })
      return unlinked.length > 0
    },

    /** The course book of each of the caller's classes (classes without a book are left out). */
    atHomeBooks() {
      return db
        .select({
          livro: { id: livros.id, nome: livros.nome, codigo: livros.codigo },
          turmaId: turmas.id,
          turmaNome: turmas.nome,
          somenteDigital: turmas.somenteDigital,
        })
        .from(turmaAlunos)
        .innerJoin(turmas, eq(turmas.id, turmaAlunos.turmaId))
        .innerJoin(livros, eq(livros.id, turmas.livroId))
        .where(eq(turmaAlunos.userId, userId))
        .orderBy(asc(turmas.nome), asc(turmas.id))
    },

    /**
     * The provisional account completed its profile: it joins the school that sold its
     * first book. Nothing happens for an account that already has a drive_user or no book.
     */
    async joinSchoolOfFirstBook(): Promise<void> {
      await db.execute(sql`
        insert into ${driveUsers} (user_id, company_id)
        select ${userId}, ${livroExemplares.companyId} from ${livroExemplares}
        where ${livroExemplares.userId} = ${userId}
        order by ${livroExemplares.linkedAt} asc nulls last, ${livroExemplares.id} asc
        limit 1
        on conflict (user_id) do nothing`)
    },
  }
}
