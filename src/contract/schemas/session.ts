import * as v from 'valibot'
import { IsoDateTime, Text } from './common.ts'

/** A session id as the server makes them: 128 random bits in base64url (22 characters). */
export const SessionId = v.pipe(Text(22), v.regex(/^[A-Za-z0-9_-]{22}$/, 'Sessão não encontrada'))

/** One signed-in device of the caller's, as /me lists it ("Aparelhos conectados"). */
export const UserSession = v.object({
  id: v.string(),
  /** "Chrome no Android", from the User-Agent at login. */
  device: v.string(),
  brand: v.picklist(['knn', 'phenom']),
  created_at: IsoDateTime,
  /** Moved at most every few minutes: "ativo há pouco" is as precise as it gets. */
  last_seen_at: IsoDateTime,
  /** The session of the token that asked: this device. */
  current: v.boolean(),
})
export type UserSession = v.InferOutput<typeof UserSession>
