/**
 * File types recognised by their first bytes (magic numbers): a file declared as one of
 * these types must start like one. The server checks every upload with it; kept out
 * of ./uploads.ts so the app's bundle carries only the texts.
 */

/** Bytes that must be present at `offset`. */
type Mark = readonly [offset: number, bytes: string | readonly number[]]
/** A file type's content: any one of these lists of marks, all marks of the list matching. */
type Signature = readonly (readonly Mark[])[]

const RIFF = (kind: string): readonly Mark[] => [
  [0, 'RIFF'],
  [8, kind],
]
const ZIP: Signature = [[[0, [0x50, 0x4b, 0x03, 0x04]]]]
/** Microsoft's compound file (Office 97–2003). */
const OLE: Signature = [[[0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]]]]
/** ISO base media (MP4, M4A, HEIC): a `ftyp` box first. */
const FTYP: Signature = [[[4, 'ftyp']]]

/** Types without an entry (plain text, CSV) have no fixed signature: checked by declared type only. */
const SIGNATURES: Readonly<Record<string, Signature>> = {
  'application/pdf': [[[0, '%PDF-']]],
  'image/jpeg': [[[0, [0xff, 0xd8, 0xff]]]],
  'image/png': [[[0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]]]],
  'image/gif': [[[0, 'GIF87a']], [[0, 'GIF89a']]],
  'image/webp': [RIFF('WEBP')],
  'image/heic': FTYP,
  'audio/mpeg': [[[0, 'ID3']], ...[0xfb, 0xfa, 0xf3, 0xf2, 0xe3, 0xe2].map((second): readonly Mark[] => [[0, [0xff, second]]])],
  'audio/wav': [RIFF('WAVE')],
  'audio/x-wav': [RIFF('WAVE')],
  'audio/ogg': [[[0, 'OggS']]],
  'audio/mp4': FTYP,
  'audio/x-m4a': FTYP,
  'audio/aac': [[[0, [0xff, 0xf1]]], [[0, [0xff, 0xf9]]]],
  'audio/webm': [[[0, [0x1a, 0x45, 0xdf, 0xa3]]]],
  'video/mp4': FTYP,
  'application/zip': ZIP,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ZIP,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ZIP,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ZIP,
  'application/vnd.oasis.opendocument.text': ZIP,
  'application/msword': OLE,
  'application/vnd.ms-excel': OLE,
  'application/vnd.ms-powerpoint': OLE,
}

/** A mark's bytes as numbers (`'PK'` → [0x50, 0x4b]). */
function markBytes(bytes: Mark[1]): readonly number[] {
  return typeof bytes === 'string' ? [...bytes].map((char) => char.charCodeAt(0)) : bytes
}

/** How many leading bytes `matchesContent` needs to decide. */
export const SNIFF_BYTES = 12

/** Whether the type has a known signature; without one, only its declared type is checked. */
export function hasSignature(mediaType: string): boolean {
  return SIGNATURES[mediaType] !== undefined
}

/** Whether `head` (the file's first SNIFF_BYTES bytes, or all of a shorter file) is a `mediaType` file. */
export function matchesContent(mediaType: string, head: Uint8Array): boolean {
  const signature = SIGNATURES[mediaType]
  if (!signature) return true
  return signature.some((marks) => marks.every(([offset, bytes]) => markBytes(bytes).every((byte, index) => head[offset + index] === byte)))
}

/** A sample of a type's content (its signature's first variant), for tests that forge files. */
export function signatureBytes(mediaType: string): Uint8Array {
  const marks = SIGNATURES[mediaType]?.[0] ?? []
  const head = new Uint8Array(SNIFF_BYTES).fill(0x20)
  for (const [offset, bytes] of marks) head.set(markBytes(bytes), offset)
  return head
}
