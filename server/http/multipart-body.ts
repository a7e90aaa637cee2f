import { createHash, type Hash } from 'node:crypto'
import { finished, Transform } from 'node:stream'
import { finished as ended } from 'node:stream/promises'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FilePart, MultipartSpec } from '../../src/contract/define.ts'
import { matchesContent, SNIFF_BYTES } from '../../src/contract/file-signatures.ts'
import { baseMediaType, fileTooLargeMessage, fileTypeMessage } from '../../src/contract/uploads.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import { honestFileName } from '../storage/file-names.ts'
import { HttpError, validationFailed } from './errors.ts'

/**
 * Reads a multipart body part by part: text fields are collected for the endpoint's
 * body schema, each file is checked while it streams into file storage — a declared part,
 * no more files than it takes, a declared media type whose content matches (magic bytes),
 * within its size — and refused at the first byte that breaks a rule. Whatever fails, the
 * files stored so far are deleted before the error goes out: a refused or aborted upload
 * leaves nothing behind.
 */

/** A file the handler receives: stored, checked, described. */
export interface StoredFile {
  /** The client's file name made honest (server/storage/file-names.ts): no folders, nothing unseen, the type's extension. */
  name: string
  /** Its media type: declared by the client, accepted by the endpoint, matching the content. */
  type: string
  size: number
  /** Hex SHA-256 of the bytes stored, computed as they streamed by. */
  sha256: string
  /** Where file storage keeps it (server/plugins/file-storage.ts). */
  key: string
}

export interface ReceivedMultipart {
  /** Text fields by name; a repeated field is a list (which a text schema refuses). */
  fields: Record<string, string | string[]>
  /** Stored files by part name, in the order they came. */
  files: Record<string, StoredFile[]>
}

export const NOT_MULTIPART = 'Tipo de conteúdo não suportado: envie multipart/form-data.'
export const MALFORMED_MULTIPART = 'Corpo multipart malformado.'
export const TOO_MANY_PARTS = 'A requisição tem partes demais.'
export const FIELD_NAME_REFUSED = 'Nome de campo não permitido.'
export const INTERRUPTED = 'O envio foi interrompido antes do fim.'
const FIELD_TOO_LARGE = 'O campo excede o tamanho permitido.'
const UNEXPECTED_FIELD = 'Campo não permitido'
const EMPTY_FILE = 'O arquivo enviado está vazio'
const tooManyFiles = (max: number) => (max === 1 ? 'Envie apenas um arquivo neste campo' : `Envie no máximo ${max} arquivos neste campo`)

/** Deletes stored files; a failure is logged, never raised over the answer being sent. */
export async function discardFiles(request: FastifyRequest, storage: FileStorage, files: Record<string, StoredFile[]>): Promise<void> {
  await Promise.all(
    Object.values(files)
      .flat()
      .map((file) => storage.delete(file.key).catch((error: unknown) => request.log.error({ err: error }, 'stored file not deleted'))),
  )
}

export async function receiveMultipart(
  request: FastifyRequest,
  spec: MultipartSpec,
  fieldNames: ReadonlySet<string>,
  storage: FileStorage,
): Promise<ReceivedMultipart> {
  const parts = Object.values(spec.files)
  const received: ReceivedMultipart = { fields: {}, files: {} }
  const iterator = request.parts({
    limits: {
      // One byte over the largest part, so a file too big reaches the size check below
      // (which answers 413) rather than ending quietly truncated.
      fileSize: Math.max(0, ...parts.map((part) => part.maxBytes)) + 1,
      // One over what the parts take, so an extra file reaches the count check below.
      files: parts.reduce((sum, part) => sum + (part.maxCount ?? 1), 0) + 1,
      fields: fieldNames.size + 1,
    },
  })
  let current: MultipartFile | null = null
  try {
    for (;;) {
      let next: IteratorResult<Multipart>
      try {
        next = await iterator.next()
      } catch (error) {
        throw parserError(error)
      }
      if (next.done) break
      const part = next.value
      const name = part.fieldname ?? ''

      if (part.type === 'field') {
        if (!fieldNames.has(name)) throw unexpected(name)
        if (part.valueTruncated) throw new HttpError(413, FIELD_TOO_LARGE)
        // A field sent as application/json arrives parsed; the schema reads text, as from a browser.
        const value = part.mimetype === 'application/json' ? JSON.stringify(part.value) : String(part.value)
        const previous = received.fields[name]
        received.fields[name] = previous === undefined ? value : [previous, value].flat()
        continue
      }

      current = part
      const declared = Object.hasOwn(spec.files, name) ? spec.files[name]! : null
      if (!declared) throw unexpected(name)
      // An empty file input of a browser form: a part with no file name. Nothing was chosen.
      if (part.filename === '') {
        await ended(part.file.resume()).catch((error: unknown) => {
          throw parserError(error)
        })
        current = null
        continue
      }
      const stored = (received.files[name] ??= [])
      const max = declared.maxCount ?? 1
      if (stored.length >= max) throw validationFailed([{ loc: ['body', name], msg: tooManyFiles(max), type: 'too_many_files' }])
      stored.push(await storeFile(part, name, declared, storage))
      current = null
    }
  } catch (error) {
    current?.file.destroy()
    await iterator.return?.()
    await discardFiles(request, storage, received.files)
    throw error
  }
  return received
}

