import * as v from 'valibot'
import { BodyId, IsoDateTime, Text } from './common.ts'

/**
 * The travel campaign "KNN abre o mundo" (issue 14, D27). SPEC §3 does not show
 * its field names; these are ours.
 */

/** `{id}` of `GET /travel-campaigns/{id}/`: a campaign's id, or `atual` for the one open now. */
export const CampanhaParam = v.pipe(Text(12), v.regex(/^(atual|\d{1,12})$/, 'Campanha inválida: use o número da campanha ou "atual".'))

/** `{id}` of the validate call: the code printed in the QR code's URL, any case. */
export const CodigoQrParam = v.pipe(
  Text(64),
  v.regex(/^[A-Za-z0-9_-]{1,32}$/, 'Código inválido: use só letras, números, "-" e "_".'),
  v.transform((value) => value.toUpperCase()),
)

/** A campaign with the caller's standing (D27). */
export const CampanhaViagem = v.object({
  id: v.number(),
  nome: v.string(),
  descricao: v.string(),
  regulamento: v.string(),
  premio: v.string(),
  inicio: IsoDateTime,
  fim: IsoDateTime,
  /** Whether now is within `[inicio, fim)`: codes are validated only then. */
  aberta: v.boolean(),
  /** When the caller accepted the rules; null while not enrolled. */
  inscrito_em: v.nullable(IsoDateTime),
  /** The caller's entries in this campaign (the sum of their validated codes' worth). */
  entradas: v.number(),
  codigos_validados: v.number(),
})

/** Enrolment: the campaign and the acceptance of its rules (D27). */
export const ParticiparBody = v.object({
  campanha_id: BodyId,
  aceito_regulamento: v.literal(true, 'É preciso aceitar o regulamento para participar da campanha.'),
})

/** One code the caller validated. */
export const CodigoValidado = v.object({
  codigo: v.string(),
  descricao: v.string(),
  campanha_id: v.number(),
  campanha_nome: v.string(),
  entradas: v.number(),
  validado_em: IsoDateTime,
})

/** The answer of a validation: the code and the caller's entries in its campaign after it. */
export const ValidacaoQrCode = v.object({
  ...CodigoValidado.entries,
  total_entradas: v.number(),
})

export type CampanhaViagem = v.InferOutput<typeof CampanhaViagem>
export type CodigoValidado = v.InferOutput<typeof CodigoValidado>
export type ValidacaoQrCode = v.InferOutput<typeof ValidacaoQrCode>
export type ParticiparBody = v.InferOutput<typeof ParticiparBody>
