import { once } from '../../contract/once.ts'
import type { CampanhaViagem } from '../../contract/schemas/travel-campaign.ts'

const day = once(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }))

/** An instant as the student's calendar day (dd/mm/aaaa): the campaign's period is in instants. */
export function formatDay(iso: string): string {
  return day().format(new Date(iso))
}

/**
 * Whether codes are validated now, from the period and the device's clock rather than the
 * server's `aberta`: read from the device days later, the campaign may have ended since.
 */
export function campaignStateOf(campanha: Pick<CampanhaViagem, 'inicio' | 'fim'>, now = Date.now()): 'aberta' | 'encerrada' | 'futura' {
  if (now < Date.parse(campanha.inicio)) return 'futura'
  return now < Date.parse(campanha.fim) ? 'aberta' : 'encerrada'
}
