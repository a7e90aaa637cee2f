import type { FastifyInstance, FastifyRequest } from 'fastify'
import { brandIdForHost, type BrandId } from '../../src/contract/brand-host.ts'
import type { Config } from '../config.ts'

/** Where a link in an e-mail points, and the brand the e-mail wears. */
export interface MailLinkBase {
  origin: string
  brand: BrandId
}

/**
 * The brand is the one of the host the person asked from, as for the app shell (D5). The
 * link's origin is one of PORTAL_PUBLIC_URLS (the same host, else the first of the same
 * brand, else the first, whose brand the e-mail then wears). Unconfigured, which production
 * refuses (config.ts), it is the local demo's: `http://localhost:PORT` or, for phenom,
 * `http://phenom.localhost:PORT`. Never the Host, X-Forwarded-Host or Origin of the request:
 * anyone can forge them to have a reset link hand its token to their own site (issue 36).
 */
export function mailLinkBase(
  config: Pick<Config, 'portalPublicUrls'>,
  request: Pick<FastifyRequest, 'hostname' | 'host'>,
  port: number,
): MailLinkBase {
  const brand = brandIdForHost(request.hostname)
  const configured = config.portalPublicUrls
  if (!configured) return { origin: localOrigin(brand, port), brand }
  const sameHost = configured.find((origin) => new URL(origin).host === request.host)
  const sameBrand = configured.find((origin) => brandIdForHost(new URL(origin).hostname) === brand)
  const origin = sameHost ?? sameBrand ?? configured[0]!
  // The e-mail wears the brand of the page its link opens.
  return { origin, brand: brandIdForHost(new URL(origin).hostname) }
}

/** The brand's host on this machine (D5: `*.localhost` resolves to the loopback). */
function localOrigin(brand: BrandId, port: number): string {
  const host = brand === 'phenom' ? 'phenom.localhost' : 'localhost'
  return port === 80 || port === 0 ? `http://${host}` : `http://${host}:${port}`
}

/** The port the server listens on (PORT=0 picks one), else the configured one (a test's inject). */
export function listeningPort(app: Pick<FastifyInstance, 'server' | 'config'>): number {
  const address = app.server.address()
  return typeof address === 'object' && address ? address.port : app.config.port
}

/** mailLinkBase for a request this app answers. */
export function mailLinkBaseFor(app: Pick<FastifyInstance, 'server' | 'config'>, request: Pick<FastifyRequest, 'hostname' | 'host'>) {
  return mailLinkBase(app.config, request, listeningPort(app))
}
