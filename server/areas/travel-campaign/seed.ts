import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { campanhaQrCodes, campanhasViagem } from './schema.ts'

/**
 * The travel campaign's demo (issue 14 "Demo data"): "KNN abre o mundo" open from 30
 * days before the first seeding to 150 days after it, with three codes worth 1, 2 and 5
 * entries. Their printed URLs are `/at-home/scanear-qr-code/{campanha}/{codigo}/`. Seeding
 * again adds nothing (the campaign's name and the codes are unique).
 */
export const DEMO_CAMPAIGN_NAME = 'KNN abre o mundo 2026'
export const DEMO_CAMPAIGN_CODES = [
  { codigo: 'KNNMUNDO-LIVRO', descricao: 'QR code do livro', entradas: 1 },
  { codigo: 'KNNMUNDO-EVENTO', descricao: 'Evento KNN na escola', entradas: 2 },
  { codigo: 'KNNMUNDO-FEIRA', descricao: 'Feira de intercâmbio KNN', entradas: 5 },
] as const

const DAY_MS = 24 * 3600 * 1000

export async function seedCampaign(db: Db, now: Date): Promise<number> {
  await db
    .insert(campanhasViagem)
    .values({
      nome: DEMO_CAMPAIGN_NAME,
      descricao: 'Valide os QR codes dos seus livros e dos eventos KNN e concorra a uma viagem de intercâmbio.',
      regulamento: [
        '1. Participam alunos KNN matriculados que aceitarem este regulamento.',
        '2. Cada QR code vale o número de entradas indicado e pode ser validado uma vez por aluno, dentro do período da campanha.',
        '3. Cada entrada é um número no sorteio, realizado até 15 dias após o fim da campanha.',
        '4. O prêmio é pessoal e intransferível; menores de 18 anos viajam com autorização do responsável.',
      ].join('\n'),
      premio: 'Uma viagem de 15 dias para Londres com curso de inglês, passagem e hospedagem.',
      inicio: new Date(now.getTime() - 30 * DAY_MS),
      fim: new Date(now.getTime() + 150 * DAY_MS),
    })
    .onConflictDoNothing()
  const [campanha] = await db.select({ id: campanhasViagem.id }).from(campanhasViagem).where(eq(campanhasViagem.nome, DEMO_CAMPAIGN_NAME))
  await db
    .insert(campanhaQrCodes)
    .values(DEMO_CAMPAIGN_CODES.map((code) => ({ ...code, campanhaId: campanha!.id })))
    .onConflictDoNothing()
  return campanha!.id
}
