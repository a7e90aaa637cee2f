import type { Db } from '../../db/client.ts'
import { englishTestQuestoes } from './schema.ts'

/**
 * The English level test's question bank (issue 10): 20 multiple-choice questions,
 * four per CEFR level from A1 to C1, in the order the test shows them. Seeding only adds
 * the questions that are missing (by `codigo`), so it runs at every start like the rest.
 */

interface BankItem {
  codigo: string
  nivel: 'A1' | 'A2' | 'B1' | 'B2' | 'C1'
  enunciado: string
  opcoes: [string, string, string, string]
  /** Index of the right choice in `opcoes`. */
  correta: 0 | 1 | 2 | 3
}

export const ENGLISH_TEST_BANK: readonly BankItem[] = [
  { codigo: 'a1-1', nivel: 'A1', enunciado: 'My sister ___ a teacher.', opcoes: ['am', 'is', 'are', 'be'], correta: 1 },
  { codigo: 'a1-2', nivel: 'A1', enunciado: '___ you like coffee?', opcoes: ['Do', 'Does', 'Are', 'Is'], correta: 0 },
  {
    codigo: 'a1-3',
    nivel: 'A1',
    enunciado: 'There are two ___ on the table.',
    opcoes: ['apple', 'apples', "apple's", 'an apple'],
    correta: 1,
  },
  { codigo: 'a1-4', nivel: 'A1', enunciado: 'I get up ___ seven o’clock.', opcoes: ['in', 'on', 'at', 'to'], correta: 2 },
  { codigo: 'a2-1', nivel: 'A2', enunciado: 'Yesterday we ___ to the beach.', opcoes: ['go', 'goes', 'went', 'gone'], correta: 2 },
  {
    codigo: 'a2-2',
    nivel: 'A2',
    enunciado: 'She is ___ than her brother.',
    opcoes: ['tall', 'taller', 'tallest', 'more tall'],
    correta: 1,
  },
  { codigo: 'a2-3', nivel: 'A2', enunciado: 'Look! It ___ outside.', opcoes: ['rains', 'rained', 'is raining', 'rain'], correta: 2 },
  { codigo: 'a2-4', nivel: 'A2', enunciado: 'How ___ money do you have?', opcoes: ['many', 'much', 'lot', 'few'], correta: 1 },
  {
    codigo: 'b1-1',
    nivel: 'B1',
    enunciado: 'I ___ in São Paulo since 2019.',
    opcoes: ['live', 'lived', 'am living', 'have lived'],
    correta: 3,
  },
  {
    codigo: 'b1-2',
    nivel: 'B1',
    enunciado: 'If it rains tomorrow, we ___ at home.',
    opcoes: ['stay', 'will stay', 'would stay', 'stayed'],
    correta: 1,
  },
  {
    codigo: 'b1-3',
    nivel: 'B1',
    enunciado: 'The book ___ by millions of people.',
    opcoes: ['has read', 'has been read', 'have read', 'is reading'],
    correta: 1,
  },
  {
    codigo: 'b1-4',
    nivel: 'B1',
    enunciado: 'You ___ wear a seat belt in the car. It’s the law.',
    opcoes: ['must', 'might', 'could', 'would'],
    correta: 0,
  },
  {
    codigo: 'b2-1',
    nivel: 'B2',
    enunciado: 'If I ___ about the meeting, I would have come.',
    opcoes: ['knew', 'had known', 'have known', 'would know'],
    correta: 1,
  },
  {
    codigo: 'b2-2',
    nivel: 'B2',
    enunciado: 'She asked me where ___.',
    opcoes: ['did I live', 'I lived', 'do I live', 'I did live'],
    correta: 1,
  },
  {
    codigo: 'b2-3',
    nivel: 'B2',
    enunciado: 'I’m not used to ___ so early.',
    opcoes: ['get up', 'getting up', 'got up', 'have got up'],
    correta: 1,
  },
  {
    codigo: 'b2-4',
    nivel: 'B2',
    enunciado: 'By the time we arrived, the film ___.',
    opcoes: ['already started', 'has already started', 'had already started', 'was already start'],
    correta: 2,
  },
  {
    codigo: 'c1-1',
    nivel: 'C1',
    enunciado: '___ had I arrived than the phone rang.',
    opcoes: ['Hardly', 'No sooner', 'Barely', 'Scarcely'],
    correta: 1,
  },
  {
    codigo: 'c1-2',
    nivel: 'C1',
    enunciado: 'The report was ___ vague that nobody could act on it.',
    opcoes: ['such', 'so', 'too', 'very'],
    correta: 1,
  },
  {
    codigo: 'c1-3',
    nivel: 'C1',
    enunciado: 'It’s high time you ___ your own decisions.',
    opcoes: ['make', 'made', 'will make', 'have made'],
    correta: 1,
  },
  {
    codigo: 'c1-4',
    nivel: 'C1',
    enunciado: 'The new policy has come in for a great deal of ___.',
    opcoes: ['critic', 'criticise', 'criticism', 'critical'],
    correta: 2,
  },
]

/** Adds the bank's missing questions; a question already there is left as it is. */
export async function seedEnglishTest(db: Db): Promise<void> {
  await db
    .insert(englishTestQuestoes)
    .values(ENGLISH_TEST_BANK.map((questao, ordem) => ({ ...questao, opcoes: [...questao.opcoes], ordem })))
    .onConflictDoNothing({ target: englishTestQuestoes.codigo })
}
