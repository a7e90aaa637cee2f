import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The `sessions` namespace, a chunk of its own: /me's devices card loads it beside its code. */
export function loadSessionTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/sessions.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'sessions', texts, true, false),
    (error: unknown) => {
      loaded = undefined // not kept: the next try (back online) loads them again
      throw error
    },
  )
  return loaded
}
