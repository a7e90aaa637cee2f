import i18next from 'i18next'

let loaded: Promise<void> | undefined

/** The travel campaign's texts: a chunk of their own, loaded by its routes. */
export function loadTravelCampaignTexts(): Promise<void> {
  loaded ??= import('../../i18n/pt-BR/travel-campaign.json').then(
    ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'travelCampaign', texts, true, false),
  )
  return loaded
}
