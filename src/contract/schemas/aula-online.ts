import * as v from 'valibot'
import { IsoDateTime } from './common.ts'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))

/**
 * Where an online class stands for the caller now: `agendada` until its join window
 * opens (`abre_em`, 10 minutes before `inicio`), `aberta` until `fim`, then `encerrada`.
 */
export const AULA_ONLINE_STATUS = ['agendada', 'aberta', 'encerrada'] as const
export type AulaOnlineStatus = (typeof AULA_ONLINE_STATUS)[number]

/** An online class of one of the caller's classes, as the caller sees it (issue 10). */
export const AulaOnline = v.object({
  id: Id,
  turma_id: Id,
  /** The caller's enrolment in the class (`Turma.turma_aluno_id`). */
  turma_aluno_id: Id,
  turma_nome: v.string(),
  tema: v.string(),
  professor: v.nullable(v.string()),
  inicio: IsoDateTime,
  fim: IsoDateTime,
  /** When the join window opens: 10 minutes before `inicio`. */
  abre_em: IsoDateTime,
  status: v.picklist(AULA_ONLINE_STATUS),
  /** The meeting URL, only while `status` is `aberta`: null before and after. */
  link: v.nullable(v.pipe(v.string(), v.url())),
  /** When the caller joined (attendance); null = not (yet). */
  presenca_em: v.nullable(IsoDateTime),
})
export type AulaOnline = v.InferOutput<typeof AulaOnline>

/** Today's online class of a class, or null when it has none today. */
export const AulaHoje = v.nullable(AulaOnline)
