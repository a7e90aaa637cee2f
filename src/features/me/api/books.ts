import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { bookEndpoints } from '../../../contract/endpoints/books.ts'

/** SPEC §7: GET /users/book/, the caller's linked books (D8). */
export function userBooksQueryOptions() {
  return queryOptions({ queryKey: ['users', 'book'], queryFn: () => api.call(bookEndpoints.userBooks) })
}

/** SPEC §7: GET /at-home/meus-livros/, the course books of the caller's classes. */
export function atHomeBooksQueryOptions() {
  return queryOptions({ queryKey: ['at-home', 'meus-livros'], queryFn: () => api.call(bookEndpoints.meusLivros) })
}

/** POST /users/book/ with the code printed in the book. */
export function useAddUserBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (uuid: string) => api.call(bookEndpoints.addUserBook, { body: { uuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userBooksQueryOptions().queryKey }),
  })
}

/** DELETE /users/unlink-book/{id}/. */
export function useUnlinkBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.call(bookEndpoints.unlinkBook, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userBooksQueryOptions().queryKey }),
  })
}
