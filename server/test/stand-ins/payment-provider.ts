// Stand-in for the payment provider (an outside system, D13): a real HTTP server on
// 127.0.0.1 speaking the API server/areas/payments/provider.ts calls. It checks the bearer token,
// approves or declines cards by test number with the ABECS return codes, keeps one charge
// per idempotency key, registers Pix charges and answers a dynamic BR Code for them, and
// sends the signed Pix webhook to the portal as the provider would. It can fail on demand:
// hang, answer 500, or charge and drop the connection before answering. No money, no bank.
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc16 } from '../../areas/payments/brcode.ts'

/** Test cards: these are declined with their return code; any other number is approved. */
export const STAND_IN_DECLINES: Readonly<Record<string, string>> = {
  '4000000000000002': '05',
  '4000000000009995': '51',
  '4000000000000069': '54',
  '4000000000000127': 'N7',
  '4000000000000119': '59',
}

/** How the next requests fail: no answer at all, a 500, or the work done and the answer lost. */
export type Failure = 'hang' | 'error500' | 'lose-answer'

export interface StandInCharge {
  reference: string
  amount: number
  installments: number
  /** All the stand-in keeps of the card, as a real provider shows it in its dashboard. */
  last4: string
  status: 'approved' | 'declined' | 'voided'
  authorizationCode: string | null
  returnCode: string | null
}

export interface StandInPixCharge {
  txid: string
  amount: number
  key: string
  copiaECola: string
  expiresAt: Date
}

export interface ReceivedRequest {
  method: string
  path: string
  idempotencyKey: string | null
  /** The raw body as received (the test checks what travelled). */
  body: string
}

/** A webhook delivery as the provider would send it: the exact bytes and their signature. */
export interface PixDelivery {
  body: string
  signature: string
}

export interface PaymentProviderStandIn {
  /** PAYMENT_PROVIDER_URL for the portal. */
  url: string
  token: string
  webhookSecret: string
  /** Where the Pix webhook is sent (the portal's URL, once it listens). */
  webhookUrl: string | null
  /** One per idempotency key: a retried request is not a second charge. */
  charges: StandInCharge[]
  pixCharges: Map<string, StandInPixCharge>
  /** Every request that reached the stand-in, failed ones included. */
  requests: ReceivedRequest[]
  /** The next `count` requests fail as `failure`. */
  failNext(failure: Failure, count?: number): void
  /** A signed notification that `txid` was paid (options change what a test needs changed). */
  pixDelivery(txid: string, options?: { valor?: string; horario?: Date; secret?: string; signedAt?: Date }): PixDelivery
  /** POSTs a delivery to `webhookUrl`; its answer. */
  deliver(delivery: PixDelivery): Promise<{ status: number; body: unknown }>
  close(): Promise<void>
}

