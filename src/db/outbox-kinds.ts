import type { ResultadoPratica } from '../contract/schemas/pratica.ts'
import type { ValidacaoQrCode } from '../contract/schemas/travel-campaign.ts'
import type { OutboxItem } from './outbox.ts'

/**
 * What each kind of outbox item (OutboxItem.kind) keeps for the screens: one home, so the
 * feature that queues an item and the list of every queued write (/envios-pendentes) read
 * it the same way without importing each other.
 */

/** A file handed in for an activity (issue 10): a multipart item. */
export const ACTIVITY_FILE_KIND = 'atividade-arquivo'

/** A practice test's result: a JSON item. */
export const PRACTICE_RESULT_KIND = 'pratica-resultado'

/** What a practice result's item keeps (OutboxItem.context). */
export interface PracticeResultContext {
  turmaId: number
  testeId: number
  titulo: string
  /** The device's own score, shown until the server's is known. */
  nota: number
}

export function practiceContextOf(item: OutboxItem): PracticeResultContext {
  return item.context as unknown as PracticeResultContext
}

/** The server's answer once it stored the result (OutboxItem.receipt). */
export function practiceReceiptOf(item: OutboxItem): ResultadoPratica | undefined {
  return item.state === 'enviado' ? (item.receipt as ResultadoPratica) : undefined
}

/**
 * A scanned travel-campaign code (issue 14, D27): an item without a body for
 * `POST /travel-campaigns/qr-codes/validate/{id}/` (`params.id` = the code), validated once
 * by its `Idempotency-Key` when the connection allows.
 */
export const CAMPAIGN_CODE_KIND = 'campanha-codigo'

/** What a scanned code's item keeps (OutboxItem.context): the printed URL's two segments. */
export interface CampaignCodeContext {
  campanha: string
  codigo: string
}

export function campaignCodeContextOf(item: OutboxItem): CampaignCodeContext {
  return item.context as unknown as CampaignCodeContext
}

/** The server's answer once it validated the code: its entries and the campaign's total. */
export function campaignCodeReceiptOf(item: OutboxItem): ValidacaoQrCode | undefined {
  return item.state === 'enviado' ? (item.receipt as ValidacaoQrCode) : undefined
}
