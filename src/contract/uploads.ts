import type { FilePart, MultipartSpec } from './define.ts'
import { once } from './once.ts'

/**
 * The Portuguese texts of a refused file: one home for the server's 413/415 `detail`
 * (server/http/multipart-body.ts) and the client's own wording of those statuses
 * (src/lib/client.ts). How a type is recognised by content: ./file-signatures.ts.
 */

/** 1 MB as file managers count it (1024 × 1024 bytes): a limit of `25 * MB` reads "25 MB". */
export const MB = 1024 * 1024

/** How a type is named to a student where its subtype in capitals will not do. */
const LABELS: Readonly<Record<string, string>> = {
  'audio/mpeg': 'MP3',
  'audio/x-wav': 'WAV',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'text/plain': 'TXT',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/msword': 'DOC',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.ms-powerpoint': 'PPT',
}

/** `application/pdf` → "PDF", `audio/mpeg` → "MP3". */
export function mediaTypeLabel(type: string): string {
  return LABELS[type] ?? (type.split('/')[1] ?? type).toUpperCase()
}

/** `image/JPEG; x=1` → `image/jpeg`. */
export function baseMediaType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase()
}

// Made on first use: the API client loads this module on every screen, and a list format's
// first construction alone took ~70 ms of a cold /dashboard's main thread at 4× CPU.
const number = once(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }))
const alternatives = once(() => new Intl.ListFormat('pt-BR', { type: 'disjunction' }))

/** 26214400 → "25 MB", 65536 → "64 KB" (pt-BR, 1024-based as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${number().format(bytes / MB)} MB`
  if (bytes >= 1024) return `${number().format(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/** "PDF, JPEG ou PNG" */
export function acceptedTypesText(part: Pick<FilePart, 'mediaTypes'>): string {
  const labels = part.mediaTypes.map(mediaTypeLabel)
  return alternatives().format([...new Set(labels)])
}

export function fileTooLargeMessage(part: Pick<FilePart, 'maxBytes'>): string {
  return `O arquivo excede o limite de ${formatBytes(part.maxBytes)}.`
}

export function fileTypeMessage(part: Pick<FilePart, 'mediaTypes'>): string {
  return `Tipo de arquivo não aceito. Envie ${acceptedTypesText(part)}.`
}

/**
 * The client's text for a 413 or 415 on a multipart endpoint when the server's `detail`
 * is not there to show (a proxy's answer, say): exact for one file part, general otherwise.
 */
export function uploadRefusedMessage(spec: MultipartSpec, status: 413 | 415): string {
  const parts = Object.values(spec.files)
  if (parts.length === 1) return status === 413 ? fileTooLargeMessage(parts[0]!) : fileTypeMessage(parts[0]!)
  return status === 413 ? 'Um dos arquivos é grande demais.' : 'Um dos arquivos não é de um tipo aceito.'
}
