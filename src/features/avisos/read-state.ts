import type { Aviso, Avisos } from '../../contract/schemas/push.ts'
import type { PortalDb } from '../../db/database.ts'
import type { LocalSnapshot } from '../../db/use-offline-data.ts'

/** A notice read on this device that the server has not confirmed yet (src/db AvisoLidoPendente). */
export interface LocalRead {
  id: number
  at: string
}

/**
 * The notices as the student should see them: the server's last answer with the reads made
 * on this device since (offline, or not yet confirmed) applied, and the unread count
 * lowered by each of those that the answer still had unread. Newest first, as answered.
 */
export function withLocalReads(avisos: Avisos, reads: readonly LocalRead[]): Avisos {
  if (reads.length === 0) return avisos
  const readAt = new Map<number, string>()
  for (const read of reads) if (!readAt.has(read.id)) readAt.set(read.id, read.at)
  let newlyRead = 0
  const list = avisos.avisos.map((aviso): Aviso => {
    const at = readAt.get(aviso.id)
    if (aviso.read_at !== null || at === undefined) return aviso
    newlyRead++
    return { ...aviso, read_at: at }
  })
  return { avisos: list, nao_lidos: Math.max(0, avisos.nao_lidos - newlyRead) }
}

/**
 * Where tapping a notice goes: its deep link, a path of the portal (the server accepts
 * nothing else, D17); anything else, as the worker does with a push, goes to the dashboard.
 */
export function avisoTarget(link: string): string {
  return /^\/(?!\/)/.test(link) && !link.includes('\\') ? link : '/dashboard'
}

/** The stored answer with one notice replaced by the server's answer to its read. */
export function withAnswer(avisos: Avisos, answered: Aviso): Avisos {
  const before = avisos.avisos.find((aviso) => aviso.id === answered.id)
  if (!before) return avisos
  const wasUnread = before.read_at === null && answered.read_at !== null
  return {
    avisos: avisos.avisos.map((aviso) => (aviso.id === answered.id ? answered : aviso)),
    nao_lidos: Math.max(0, avisos.nao_lidos - (wasUnread ? 1 : 0)),
  }
}

/** The stored notices with this device's unconfirmed reads applied (the screen and the drawer's count). */
export async function readAvisos(db: PortalDb): Promise<LocalSnapshot<Avisos> | null> {
  const [stored, pending] = await Promise.all([db.syncState.get('avisos'), db.syncState.get('avisosLidos')])
  if (!stored?.avisos) return null
  return { value: withLocalReads(stored.avisos, pending?.avisosLidos ?? []), updatedAt: stored.updatedAt }
}
