import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'

/** What the chat widget needs to identify the student (D19): Chatwoot's identity validation. */
export const ChatIdentity = v.object({
  identifier: v.string(),
  /** Hex HMAC-SHA256 of `identifier` with the inbox's secret. */
  identifier_hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
})
export type ChatIdentity = v.InferOutput<typeof ChatIdentity>

/** Chat support (issue 14, SPEC §7 `chatwoot-token`, D19). */
export const chatEndpoints = {
  /** The caller's chat identity; 404 when the deployment has no chat (CHATWOOT_URL unset). */
  chatwootToken: defineEndpoint({
    method: 'GET',
    path: '/chatwoot-token/me/',
    service: 'portal',
    access: 'student',
    response: ChatIdentity,
    errors: { useDetail: true, fallback: 'Não foi possível abrir o chat de atendimento.' },
  }),
} as const
