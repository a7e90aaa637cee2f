import type { FilePart, MultipartSpec } from './define.ts'

/**
 * What the contract's file parts accept, and the Portuguese texts of a refused file: one
 * home for the server's 413/415 `detail` (server/http/multipart-body.ts) and the client's
 * own wording of those statuses (src/api/client.ts), P52.
 */

/** 1 MB as file managers count it (1024 × 1024 bytes): a limit of `25 * MB` reads "25 MB". */
export const MB = 1024 * 1024

/** Bytes that must be present at `offset`. */
type Mark = readonly [offset: number, bytes: string | readonly number[]]
/** A file type's content: any one of these lists of marks, all marks of the list matching. */
type Signature = readonly (readonly Mark[])[]

interface KnownType {
  label: string
  /** Absent: a format without a fixed signature (plain text), accepted by its declared type. */
  signature?: Signature
}

const RIFF = (kind: string): readonly Mark[] => [
  [0, 'RIFF'],
  [8, kind],
]
const ZIP: Signature = [[[0, [0x50, 0x4b, 0x03, 0x04]]]]
/** Microsoft's compound file (Office 97–2003). */
const OLE: Signature = [[[0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]]]]
/** ISO base media (MP4, M4A, HEIC): a `ftyp` box first. */
const FTYP: Signature = [[[4, 'ftyp']]]

const KNOWN_TYPES: Readonly<Record<string, KnownType>> = {
  'application/pdf': { label: 'PDF', signature: [[[0, '%PDF-']]] },
  'image/jpeg': { label: 'JPEG', signature: [[[0, [0xff, 0xd8, 0xff]]]] },
  'image/png': { label: 'PNG', signature: [[[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]]] },
  'image/gif': { label: 'GIF', signature: [[[0, 'GIF87a']], [[0, 'GIF89a']]] },
  'image/webp': { label: 'WebP', signature: [RIFF('WEBP')] },
  'image/heic': { label: 'HEIC', signature: FTYP },
  'audio/mpeg': {
    label: 'MP3',
    signature: [[[0, 'ID3']], ...[0xfb, 0xfa, 0xf3, 0xf2, 0xe3, 0xe2].map((second): readonly Mark[] => [[0, [0xff, second]]])],
  },
  'audio/wav': { label: 'WAV', signature: [RIFF('WAVE')] },
  'audio/x-wav': { label: 'WAV', signature: [RIFF('WAVE')] },
  'audio/ogg': { label: 'OGG', signature: [[[0, 'OggS']]] },
  'audio/mp4': { label: 'M4A', signature: FTYP },
  'audio/x-m4a': { label: 'M4A', signature: FTYP },
  'audio/aac': { label: 'AAC', signature: [[[0, [0xff, 0xf1]]], [[0, [0xff, 0xf9]]]] },
  'audio/webm': { label: 'WebM', signature: [[[0, [0x1a, 0x45, 0xdf, 0xa3]]]] },
  'video/mp4': { label: 'MP4', signature: FTYP },
  'application/zip': { label: 'ZIP', signature: ZIP },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { label: 'DOCX', signature: ZIP },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { label: 'XLSX', signature: ZIP },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { label: 'PPTX', signature: ZIP },
  'application/vnd.oasis.opendocument.text': { label: 'ODT', signature: ZIP },
  'application/msword': { label: 'DOC', signature: OLE },
  'application/vnd.ms-excel': { label: 'XLS', signature: OLE },
  'application/vnd.ms-powerpoint': { label: 'PPT', signature: OLE },
  'text/plain': { label: 'TXT' },
  'text/csv': { label: 'CSV' },
}

/** How many leading bytes `matchesContent` needs to decide. */
export const SNIFF_BYTES = 12

/** `image/JPEG; x=1` → `image/jpeg`. */
export function baseMediaType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase()
}

/** Whether the type has a known signature; without one, only its declared type is checked. */
export function hasSignature(mediaType: string): boolean {
  return KNOWN_TYPES[mediaType]?.signature !== undefined
}

/** Whether `head` (the file's first SNIFF_BYTES bytes, or all of a shorter file) is a `mediaType` file. */
export function matchesContent(mediaType: string, head: Uint8Array): boolean {
  const signature = KNOWN_TYPES[mediaType]?.signature
  if (!signature) return true
  return signature.some((marks) =>
    marks.every(([offset, bytes]) => {
      const expected = typeof bytes === 'string' ? [...bytes].map((char) => char.charCodeAt(0)) : bytes
      return expected.every((byte, index) => head[offset + index] === byte)
    }),
  )
}

/** A sample of a type's content (its signature's first variant), for tests that forge files. */
export function signatureBytes(mediaType: string): Uint8Array {
  const marks = KNOWN_TYPES[mediaType]?.signature?.[0] ?? []
  const head = new Uint8Array(SNIFF_BYTES).fill(0x20)
  for (const [offset, bytes] of marks) {
    head.set(typeof bytes === 'string' ? [...bytes].map((char) => char.charCodeAt(0)) : bytes, offset)
  }
  return head
}

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
const alternatives = new Intl.ListFormat('pt-BR', { type: 'disjunction' })

/** 26214400 → "25 MB", 65536 → "64 KB" (pt-BR, 1024-based as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${number.format(bytes / MB)} MB`
  if (bytes >= 1024) return `${number.format(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/** "PDF, JPEG ou PNG" */
export function acceptedTypesText(part: Pick<FilePart, 'mediaTypes'>): string {
  const labels = part.mediaTypes.map((type) => KNOWN_TYPES[type]?.label ?? type)
  return alternatives.format([...new Set(labels)])
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
