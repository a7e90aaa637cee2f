import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { IdParam, RequiredIdempotencyKeyHeaders } from '../schemas/common.ts'
import {
  CampanhaParam,
  CampanhaViagem,
  CodigoQrParam,
  CodigoValidado,
  ParticiparBody,
  ValidacaoQrCode,
} from '../schemas/travel-campaign.ts'

/**
 * The travel campaign "KNN abre o mundo" (issue 14, D27, SPEC §7 travel-campaigns).
 * Campaigns and codes are the school's, not a student's: nothing here is
 * `owned`; every answer carries only the caller's own enrolment, codes and entries.
 */
export const travelCampaignEndpoints = {
  /** A campaign (`atual`: the one open now) with the caller's standing. */
  travelCampaign: defineEndpoint({
    method: 'GET',
    path: '/travel-campaigns/{id}/',
    service: 'portal',
    access: 'student',
    params: v.object({ id: CampanhaParam }),
    response: CampanhaViagem,
    errors: { byStatus: { 404: 'Campanha não encontrada' }, useDetail: true, fallback: 'Erro ao carregar a campanha' },
  }),
  /** Enrols the caller, accepting the rules; enrolling again answers the same standing (200). */
  joinTravelCampaign: defineEndpoint({
    method: 'POST',
    path: '/travel-campaigns/',
    service: 'portal',
    access: 'student',
    body: ParticiparBody,
    bodyEncoding: 'json',
    response: CampanhaViagem,
    errors: { useDetail: true, fallback: 'Erro ao participar da campanha' },
  }),
  /** The caller's validated codes, newest first, in every campaign. */
  travelCampaignCodes: defineEndpoint({
    method: 'GET',
    path: '/travel-campaigns/qr-codes/',
    service: 'portal',
    access: 'student',
    response: v.array(CodigoValidado),
    errors: { useDetail: true, fallback: 'Erro ao carregar os seus códigos' },
  }),
  /**
   * Validates a scanned code (D27): in the campaign's period, enrolled, once per student.
   * Sent from the outbox like an upload (D16): the same `Idempotency-Key` again answers 200
   * with the first validation; the first answers 201.
   */
  validateTravelCampaignCode: defineEndpoint({
    method: 'POST',
    path: '/travel-campaigns/qr-codes/validate/{id}/',
    service: 'portal',
    access: 'student',
    params: v.object({ id: CodigoQrParam }),
    headers: RequiredIdempotencyKeyHeaders,
    response: ValidacaoQrCode,
    errors: { byStatus: { 404: 'Código não encontrado' }, useDetail: true, fallback: 'Erro ao validar o código' },
  }),
  /**
   * The API of the printed URL `/at-home/scanear-qr-code/{a}/{b}/` (D27, SPEC §7): registers
   * code `{b}` of campaign `{a}` as the validate call does, under a key of its own, so
   * opening the link again answers 200 with the same validation.
   */
  scanTravelCampaignCode: defineEndpoint({
    method: 'GET',
    path: '/at-home/scanear-qr-code/{a}/{b}/',
    service: 'portal',
    access: 'student',
    params: v.object({ a: IdParam, b: CodigoQrParam }),
    response: ValidacaoQrCode,
    errors: { byStatus: { 404: 'Código não encontrado' }, useDetail: true, fallback: 'Erro ao validar o código' },
  }),
} as const
