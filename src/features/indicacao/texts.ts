import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The referral page's texts: a chunk of their own, loaded by its route. */
export function loadIndicacaoTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/indicacao.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'indicacao', texts, true, false),
  )
  return loaded
}
