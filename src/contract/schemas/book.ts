import * as v from 'valibot'
import { IsoDateTime, Text } from './common.ts'

/**
 * A printed book's code (D8): the uuid of its QR code, any case on the way in, lower-case
 * after (as `bookUuidIn` reads it from a QR code or a typed code, src/lib/local-store.ts).
 */
export const BookUuid = v.pipe(
  Text(36),
  v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Código do livro inválido'),
  v.toLowerCase(),
)

/** SPEC §3 book-code login: username, user_id, uuid (OAuth2-style form, D2). */
export const BookCodeLoginForm = v.object({
  /** An e-mail or a CPF, as on the password login. */
  username: v.pipe(Text(254), v.trim(), v.minLength(1)),
  /** The chosen account when several share the identifier (D9). */
  user_id: v.optional(v.pipe(Text(10), v.regex(/^\d+$/))),
  uuid: BookUuid,
})
export type BookCodeLoginForm = v.InferInput<typeof BookCodeLoginForm>

/** The course book a copy is (table `livros`). */
export const Livro = v.object({ id: v.number(), nome: v.string(), codigo: v.string() })

/** A printed copy linked to the caller (SPEC §3 "user book", shape ours). */
export const UserBook = v.object({
  id: v.number(),
  uuid: v.string(),
  livro: Livro,
  /** When the owner linked it; null while the school gave it and the student has not used it yet. */
  linked_at: v.nullable(IsoDateTime),
})
export type UserBook = v.InferOutput<typeof UserBook>

/** POST /users/book/: the code printed in the book. */
export const AddUserBookBody = v.object({ uuid: BookUuid })

/** GET /at-home/empty-book-check/{id}/: not yet linked to any enrolment (D8). */
export const EmptyBookCheck = v.object({ empty: v.boolean() })

/** GET /at-home/meus-livros/: the course book of each of the caller's classes. */
export const AtHomeBook = v.object({
  livro: Livro,
  turma_id: v.number(),
  turma_nome: v.string(),
  somente_digital: v.boolean(),
})
export type AtHomeBook = v.InferOutput<typeof AtHomeBook>
