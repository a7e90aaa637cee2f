// Issue 36 items 1, 2 and 5 against the real server (server/main.ts) in its default
// configuration (nothing set but a temp DATA_DIR, TRUST_PROXY so the figures can speak from
// many addresses, and SMTP_URL pointing at a local SMTP stand-in, which is where the e-mails
// are read). Loopback only, bounded (about 30 s), stops by itself. Figures, never pass/fail:
//  1. Reset links requested with a forged Host / X-Forwarded-Host / Origin: how many of the
//     e-mails' links point anywhere but the server's own localhost origins.
//  2. Reset links (every one sent to the account) still usable after a password change.
//  3. The owner's known device (its device cookie) after 200 failed logins from 20 other
//     addresses, and an unknown device meanwhile.
// Run: `npx node bench/attack-accounts.ts`; the lead's bench/run.ts calls runAccountsAttackBench().
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/db/seed.ts'
import { startSmtpStandIn, type SmtpStandIn } from '../server/test/stand-ins/smtp.ts'
import { startServer, stopServer } from './attack-server.ts'

const FOREIGN_FAILURES = 200
const FOREIGN_ADDRESSES = 20
/** Accounts asked for with forged hosts (three forgeries each). */
const FORGED_ACCOUNTS = 10
/** Accounts whose password is changed after their reset links were sent (among the forged ones). */
const PASSWORD_CHANGES = 5

export interface AccountsAttackFigures {
  forgedHostLinks: number
  forgedHostLinksElsewhere: number
  resetLinksBeforeChange: number
  resetLinksValidAfterChange: number
  foreignFailures: number
  knownDeviceLogin: 'succeeds' | 'fails'
  unknownDeviceStatus: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let addresses = 0
/** A client address of its own per request (X-Forwarded-For, TRUST_PROXY), within every per-address limit. */
const newAddress = () => {
  addresses++
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

function login(base: string, username: string, password: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${base}/api/v1/login/access-token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ username, password }),
  })
}

/** Asks for a reset link, through node:http: fetch does not let a caller set Host. */
async function recover(base: string, email: string, headers: Record<string, string> = {}): Promise<void> {
  const url = new URL(`${base}/api/v1/login/recover-password/?email=${encodeURIComponent(email)}`)
  const status = await new Promise<number>((resolve, reject) => {
    request(url, { method: 'POST', headers: { 'x-forwarded-for': newAddress(), ...headers } }, (response) =>
      response.resume().on('end', () => resolve(response.statusCode!)),
    )
      .on('error', reject)
      .end()
  })
  if (status !== 200) throw new Error(`recover-password answered ${status}`)
}

/** Waits until the stand-in holds `count` mails (they are sent after the answer). */
async function mailsArrived(smtp: SmtpStandIn, count: number): Promise<void> {
  const deadline = Date.now() + 30_000
  while (smtp.received.length < count && Date.now() < deadline) await sleep(50)
}

const linkOf = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0])

