import * as v from 'valibot'

/** Run-time settings for the client (D22): one build serves every deployment. */
export const ClientConfig = v.object({
  vapid_public_key: v.string(),
  cep_service_url: v.string(),
  drive_base_url: v.string(),
  sentry_dsn: v.nullable(v.string()),
  chatwoot_url: v.nullable(v.string()),
  /** Chatwoot's inbox token for its widget; optional, so settings kept from before read. */
  chatwoot_website_token: v.optional(v.nullable(v.string()), null),
  production_url: v.nullable(v.string()),
})
export type ClientConfig = v.InferOutput<typeof ClientConfig>
