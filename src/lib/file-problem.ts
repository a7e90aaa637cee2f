import type { FilePart } from '../contract/define.ts'
import { matchesContent, SNIFF_BYTES } from '../contract/file-signatures.ts'
import { baseMediaType, fileTooLargeMessage, fileTypeMessage } from '../contract/uploads.ts'

/**
 * A file checked before it is sent to a multipart part: empty, over the part's limit,
 * of a type it does not take, or whose first bytes are not of the type it claims. Answers
 * the Portuguese message, or null when the file may go.
 */
export async function fileProblem(part: Pick<FilePart, 'maxBytes' | 'mediaTypes'>, file: Blob): Promise<string | null> {
  if (file.size === 0) return 'O arquivo está vazio.'
  if (file.size > part.maxBytes) return fileTooLargeMessage(part)
  const type = baseMediaType(file.type)
  if (!(part.mediaTypes as readonly string[]).includes(type)) return fileTypeMessage(part)
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  return matchesContent(type, head) ? null : fileTypeMessage(part)
}
