import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { LoginResponse } from '../schemas/auth.ts'
import { AddUserBookBody, AtHomeBook, BookCodeLoginForm, BookUuid, EmptyBookCheck, UserBook } from '../schemas/book.ts'
import { DetailMessage, IdParam } from '../schemas/common.ts'

/** SPEC §8 book texts; the server's `detail` says more where it has one. */
const READ_ERROR = 'Erro ao retornar dados do livro do usuário'

/** Printed books (D8): book-code login, the caller's linked books and their classes' books. */
export const bookEndpoints = {
  /**
   * Logs in with a book's code: the owner of a book the school gave them, or a new
   * person with an empty book (a provisional account, no profile and no drive_user).
   */
  bookCodeLogin: defineEndpoint({
    method: 'POST',
    path: '/login/access-token/book-code/',
    service: 'portal',
    access: 'public',
    body: BookCodeLoginForm,
    bodyEncoding: 'form',
    response: LoginResponse,
    errors: { useDetail: true, fallback: 'Erro ao efetuar login' },
  }),
  /** `{id}` is the book's uuid (bookInfo holds only that, SPEC §3). */
  emptyBookCheck: defineEndpoint({
    method: 'GET',
    path: '/at-home/empty-book-check/{id}/',
    service: 'portal',
    access: 'user',
    params: v.object({ id: BookUuid }),
    response: EmptyBookCheck,
    errors: { useDetail: true, fallback: 'Erro ao pesquisar por livro' },
  }),
  meusLivros: defineEndpoint({
    method: 'GET',
    path: '/at-home/meus-livros/',
    service: 'portal',
    access: 'student',
    response: v.array(AtHomeBook),
    errors: { useDetail: true, fallback: READ_ERROR },
  }),
  userBooks: defineEndpoint({
    method: 'GET',
    path: '/users/book/',
    service: 'portal',
    access: 'student',
    response: v.array(UserBook),
    errors: { useDetail: true, fallback: READ_ERROR },
  }),
  addUserBook: defineEndpoint({
    method: 'POST',
    path: '/users/book/',
    service: 'portal',
    access: 'student',
    body: AddUserBookBody,
    bodyEncoding: 'json',
    response: UserBook,
    errors: { useDetail: true, fallback: 'Erro ao criar dados do livro do usuário' },
  }),
  /** One of the caller's books by its code; anyone else's (or nobody's) is 404 (D7). */
  userBook: defineEndpoint({
    method: 'GET',
    path: '/users/book/{uuid}/',
    service: 'portal',
    access: 'student',
    owned: { uuid: 'bookUuid' },
    params: v.object({ uuid: BookUuid }),
    response: UserBook,
    errors: { useDetail: true, fallback: 'Erro ao pesquisar por livro' },
  }),
  unlinkBook: defineEndpoint({
    method: 'DELETE',
    path: '/users/unlink-book/{id}/',
    service: 'portal',
    access: 'student',
    owned: { id: 'bookCopy' },
    params: v.object({ id: IdParam }),
    response: DetailMessage,
    errors: { useDetail: true, fallback: 'Não foi possível desvincular livro' },
  }),
} as const
