import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { signatureBytes } from '../../src/contract/file-signatures.ts'

/**
 * Multipart bodies written byte by byte, so a test can send what a browser sends and what
 * no browser would (a wrong boundary, a part cut short, a forged file).
 */

export interface TextPart {
  name: string
  value: string
  contentType?: string
}
export interface FilePartBody {
  name: string
  filename: string
  contentType: string
  bytes: Uint8Array
}
export type PartBody = TextPart | FilePartBody

export const BOUNDARY = '----portal-teste-7MA4YWxkTrZu0gW'
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`

/** The body of `parts`, closed by the final boundary unless `close` is false. */
export function multipartPayload(parts: readonly PartBody[], options: { boundary?: string; close?: boolean } = {}): Buffer {
  const boundary = options.boundary ?? BOUNDARY
  const chunks: Buffer[] = []
  for (const part of parts) {
    const file = 'bytes' in part
    const disposition = `form-data; name="${part.name}"${file ? `; filename="${part.filename}"` : ''}`
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`))
    chunks.push(file ? Buffer.from(part.bytes) : Buffer.from(part.value))
    chunks.push(Buffer.from('\r\n'))
  }
  if (options.close ?? true) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

/** `size` bytes that read as a `mediaType` file (its signature, then filler). */
export function sampleFile(mediaType: string, size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x41)
  bytes.set(signatureBytes(mediaType).subarray(0, size))
  return bytes
}

/** Every file under `root` (relative paths, sorted), in-progress ones included; none when it does not exist. */
export async function filesOnDisk(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()
}