async function storeFile(part: MultipartFile, name: string, declared: FilePart, storage: FileStorage): Promise<StoredFile> {
  const type = baseMediaType(part.mimetype)
  if (!declared.mediaTypes.includes(type)) throw new HttpError(415, fileTypeMessage(declared))
  const hash = createHash('sha256')
  const checked = checkedContent(name, declared, type, hash)
  // A broken upload (cut off, bad framing: the client's fault, 400) fails the write with
  // its error; a refusal below or a storage failure (a 500) stops reading the upload.
  // `finished` also reports an upload that broke before this point (already destroyed).
  let uploadError: unknown = null
  let stopped = false
  finished(part.file, (error) => {
    if (!error || stopped) return
    uploadError = error
    checked.destroy(error)
  })
  checked.once('error', () => {
    stopped = true
    part.file.destroy()
  })
  part.file.pipe(checked)
  try {
    const { key, size } = await storage.put(checked, { mediaType: type })
    // The parser's own limit, should it ever end a file before the check below does.
    if (part.file.truncated) {
      await storage.delete(key)
      throw new HttpError(413, fileTooLargeMessage(declared))
    }
    return { name: honestFileName(part.filename, type), type, size, sha256: hash.digest('hex'), key }
  } catch (error) {
    if (error instanceof HttpError) throw error
    if (uploadError) throw parserError(uploadError)
    throw error
  }
}

/** Passes the file on while checking its first bytes against its type, counting its size and hashing it. */
function checkedContent(name: string, part: FilePart, type: string, hash: Hash): Transform {
  let size = 0
  let head: Buffer[] | null = []
  const decide = (stream: Transform): Error | null => {
    const bytes = Buffer.concat(head!)
    head = null
    if (!matchesContent(type, bytes)) return new HttpError(415, fileTypeMessage(part))
    hash.update(bytes)
    stream.push(bytes)
    return null
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > part.maxBytes) return done(new HttpError(413, fileTooLargeMessage(part)))
      if (!head) {
        hash.update(chunk)
        return done(null, chunk)
      }
      head.push(chunk)
      done(size >= SNIFF_BYTES ? decide(this) : null)
    },
    flush(done) {
      if (size === 0) return done(validationFailed([{ loc: ['body', name], msg: EMPTY_FILE, type: 'file_empty' }]))
      done(head ? decide(this) : null)
    },
  })
}

function unexpected(name: string): HttpError {
  return validationFailed([{ loc: ['body', name], msg: UNEXPECTED_FIELD, type: 'unexpected_field' }])
}

/** The multipart parser's refusals (@fastify/multipart codes, busboy's plain errors) as answers. */
function parserError(error: unknown): HttpError {
  switch ((error as { code?: string }).code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, TOO_MANY_PARTS)
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, FIELD_NAME_REFUSED)
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return validationFailed([{ loc: ['body'], msg: 'JSON inválido', type: 'json_invalid' }])
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, INTERRUPTED)
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, NOT_MULTIPART)
    default:
      // Missing or wrong boundary, a part cut short, malformed headers.
      return new HttpError(400, MALFORMED_MULTIPART)
  }
}
