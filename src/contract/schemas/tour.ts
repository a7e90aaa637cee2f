import * as v from 'valibot'
import { BodyId } from './common.ts'

/**
 * The guided tours of SPEC §2, by the route name their "seen" flag is kept under in the
 * user's tour record (`driver_tour`, SPEC §3). Only these names are accepted, so the
 * record never fills with whatever a client sends.
 */
export const TOUR_ROUTES = ['dashboard', 'pedagogico-list', 'pedagogico-minha-pratica'] as const
export type TourRoute = (typeof TOUR_ROUTES)[number]

export const TOUR_ROUTE_REQUIRED_MESSAGE = 'Informe exatamente uma rota com o valor true'

/**
 * POST /driver-tour/ (SPEC §7: `user_id` plus the route's flag, true): the caller's own id
 * and exactly one known route.
 */
export const DriverTourBody = v.pipe(
  v.object({
    user_id: BodyId,
    ...(Object.fromEntries(TOUR_ROUTES.map((route) => [route, v.optional(v.literal(true))])) as Record<
      TourRoute,
      v.OptionalSchema<v.LiteralSchema<true, undefined>, undefined>
    >),
  }),
  v.check((body) => TOUR_ROUTES.filter((route) => body[route] === true).length === 1, TOUR_ROUTE_REQUIRED_MESSAGE),
)
export type DriverTourBody = v.InferOutput<typeof DriverTourBody>

/** The route the body marks as seen. */
export function tourRouteOf(body: DriverTourBody): TourRoute {
  return TOUR_ROUTES.find((route) => body[route] === true)!
}
