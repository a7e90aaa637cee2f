import type { Db } from '../../db/client.ts'
import { livroExemplares } from './copies-schema.ts'
import { ensureBooks } from '../../db/seed-school.ts'

/**
 * Printed copies of the demo school's books (D8). Fixed codes, so the README, the
 * /dev/books page and the browser tests can name them. Idempotent: a copy that exists is
 * left as it is (someone may have claimed or unlinked it).
 */
interface DemoBookCopy {
  uuid: string
  codigo: string
  /** The demo account it belongs to; null = an empty book. */
  owner: string | null
  /** false: the school gave it to the student, who has not used it yet (book-code login links it). */
  linked: boolean
}

/** The empty book the README prints with its QR code (/dev/books). */
export const DEMO_EMPTY_BOOK_UUID = '5f0c6a1e-3b7d-4d2a-9e61-0c4b8f2d7a15'

/** Ana's book from the school, not used yet: book-code login with aluno@example.com links it. */
export const DEMO_NEW_BOOK_UUID = '8d3e2b7c-1a4f-4c9e-b5d6-7e8f9a0b1c23'

export const DEMO_BOOK_COPIES: readonly DemoBookCopy[] = [
  { uuid: '2a7b9c4d-6e1f-4a3b-8c5d-9e0f1a2b3c41', codigo: 'ING-INT2', owner: 'aluno@example.com', linked: true },
  { uuid: '2a7b9c4d-6e1f-4a3b-8c5d-9e0f1a2b3c42', codigo: 'ESP-BAS1', owner: 'aluno@example.com', linked: true },
  { uuid: DEMO_NEW_BOOK_UUID, codigo: 'ING-INT3', owner: 'aluno@example.com', linked: false },
  { uuid: '2a7b9c4d-6e1f-4a3b-8c5d-9e0f1a2b3c44', codigo: 'ING-TEENS1', owner: 'marina.pereira@example.com', linked: true },
  { uuid: DEMO_EMPTY_BOOK_UUID, codigo: 'KAH-ING1', owner: null, linked: false },
  // More empty books (…e51 to …e5c), so trying the demo, or a browser-test run, leaves one for the next person.
  ...Array.from({ length: 12 }, (_, index) => ({
    uuid: `7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e${(0x51 + index).toString(16)}`,
    codigo: index % 2 === 0 ? 'ING-INT1' : 'ESP-BAS2',
    owner: null,
    linked: false,
  })),
]

export async function seedBookCopies(db: Db, companyId: number, userIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const livroIds = await ensureBooks(db)
  const rows = DEMO_BOOK_COPIES.flatMap((copy) => {
    const userId = copy.owner === null ? null : userIds.get(copy.owner)
    if (userId === undefined) return []
    return [
      { uuid: copy.uuid, livroId: livroIds.get(copy.codigo)!, companyId, userId, linkedAt: userId !== null && copy.linked ? now : null },
    ]
  })
  await db.insert(livroExemplares).values(rows).onConflictDoNothing({ target: livroExemplares.uuid })
}