async function forgedHosts(base: string, smtp: SmtpStandIn) {
  const port = new URL(base).port
  const own = new Set([`http://localhost:${port}`, `http://phenom.localhost:${port}`])
  const forgeries: Record<string, string>[] = [
    { host: 'attacker.example' },
    { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
    { host: 'phenom.attacker.example', origin: 'https://phenom.attacker.example' },
  ]
  const before = smtp.received.length
  const accounts = DEMO_ACCOUNTS.slice(0, FORGED_ACCOUNTS)
  for (const account of accounts) for (const headers of forgeries) await recover(base, account.email, headers)
  const sent = accounts.length * forgeries.length
  await mailsArrived(smtp, before + sent)
  const links = smtp.received.slice(before).map((mail) => linkOf(mail.text))
  return { forgedHostLinks: links.length, forgedHostLinksElsewhere: links.filter((link) => !own.has(link.origin)).length }
}

async function linksAfterPasswordChange(base: string, smtp: SmtpStandIn) {
  let before = 0
  let valid = 0
  for (const account of DEMO_ACCOUNTS.slice(0, PASSWORD_CHANGES)) {
    // A fresh link on top of the ones the forged-Host figure already had sent to this account.
    const mailsBefore = smtp.received.length
    await recover(base, account.email)
    await mailsArrived(smtp, mailsBefore + 1)
    const tokens = smtp.received
      .filter((mail) => mail.envelope.to.includes(account.email))
      .map((mail) => linkOf(mail.text).searchParams.get('token'))
      .filter((token): token is string => token !== null)
    before += tokens.length
    const signedIn = (await (await login(base, account.email, DEMO_PASSWORD, { 'x-forwarded-for': newAddress() })).json()) as {
      access_token: string
    }
    const changed = await fetch(`${base}/drive/api/v1/users/me/update-password/portal/`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${signedIn.access_token}`, 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
      body: JSON.stringify({ current_password: DEMO_PASSWORD, new_password: 'trocada-pela-dona-1' }),
    })
    if (changed.status !== 200) throw new Error(`update-password answered ${changed.status}`)
    for (const token of tokens) {
      const reset = await fetch(`${base}/api/v1/login/reset-password/?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
        body: JSON.stringify({ new_password: 'senha-do-ladrao-1' }),
      })
      await reset.arrayBuffer()
      if (reset.status === 200) valid++
    }
  }
  return { resetLinksBeforeChange: before, resetLinksValidAfterChange: valid }
}

async function knownDevice(base: string) {
  // An account the other figures did not touch, and never the same address twice for the owner.
  const owner = DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!.email
  const first = await login(base, owner, DEMO_PASSWORD, { 'x-forwarded-for': '10.9.0.1' })
  await first.arrayBuffer()
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!
  for (let round = 0; round < FOREIGN_FAILURES / FOREIGN_ADDRESSES; round++) {
    await Promise.all(
      Array.from({ length: FOREIGN_ADDRESSES }, async (_, a) => {
        const response = await login(base, owner, `palpite-${round}-${a}`, { 'x-forwarded-for': `10.8.0.${a + 1}` })
        await response.arrayBuffer()
      }),
    )
  }
  const known = await login(base, owner, DEMO_PASSWORD, { 'x-forwarded-for': '10.9.0.1', cookie })
  await known.arrayBuffer()
  const unknown = await login(base, owner, DEMO_PASSWORD, { 'x-forwarded-for': '10.9.0.2' })
  await unknown.arrayBuffer()
  return { knownDeviceLogin: known.status === 200 ? ('succeeds' as const) : ('fails' as const), unknownDeviceStatus: unknown.status }
}

export async function runAccountsAttackBench(): Promise<AccountsAttackFigures> {
  const smtp = await startSmtpStandIn()
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-attack-accounts-'))
  try {
    const server = await startServer(dataDir, { TRUST_PROXY: 'true', SMTP_URL: smtp.url })
    const { base } = server
    try {
      const forged = await forgedHosts(base, smtp)
      const afterChange = await linksAfterPasswordChange(base, smtp)
      const device = await knownDevice(base)
      return { ...forged, ...afterChange, foreignFailures: FOREIGN_FAILURES, ...device }
    } finally {
      await stopServer(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await smtp.close()
  }
}

export function printAccountsAttackFigures(figures: AccountsAttackFigures): void {
  console.log('Attack on accounts (issue 36):')
  console.log(`  reset links with a forged Host: ${figures.forgedHostLinksElsewhere} of ${figures.forgedHostLinks} point elsewhere`)
  console.log(
    `  reset links valid after a password change: ${figures.resetLinksValidAfterChange} (of ${figures.resetLinksBeforeChange} sent before it)`,
  )
  console.log(
    `  owner's known-device login after ${figures.foreignFailures} foreign failures: ${figures.knownDeviceLogin} (an unknown device: ${figures.unknownDeviceStatus})`,
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  printAccountsAttackFigures(await runAccountsAttackBench())
}
