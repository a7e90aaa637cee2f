import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The simulator's texts: a chunk of their own, loaded by its route. */
export function loadCambioTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/cambio.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'cambio', texts, true, false),
  )
  return loaded
}
