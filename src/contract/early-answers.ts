import type { ScreenShellPath } from './shell-file.ts'
import { STORAGE_KEYS } from './storage-keys.ts'

/**
 * The screen's data asked for by its shell, before any of the app's code has arrived (issue 37).
 * On a first visit the app's scripts take seconds on slow 4G, and the screen's request
 * left only after them: one more round trip before the data row, the screen's largest
 * paint. The shell's head script (SHELL_HEAD_SCRIPT) sends the same conditional GETs the
 * syncs will send (same token, same ETag hints, same headers) and keeps them; the API client
 * takes one, once, for the same URL, token and ETag, and sends its own request otherwise.
 * Only a signed-in student's screens ask (a manager's home has no such data, D7); a
 * request the app does not take is dropped with the page.
 */

/**
 * [sync key, the contract's path (the key of its ETag hint), URL as the API client builds it,
 * 1 when only a club member's screen asks for it (the kept user's is_club)].
 */
type EarlyRequest = readonly [sync: string, path: string, url: string, membersOnly?: 1]

/** The portal API on the app's own origin: PORTAL_BASE_URL's default (src/lib/api.ts). */
const PORTAL_API_PATH = '/api/v1'

function early(sync: string, path: string, query = '', membersOnly?: 1): EarlyRequest {
  const url = `${PORTAL_API_PATH}${path}${query}`
  return membersOnly ? [sync, path, url, membersOnly] : [sync, path, url]
}

const FINANCEIRO = /* @__PURE__ */ early('financeiro', '/at-home/financeiro/')
const TURMAS = /* @__PURE__ */ early('turmas', '/at-home/turmas/')
// The orders' sync asks for one page of PAGE_LIMIT (src/features/pedidos/api/get-pedidos.ts).
const PEDIDOS = /* @__PURE__ */ early('pedidos', '/pre-invoice/', '?limit=200')

// The KNN Club's syncs (src/features/club/api.ts): a non-member's page draws the invitation, with no data.
const CLUB_EXTRATO = /* @__PURE__ */ early('clubExtrato', '/transactions/extrato/', '', 1)
const CLUB_RECOMPENSAS = /* @__PURE__ */ early('clubRecompensas', '/rewards/', '', 1)
const CLUB_PEDIDOS = /* @__PURE__ */ early('clubPedidos', '/transactions/debit/rewards/', '', 1)

/** A KNN Club page (CLUB_PAGES in src/features/club/pages.ts), drawn in the dashboard's shell. */
type ClubPagePath = `/knn-club/${'meu-clube' | 'juntar-pontos' | 'usar-pontos' | 'meus-pedidos' | 'meu-extrato'}`

/**
 * Each pre-rendered data screen (src/contract/shell-file.ts) and what its syncs ask first;
 * and the club's pages, which have no shell of their own (what they draw depends on
 * membership) but whose data, for a member, is known before any script runs.
 */
export const EARLY_REQUESTS: Readonly<Record<ScreenShellPath | '/dashboard' | ClubPagePath, readonly EarlyRequest[]>> = {
  '/dashboard': [TURMAS, FINANCEIRO, PEDIDOS],
  '/financial': [FINANCEIRO],
  '/pedagogico/list': [TURMAS],
  '/pedidos': [PEDIDOS, TURMAS],
  '/knn-club/meu-clube': [CLUB_EXTRATO],
  '/knn-club/juntar-pontos': [CLUB_EXTRATO],
  '/knn-club/usar-pontos': [CLUB_EXTRATO, CLUB_RECOMPENSAS],
  '/knn-club/meus-pedidos': [CLUB_PEDIDOS],
  '/knn-club/meu-extrato': [CLUB_EXTRATO],
}

/** The API client's time limit, applied to an early request too: it must not wait longer than its own. */
export const EARLY_TIMEOUT_MS = 15_000

const WINDOW_KEY = '__portalEarlyAnswers'
/** Set by the head script when it asked with no ETag at all: the device holds none of the screen's data. */
const FULL_KEY = '__portalEarlyFull'

interface EarlyAnswer {
  authorization: string
  etag: string | null
  response: Promise<Response>
}

/**
 * The head script's part (ES5, no imports: it runs before any module). Reads what the app
 * reads: the token, the kept user's role and the ETag hints; the tmz header as the client
 * computes it (browserTimezoneOffsetHours).
 */
export const SHELL_EARLY_ANSWERS_SCRIPT = /* @__PURE__ */ earlyAnswersScript()

// A function, called pure: the app's bundle, which does not run the script, leaves it out.
function earlyAnswersScript(): string {
  return `(function(r){try{var w=r[location.pathname.replace(/(.)\\/$/,'$1')],s=localStorage,t=s.getItem('${STORAGE_KEYS.token}');if(!w||!t||!window.fetch||!window.AbortController)return;var u=JSON.parse(s.getItem('${STORAGE_KEYS.keptUser}')||'null');if(!u||!u.user||u.user.role!=='student')return;var h=JSON.parse(s.getItem('${STORAGE_KEYS.etagHints}')||'{}'),a=window.${WINDOW_KEY}={},f=1,z=String(-new Date().getTimezoneOffset()/60);w.forEach(function(q){if(q[3]&&!u.user.is_club)return;var e=(h[q[0]]||{})[q[1]]||null,c=new AbortController(),d={Accept:'application/json',tmz:z,Authorization:'Bearer '+t},p;if(e){d['If-None-Match']=e;f=0}setTimeout(function(){c.abort()},${EARLY_TIMEOUT_MS});p=fetch(q[2],{headers:d,cache:'no-store',signal:c.signal});p.catch(function(){});a[q[2]]={authorization:d.Authorization,etag:e,response:p}});window.${FULL_KEY}=f}catch(e){}})(${JSON.stringify(EARLY_REQUESTS)})`
}

/**
 * The early answer for `url`, taken once, when it was asked with the same Authorization
 * and If-None-Match as the request about to be sent; null otherwise (then nothing is kept:
 * a later request for it sends its own).
 */
export function takeEarlyAnswer(url: string, authorization: string | null, etag: string | null): Promise<Response> | null {
  const answers = (globalThis as { [WINDOW_KEY]?: Record<string, EarlyAnswer | undefined> })[WINDOW_KEY]
  const early = answers?.[url]
  if (!answers || !early) return null
  delete answers[url]
  return early.authorization === authorization && early.etag === etag ? early.response : null
}

/**
 * True when the shell asked for this screen's data with no ETag at all (a first visit, or
 * storage wiped): every answer will be a full one, which the screen draws without the
 * device database. A 304 needs the device's copy, which loads only after the first screen.
 */
export function earlyAnswersAreFull(): boolean {
  return (globalThis as { [FULL_KEY]?: number })[FULL_KEY] === 1
}
