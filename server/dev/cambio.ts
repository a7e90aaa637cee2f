import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ageQuote } from '../areas/cambio/repository.ts'

const Params = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) })
const Body = v.optional(v.object({ minutos: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1440)), 16) }), {})

/**
 * /dev/cambio: the demo's clock for câmbio quotes. `POST /dev/cambio/envelhecer/{id}`
 * dates a quote back (`{minutos}`, 16 by default), so a browser test meets the server's
 * "simule de novo" (D30) without waiting 15 minutes. Only outside production, like /dev/pix.
 */
export default async function cambioClockPage(app: FastifyInstance) {
  app.post('/dev/cambio/envelhecer/:id', async (request, reply) => {
    const params = v.safeParse(Params, request.params)
    const body = v.safeParse(Body, request.body ?? undefined)
    if (!params.success || !body.success) return reply.code(422).send({ detail: 'Informe a cotação e os minutos (1 a 1440).' })
    const aged = await ageQuote(app.db.orm, params.output.id, body.output.minutos)
    if (!aged) return reply.code(404).send({ detail: 'Cotação não encontrada' })
    return { envelhecida: true, minutos: body.output.minutos }
  })
}
