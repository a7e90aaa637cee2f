import i18next from 'i18next'

let loaded: Promise<void> | undefined

/**
 * The `push` namespace, a chunk of its own: the offer and the /me card load it
 * beside their code, after the first screen, so no screen's first paint carries it.
 */
export function loadPushTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/push.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'push', texts, true, false),
    (error: unknown) => {
      loaded = undefined // not kept: the next try (back online) loads them again
      throw error
    },
  )
  return loaded
}
