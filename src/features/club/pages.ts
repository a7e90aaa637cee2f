/** The club's pages this app draws (SPEC §2), in the order of its tabs: a list small enough for the route's guard. */
export const CLUB_PAGES = ['meu-clube', 'juntar-pontos', 'usar-pontos', 'meus-pedidos', 'meu-extrato'] as const
export type ClubPage = (typeof CLUB_PAGES)[number]