/** One EMV field: id, two-digit length, value. */
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`

/** A dynamic BR Code as PSPs issue them: the charge's location instead of a key, txid `***`. */
function dynamicBrCode(location: string, amountCents: number): string {
  const payload =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', (amountCents / 100).toFixed(2)) +
    tlv('58', 'BR') +
    tlv('59', 'PSP STAND-IN ESCOLA') +
    tlv('60', 'SAO PAULO') +
    tlv('62', tlv('05', '***')) +
    '6304'
  return payload + crc16(payload).toString(16).toUpperCase().padStart(4, '0')
}

function sign(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000)
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startPaymentProviderStandIn(): Promise<PaymentProviderStandIn> {
  const token = `tok_${randomBytes(16).toString('hex')}`
  const webhookSecret = randomBytes(32).toString('base64url')
  const charges: StandInCharge[] = []
  const answers = new Map<string, { status: number; body: unknown }>()
  const pixCharges = new Map<string, StandInPixCharge>()
  const requests: ReceivedRequest[] = []
  const failures: Failure[] = []
  let origin = ''

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  /** The answer to a request that got through: status and JSON. */
  function handle(method: string, path: string, key: string | null, input: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/charges') {
      if (!key) return { status: 400, body: { error: 'idempotency_key_required' } }
      const seen = answers.get(key)
      if (seen) return { status: 200, body: seen.body }
      const card = input.card as { number: string }
      const returnCode = STAND_IN_DECLINES[card.number] ?? null
      const charge: StandInCharge = {
        reference: String(input.reference),
        amount: Number(input.amount),
        installments: Number(input.installments),
        last4: card.number.slice(-4),
        status: returnCode ? 'declined' : 'approved',
        authorizationCode: returnCode ? null : randomBytes(3).toString('hex').toUpperCase(),
        returnCode,
      }
      charges.push(charge)
      const body = {
        id: `ch_${randomBytes(8).toString('hex')}`,
        reference: charge.reference,
        amount: charge.amount,
        status: charge.status,
        authorization_code: charge.authorizationCode,
        return_code: charge.returnCode,
      }
      answers.set(key, { status: 201, body })
      return { status: 201, body }
    }
    const voiding = /^\/v1\/charges\/([A-Za-z0-9]+)\/void$/.exec(path)
    if (method === 'POST' && voiding) {
      const charge = charges.find((item) => item.reference === voiding[1] && item.status === 'approved')
      if (!charge) return { status: 404, body: { error: 'charge_not_found' } }
      charge.status = 'voided'
      return { status: 200, body: { reference: charge.reference, status: 'voided' } }
    }
    const pix = /^\/v1\/pix\/charges\/([A-Za-z0-9]{1,35})$/.exec(path)
    if (method === 'PUT' && pix) {
      const txid = pix[1]!
      const existing = pixCharges.get(txid)
      const charge = existing ?? {
        txid,
        amount: Number(input.amount),
        key: String(input.key),
        copiaECola: dynamicBrCode(`${new URL(origin).host}/pix/v2/${randomBytes(12).toString('hex')}`, Number(input.amount)),
        expiresAt: new Date(Date.now() + Number(input.expires_in) * 1000),
      }
      pixCharges.set(txid, charge)
      const body = { txid, status: 'active', copia_e_cola: charge.copiaECola, expires_at: charge.expiresAt.toISOString() }
      return { status: existing ? 200 : 201, body }
    }
    return { status: 404, body: { error: 'not_found' } }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0]!
      const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null
      const raw = await readBody(request)
      requests.push({ method: request.method ?? '', path, idempotencyKey: key, body: raw })
      const failure = failures.shift()
      if (failure === 'hang') return // Never answers; the client gives up, close() ends the socket.
      if (failure === 'error500') return send(response, 500, { error: 'internal_error' })
      if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, { error: 'unauthorized' })
      let input: Record<string, unknown>
      try {
        input = JSON.parse(raw) as Record<string, unknown>
      } catch {
        return send(response, 400, { error: 'invalid_json' })
      }
      const answer = handle(request.method ?? '', path, key, input)
      // The work is done (a charge recorded), the answer never arrives.
      if (failure === 'lose-answer') return request.socket.destroy()
      send(response, answer.status, answer.body)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const standIn: PaymentProviderStandIn = {
    url: origin,
    token,
    webhookSecret,
    webhookUrl: null,
    charges,
    pixCharges,
    requests,
    failNext(failure, count = 1) {
      for (let index = 0; index < count; index++) failures.push(failure)
    },
    pixDelivery(txid, options = {}) {
      const charge = pixCharges.get(txid)
      const horario = options.horario ?? new Date()
      // E + the payer bank's ISPB + yyyyMMddHHmm + 11 characters, as the central bank builds them.
      const stamp = horario.toISOString().replace(/\D/g, '').slice(0, 12)
      const endToEndId = `E18236120${stamp}${randomBytes(8).toString('hex').slice(0, 11)}`.slice(0, 32)
      const valor = options.valor ?? ((charge?.amount ?? 100) / 100).toFixed(2)
      const body = JSON.stringify({ pix: [{ endToEndId, txid, valor, horario: horario.toISOString(), infoPagador: 'Mensalidade' }] })
      return { body, signature: sign(options.secret ?? webhookSecret, body, options.signedAt ?? new Date()) }
    },
    async deliver(delivery) {
      if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook URL yet')
      const response = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': delivery.signature },
        body: delivery.body,
      })
      return { status: response.status, body: await response.json() }
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return standIn
}
