import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The overseas programmes' texts: a chunk of their own, loaded by their routes. */
export function loadKnnUsaTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/knn-usa.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'knnUsa', texts, true, false),
  )
  return loaded
}
