/**
 * Honest file names (issue 36 item 7): what a sender called a file, kept and offered
 * back (`Content-Disposition`) without what could make it read as something else.
 */

const MAX_NAME_LENGTH = 255

/**
 * Characters that change how a name reads without being seen: control characters (C0, C1),
 * bidirectional marks, embeddings, overrides and isolates (`evil\u202Efdp.exe` shows as
 * "evilexe.pdf"), other invisible format characters, line and paragraph separators, and
 * lone surrogates. The zero-width (non-)joiner stays: emoji and some scripts need it.
 */
const UNSEEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu

/** The extensions each accepted type goes by; the first is the one a name is given. */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'audio/mpeg': ['mp3', 'mpga'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/webm': ['weba', 'webm'],
  'audio/mp4': ['m4a', 'mp4'],
  'audio/x-m4a': ['m4a'],
  'audio/aac': ['aac'],
  'video/mp4': ['mp4', 'm4v'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'text/plain': ['txt', 'text'],
  'text/csv': ['csv'],
}

/** What reads as an extension (`html`, `exe`, `mp3`), not a version's last digits (`v1.2`). */
const LOOKS_LIKE_EXTENSION = /^(?=.*[a-z])[a-z0-9]{1,10}$/i

/**
 * The name a stored file is kept and offered under, given the type its content was checked
 * against (server/http/multipart-body.ts): no folders, nothing unseen (UNSEEN), at most 255
 * characters, and an extension that names that type. A name whose last extension says
 * another type gets the right one instead of it (`x.pdf.html` as a PDF → `x.pdf`,
 * `foto.exe` as a PNG → `foto.png`): a name that keeps the wrong extension in the middle
 * (`foto.exe.png`) still reads as the lie where a file manager hides the last one. A name
 * without one gets it added (`trabalho` → `trabalho.pdf`). A type this list does not know
 * keeps its name as sent.
 */
export function honestFileName(sent: string, type: string): string {
  const name = (sent.split(/[\\/]/).at(-1) ?? '').replace(UNSEEN, '').replace(/\s+/g, ' ').trim()
  const extensions = EXTENSIONS[type]
  if (!extensions) return [...(name || 'arquivo')].slice(0, MAX_NAME_LENGTH).join('')
  const [base, extension] = split(name)
  if (extensions.includes(extension.toLowerCase())) return fitted(base, extension)
  // The lying extension goes; what is before it may already name the type (`x.pdf.html`).
  const kept = (extension && LOOKS_LIKE_EXTENSION.test(extension) ? base : name).replace(/[.\s]+$/, '')
  const [inner, innerExtension] = split(kept)
  if (extensions.includes(innerExtension.toLowerCase())) return fitted(inner, innerExtension)
  return fitted(kept, extensions[0]!)
}

/** `x.pdf.html` → [`x.pdf`, `html`]; no extension (or a dotfile's name) → [name, '']. */
function split(name: string): [string, string] {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, '']
}

/** `base.extension` within 255 characters, the extension kept whole; "arquivo" for an empty base. */
function fitted(base: string, extension: string): string {
  const room = MAX_NAME_LENGTH - extension.length - 1
  return `${[...(base || 'arquivo')].slice(0, room).join('').trimEnd()}.${extension}`
}
