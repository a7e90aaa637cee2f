// Stand-in for Chatwoot's website widget (an outside system, D19): a real HTTP server on
// 127.0.0.1 that serves a tiny widget loader at Chatwoot's path (/packs/js/sdk.js) exposing the
// same API the portal calls — `window.chatwootSDK.run({ websiteToken, baseUrl })`, the `chatwoot:ready`
// event, `window.$chatwoot.setUser(identifier, { identifier_hash })` and `toggle('open')` — and
// records every identification it receives, checking the website token and the hash with the
// inbox's secret as Chatwoot does. Its chat window is a plain panel that says whether the student was identified.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One `setUser` call as the stand-in received it. */
export interface ChatIdentification {
  identifier: string
  identifierHash: string
  name: string | null
  email: string | null
  /** The website token the widget was started with. */
  websiteToken: string | null
  /** The token is the inbox's and the hash the HMAC-SHA256 of the identifier with its secret. */
  valid: boolean
}

export interface ChatWidgetStandIn {
  /** The base URL to configure as CHATWOOT_URL. */
  url: string
  /** How many times the widget script was fetched. */
  scriptLoads(): number
  identifications(): readonly ChatIdentification[]
  close(): Promise<void>
}

export const STAND_IN_IDENTIFIED = 'Atendimento identificado: olá! Em que podemos ajudar?'
export const STAND_IN_NOT_IDENTIFIED = 'Não foi possível confirmar quem é você.'

/** The widget the browser runs: Chatwoot's API names, none of its code. */
const WIDGET_SCRIPT = `(() => {
  let panel = null
  function show(text) {
    if (!panel) {
      panel = document.createElement('section')
      panel.setAttribute('role', 'dialog')
      panel.setAttribute('aria-label', 'Chat de atendimento')
      panel.setAttribute('data-chat-stand-in', '')
      document.body.append(panel)
    }
    panel.hidden = false
    if (text !== undefined) panel.textContent = text
  }
  window.chatwootSDK = {
    run(options) {
      let status = 'Conectando…'
      window.$chatwoot = {
        setUser(identifier, attributes) {
          fetch(options.baseUrl + '/__stand-in/chat/identify', {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ identifier, attributes, websiteToken: options.websiteToken }),
          })
            .then((response) => response.json())
            .then((answer) => {
              status = answer.valid ? ${JSON.stringify(STAND_IN_IDENTIFIED)} : ${JSON.stringify(STAND_IN_NOT_IDENTIFIED)}
              if (panel && !panel.hidden) show(status)
            })
        },
        toggle(state) {
          if (state === 'close') { if (panel) panel.hidden = true; return }
          show(status)
        },
      }
      setTimeout(() => window.dispatchEvent(new Event('chatwoot:ready')), 0)
    },
  }
})()
`

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Starts the stand-in; `secret` is the inbox's HMAC token and `websiteToken` its website token,
 * both as the portal is configured with them.
 */
export async function startChatWidgetStandIn(secret: string, websiteToken: string): Promise<ChatWidgetStandIn> {
  const identifications: ChatIdentification[] = []
  let scriptLoads = 0

  async function handle(request: IncomingMessage, response: ServerResponse) {
    response.setHeader('access-control-allow-origin', '*')
    if (request.method === 'GET' && request.url === '/packs/js/sdk.js') {
      scriptLoads += 1
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(WIDGET_SCRIPT)
      return
    }
    if (request.method === 'POST' && request.url === '/__stand-in/chat/identify') {
      const body = JSON.parse(await readBody(request)) as {
        identifier?: unknown
        websiteToken?: unknown
        attributes?: { identifier_hash?: unknown; name?: unknown; email?: unknown }
      }
      const { identifier, attributes } = body
      const token = typeof body.websiteToken === 'string' ? body.websiteToken : null
      const id = typeof identifier === 'string' ? identifier : ''
      const hash = typeof attributes?.identifier_hash === 'string' ? attributes.identifier_hash : ''
      const valid = token === websiteToken && id !== '' && sameHex(hash, hmacHex(secret, id))
      identifications.push({
        identifier: id,
        identifierHash: hash,
        name: typeof attributes?.name === 'string' ? attributes.name : null,
        email: typeof attributes?.email === 'string' ? attributes.email : null,
        websiteToken: token,
        valid,
      })
      response.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ valid }))
      return
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }))
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(400).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    scriptLoads: () => scriptLoads,
    identifications: () => identifications,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
