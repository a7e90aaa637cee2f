import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contract } from '../../../src/contract/contract.ts'
import { createTestApp } from '../../test/app.ts'

describe('GET /api/v1/config/ (D22)', () => {
  it('gives the VAPID public key, CEP service and drive base path, and nulls for unset services', async () => {
    const t = await createTestApp()
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/config/' })
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(v.is(contract.config.response, body)).toBe(true)
      expect(body).toEqual({
        vapid_public_key: t.config.vapid!.publicKey,
        cep_service_url: 'https://viacep.com.br',
        drive_base_url: '/drive/api/v1',
        sentry_dsn: null,
        chatwoot_url: null,
        chatwoot_website_token: null,
        production_url: null,
      })
    } finally {
      await t.close()
    }
  })

  it('gives DRIVE_PUBLIC_URL instead of the base path, and the configured services', async () => {
    const t = await createTestApp({
      drivePublicUrl: 'https://drive.example.com/api/v1',
      cepServiceUrl: 'http://127.0.0.1:9999',
      sentryDsn: 'https://abc@o1.ingest.sentry.io/2',
      chatwootUrl: 'https://chat.example.com',
      chatwootHmacSecret: 'inbox-secret-for-tests-0123456789',
      chatwootWebsiteToken: 'inboxWebsiteToken24chars',
      productionUrl: 'https://portal.example.com',
    })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/config/' })).json()).toMatchObject({
        drive_base_url: 'https://drive.example.com/api/v1',
        cep_service_url: 'http://127.0.0.1:9999',
        sentry_dsn: 'https://abc@o1.ingest.sentry.io/2',
        chatwoot_url: 'https://chat.example.com',
        chatwoot_website_token: 'inboxWebsiteToken24chars',
        production_url: 'https://portal.example.com',
      })
    } finally {
      await t.close()
    }
  })
})
