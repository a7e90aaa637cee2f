import type { QueryClient } from '@tanstack/react-query'

/**
 * The student's classes fetched for a screen that is not theirs (issue 40 item 1): /pedidos
 * offers a book per class and the order screen names the class, from the classes on the
 * device, which a bookmark or a link reaches before the dashboard or Pedagógico stored
 * them. Their code (the sync and its schemas) is a chunk of its own: it is not what these
 * screens draw first, so it does not weigh on their first paint (issue 37).
 */
export function prefetchTurmas(queryClient: QueryClient): void {
  void import('../features/pedagogico/api/get-turmas.ts').then(({ classesQueryOptions }) => queryClient.prefetchQuery(classesQueryOptions))
}
