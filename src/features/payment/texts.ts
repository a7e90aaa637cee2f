import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The payment screen's texts: a chunk of their own, loaded by its route. */
export function loadPaymentTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/payment.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'payment', texts, true, false),
  )
  return loaded
}
