import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { livros } from '../books/schema.ts'
import { praticaAudios, praticaTestes, praticaVocabulario, type QuestaoPratica } from './schema.ts'

/**
 * Demo practice content (issue 10) of the demo classes' books: short audio lessons (tiny
 * Opus files shipped in public/media/pratica/, ~35 KB in all), vocabulary (two words with a
 * recording) and a test per book. Seeded once per book: a book with any content is left alone.
 */

const MEDIA = '/media/pratica'

interface DemoPractice {
  audios: { titulo: string; duracao: number; arquivo: string }[]
  vocabulario: { palavra: string; traducao: string; exemplo: string; audio?: string }[]
  testes: { titulo: string; unidade: string; questoes: [string, string[], number][] }[]
}

/** By book code. Each question: statement, options, index of the right one. */
export const DEMO_PRACTICE: Readonly<Record<string, DemoPractice>> = {
  'ING-INT2': {
    audios: [
      { titulo: 'Unit 4 — At the airport', duracao: 12, arquivo: `${MEDIA}/licao-1.ogg` },
      { titulo: 'Unit 5 — A podcast about travelling', duracao: 12, arquivo: `${MEDIA}/licao-2.ogg` },
      { titulo: 'Unit 6 — Booking a hotel', duracao: 12, arquivo: `${MEDIA}/licao-3.ogg` },
    ],
    vocabulario: [
      {
        palavra: 'boarding pass',
        traducao: 'cartão de embarque',
        exemplo: 'Please show your boarding pass at the gate.',
        audio: `${MEDIA}/palavra-1.ogg`,
      },
      { palavra: 'luggage', traducao: 'bagagem', exemplo: 'My luggage was too heavy.', audio: `${MEDIA}/palavra-2.ogg` },
      { palavra: 'to book', traducao: 'reservar', exemplo: 'We booked a room for two nights.' },
      { palavra: 'delayed', traducao: 'atrasado', exemplo: 'Our flight was delayed by an hour.' },
      { palavra: 'sightseeing', traducao: 'passeio turístico', exemplo: 'We went sightseeing in Lisbon.' },
    ],
    testes: [
      {
        titulo: 'Past simple — irregular verbs',
        unidade: 'Unit 4',
        questoes: [
          ['Last summer we ___ to Salvador.', ['go', 'went', 'gone'], 1],
          ['She ___ a great film yesterday.', ['saw', 'seen', 'see'], 0],
          ['I ___ my keys at home this morning.', ['leaved', 'left', 'leave'], 1],
          ['They ___ a lot of photos on the trip.', ['taked', 'took', 'taken'], 1],
        ],
      },
      {
        titulo: 'Travel vocabulary',
        unidade: 'Unit 5',
        questoes: [
          ['"Bagagem" in English is…', ['luggage', 'baggy', 'bag pack'], 0],
          ['You show a ___ at the gate.', ['boarding pass', 'passport photo', 'ticket office'], 0],
          ['A flight that leaves late is…', ['cancelled', 'delayed', 'booked'], 1],
        ],
      },
    ],
  },
  'KAH-ING1': {
    audios: [
      { titulo: 'Unit 1 — Greetings', duracao: 12, arquivo: `${MEDIA}/licao-1.ogg` },
      { titulo: 'Unit 3 — At the restaurant', duracao: 12, arquivo: `${MEDIA}/licao-3.ogg` },
    ],
    vocabulario: [
      { palavra: 'menu', traducao: 'cardápio', exemplo: 'Can I see the menu, please?', audio: `${MEDIA}/palavra-1.ogg` },
      { palavra: 'bill', traducao: 'conta', exemplo: 'Could we have the bill, please?' },
      { palavra: 'waiter', traducao: 'garçom', exemplo: 'The waiter brought our drinks.' },
    ],
    testes: [
      {
        titulo: 'Present simple',
        unidade: 'Unit 2',
        questoes: [
          ['He ___ to school by bus.', ['go', 'goes', 'going'], 1],
          ['We ___ coffee in the morning.', ['drink', 'drinks', 'drinking'], 0],
          ['___ she like pizza?', ['Do', 'Does', 'Is'], 1],
        ],
      },
    ],
  },
}

/** Question and option ids count from 1 within a test. */
function questoes(spec: DemoPractice['testes'][number]['questoes']): QuestaoPratica[] {
  return spec.map(([enunciado, opcoes, correta], index) => ({
    id: index + 1,
    enunciado,
    opcoes: opcoes.map((texto, option) => ({ id: option + 1, texto })),
    correta: correta + 1,
  }))
}

/** Seeds the content of each demo book that exists and has none yet. */
export async function seedDemoPractice(db: Db): Promise<void> {
  const books = await db
    .select({ id: livros.id, codigo: livros.codigo })
    .from(livros)
    .where(inArray(livros.codigo, Object.keys(DEMO_PRACTICE)))
  for (const { id: livroId, codigo } of books) {
    const [existing] = await db.select({ id: praticaTestes.id }).from(praticaTestes).where(eq(praticaTestes.livroId, livroId)).limit(1)
    if (existing) continue
    const demo = DEMO_PRACTICE[codigo]!
    await db.transaction(async (tx) => {
      await tx.insert(praticaAudios).values(
        demo.audios.map((audio, ordem) => ({
          livroId,
          titulo: audio.titulo,
          duracaoSegundos: audio.duracao,
          arquivo: audio.arquivo,
          ordem,
        })),
      )
      await tx
        .insert(praticaVocabulario)
        .values(demo.vocabulario.map((palavra, ordem) => ({ livroId, ...palavra, audio: palavra.audio ?? null, ordem })))
      await tx.insert(praticaTestes).values(
        demo.testes.map((teste, ordem) => ({
          livroId,
          titulo: teste.titulo,
          unidade: teste.unidade,
          questoes: questoes(teste.questoes),
          ordem,
        })),
      )
    })
  }
}
