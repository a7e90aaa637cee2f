import type { FastifyRequest } from 'fastify'
import { brandIdForHost, type BrandId } from '../../src/api/brand-host.ts'
import type { Config } from '../config.ts'

/** Where a link in an e-mail points, and the brand the e-mail wears (P68). */
export interface MailLinkBase {
  origin: string
  brand: BrandId
}

/**
 * The brand is the one of the host the person asked from, as for the app shell (D5). The
 * link's origin is one of PORTAL_PUBLIC_URLS when configured (the same host, else the
 * first of the same brand, else the first, whose brand the e-mail then wears), never taken
 * from a Host header anyone can forge to have a reset link point at their own site.
 * Unconfigured (the local demo), the request's own origin.
 */
export function mailLinkBase(
  config: Pick<Config, 'portalPublicUrls'>,
  request: Pick<FastifyRequest, 'hostname' | 'host' | 'protocol'>,
): MailLinkBase {
  const brand = brandIdForHost(request.hostname)
  const configured = config.portalPublicUrls
  if (!configured) return { origin: `${request.protocol}://${request.host}`, brand }
  const sameHost = configured.find((origin) => new URL(origin).host === request.host)
  const sameBrand = configured.find((origin) => brandIdForHost(new URL(origin).hostname) === brand)
  const origin = sameHost ?? sameBrand ?? configured[0]!
  // The e-mail wears the brand of the page its link opens.
  return { origin, brand: brandIdForHost(new URL(origin).hostname) }
}
