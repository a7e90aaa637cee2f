import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The club's texts: a chunk of their own, loaded by its route. */
export function loadClubTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/club.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'club', texts, true, false),
  )
  return loaded
}
