import { BRAND_IDENTITY, type BrandId } from '../../src/contract/brand-host.ts'
import type { Mail } from './transports.ts'

/**
 * The e-mails the portal sends, in Portuguese and in the brand the person uses (the host
 * they asked from, as for the app shell, D5). Each has a plain-text version with the bare
 * link and an HTML version with a button; every value put into the HTML is escaped.
 */

export interface LinkMailInput {
  to: string
  brand: BrandId
  /** The account holder's name, when the account has one. */
  name: string | null
  link: string
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
}

function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0]
  return first ? `Olá, ${first}!` : 'Olá!'
}

interface LinkMailParts {
  subject: string
  intro: string
  action: string
  validity: string
  ignore: string
}

function linkMail(input: LinkMailInput, parts: LinkMailParts): Mail {
  const brand = BRAND_IDENTITY[input.brand]
  const hello = greeting(input.name)
  const text = [hello, '', parts.intro, '', `${parts.action}: ${input.link}`, '', parts.validity, parts.ignore, '', brand.name].join('\n')
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="margin:0;padding:24px;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f1f24">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:${brand.primaryStrong}">${escapeHtml(brand.name)}</p>
<p style="margin:0 0 12px">${escapeHtml(hello)}</p>
<p style="margin:0 0 20px">${escapeHtml(parts.intro)}</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:${brand.primaryStrong};color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(parts.action)}</a></p>
<p style="margin:0 0 12px;font-size:14px">${escapeHtml(parts.validity)} ${escapeHtml(parts.ignore)}</p>
<p style="margin:0;font-size:13px;color:#55555f">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(input.link)}</p>
</div>
</body>
</html>`
  return { to: input.to, subject: `${parts.subject} · ${brand.name}`, text, html, senderName: brand.name }
}

/** The link of a password recovery (SPEC §2 /login/recover-password). */
export function passwordResetMail(input: LinkMailInput): Mail {
  return linkMail(input, {
    subject: 'Redefinição de senha',
    intro: 'Recebemos um pedido para criar uma nova senha para a sua conta no portal do aluno.',
    action: 'Criar nova senha',
    validity: 'O link vale por 1 hora e pode ser usado uma única vez.',
    ignore: 'Se você não pediu, ignore este e-mail: sua senha continua a mesma.',
  })
}

/** The link that confirms the account's e-mail (SPEC §4). */
export function emailVerificationMail(input: LinkMailInput): Mail {
  return linkMail(input, {
    subject: 'Confirme seu e-mail',
    intro: 'Confirme que este é o seu e-mail para receber as mensagens do portal do aluno.',
    action: 'Confirmar e-mail',
    validity: 'O link vale por 24 horas e pode ser usado uma única vez.',
    ignore: 'Se você não pediu, ignore este e-mail.',
  })
}
