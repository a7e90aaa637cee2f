import type { FastifyInstance } from 'fastify'
import { contract } from '../../../src/contract/contract.ts'
import { chatSettings } from '../../config.ts'
import { contractRoute } from '../../http/contract-route.ts'

/** GET /config/ (D22): the client's run-time settings; one build serves every deployment. */
export default async function configRoutes(app: FastifyInstance) {
  const { config, secrets } = app
  const clientConfig = {
    vapid_public_key: secrets.vapid.publicKey,
    cep_service_url: config.cepServiceUrl,
    drive_base_url: config.drivePublicUrl ?? config.driveBasePath,
    sentry_dsn: config.sentryDsn,
    // Only when the chat is on (URL, secret and website token): the client shows
    // its button by this.
    chatwoot_url: chatSettings(config)?.url ?? null,
    chatwoot_website_token: chatSettings(config)?.websiteToken ?? null,
    production_url: config.productionUrl,
  }
  contractRoute(app, contract.config, async () => clientConfig)
}
