import { createHash } from 'node:crypto'
import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
import { SHELL_HEAD_SCRIPT } from '../../src/contract/shell-head-script.ts'
import { chatSettings, type Config } from '../config.ts'

/** The one inline script the shells carry, allowed by its hash and nothing else inline. */
const SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHELL_HEAD_SCRIPT).digest('base64')}'`

function originOf(url: string | null): string[] {
  return url ? [new URL(url).origin] : []
}

/**
 * CSP: the app's own origin plus exactly the services configured (D18–D22). Nothing is
 * allowed from anywhere else, so a script injected into the page cannot phone home.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  // The chat's host only when the chat is on (URL and secret, D19).
  const chatwoot = originOf(chatSettings(config)?.url ?? null)
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'connect-src': [
      "'self'",
      ...originOf(config.drivePublicUrl),
      ...originOf(config.cepServiceUrl),
      ...originOf(config.sentryDsn),
      ...chatwoot,
    ],
    // 'wasm-unsafe-eval' compiles WebAssembly only (no JS eval): the QR reader's ZXing.
    'script-src': ["'self'", SHELL_SCRIPT_HASH, "'wasm-unsafe-eval'", ...chatwoot],
    // React `style` attributes and Radix positioning are inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'frame-src': chatwoot.length > 0 ? chatwoot : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Off: on plain http://localhost it would send same-origin requests to https and break
    // the offline demo; HTTPS deployments get HSTS from the TLS front instead.
    'upgrade-insecure-requests': null,
  }
}

/** helmet's default value: one year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains'

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
      // Set below, only over https: over plain http the header means nothing (RFC 6797 §7.2).
      strictTransportSecurity: false,
    })
    // request.protocol believes X-Forwarded-Proto only from TRUST_PROXY's proxies.
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS)
    })
  },
  { name: 'security-headers', fastify: '5.x' },
)
