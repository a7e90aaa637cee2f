/**
 * The Pix "copia e cola" (BR Code): an EMV merchant-presented payload as the central bank's
 * manual describes it (D13). Our own builder: the npm ones tried deviate from the manual
 * (TOOLCHAIN.md "Pix BR Code"); this one reproduces the manual's static example byte for byte.
 */

/** The Pix arrangement's GUI (field 26-00), lower-case as the manual writes it. */
export const PIX_GUI = 'br.gov.bcb.pix'

/** EMV limits of the merchant fields (59 and 60). */
export const MERCHANT_NAME_MAX = 25
export const MERCHANT_CITY_MAX = 15
/** Field 26 holds at most 99 characters: 4 + 14 for the GUI, 4 for the key's own tag and length. */
export const PIX_KEY_MAX = 77

export interface BrCodeInput {
  /** The receiver's Pix key (e-mail, phone, CPF/CNPJ or random key). */
  key: string
  merchantName: string
  merchantCity: string
  /** The charge's transaction id (field 62-05): up to 25 letters and digits, `***` when none. */
  txid: string
  /** Integer cents (D12); 0 or absent leaves the amount to the payer (field 54 omitted). */
  amountCents?: number
}

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the UTF-8 bytes. */
export function crc16(text: string): number {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

/** One TLV field: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** Accents removed and anything outside printable ASCII dropped (EMV's character set), cut to `max`. */
export function emvText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
}

/** 45100 → `451.00`, in integers (no float rounding). */
function amount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

export function brCode(input: BrCodeInput): string {
  const cents = input.amountCents ?? 0
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError('BR Code amount must be integer cents ≥ 0')
  const key = input.key.trim()
  if (key.length === 0 || key.length > PIX_KEY_MAX) throw new RangeError(`Pix key must have 1 to ${PIX_KEY_MAX} characters`)
  if (!/^[A-Za-z0-9*]{1,25}$/.test(input.txid)) throw new RangeError('BR Code txid must be 1 to 25 letters and digits')
  const payload =
    field('00', '01') +
    field('26', field('00', PIX_GUI) + field('01', key)) +
    field('52', '0000') +
    field('53', '986') +
    (cents > 0 ? field('54', amount(cents)) : '') +
    field('58', 'BR') +
    field('59', emvText(input.merchantName, MERCHANT_NAME_MAX)) +
    field('60', emvText(input.merchantCity, MERCHANT_CITY_MAX)) +
    field('62', field('05', input.txid)) +
    // The CRC covers everything before it, its own id and length included.
    '6304'
  return payload + crc16(payload).toString(16).toUpperCase().padStart(4, '0')
}
