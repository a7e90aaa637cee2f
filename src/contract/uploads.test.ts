import { describe, expect, it } from 'vitest'
import { acceptedTypesText, baseMediaType, fileTooLargeMessage, fileTypeMessage, formatBytes, MB, uploadRefusedMessage } from './uploads.ts'

describe('texts of a refused file', () => {
  it('reads the media type without parameters or case', () => {
    expect(baseMediaType(' Text/Plain; charset=UTF-8')).toBe('text/plain')
  })

  it('shows sizes as file managers do, in pt-BR', () => {
    expect(formatBytes(25 * MB)).toBe('25 MB')
    expect(formatBytes(1.5 * MB)).toBe('1,5 MB')
    expect(formatBytes(64 * 1024)).toBe('64 KB')
    expect(formatBytes(900)).toBe('900 bytes')
  })

  it('names the limit and the accepted types', () => {
    expect(fileTooLargeMessage({ maxBytes: 25 * MB })).toBe('O arquivo excede o limite de 25 MB.')
    expect(acceptedTypesText({ mediaTypes: ['application/pdf'] })).toBe('PDF')
    expect(acceptedTypesText({ mediaTypes: ['audio/wav', 'audio/x-wav', 'audio/mpeg'] })).toBe('WAV ou MP3')
    expect(
      acceptedTypesText({ mediaTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/webp'] }),
    ).toBe('DOCX ou WEBP')
    expect(fileTypeMessage({ mediaTypes: ['application/pdf', 'image/jpeg', 'image/png'] })).toBe(
      'Tipo de arquivo não aceito. Envie PDF, JPEG ou PNG.',
    )
  })

  it('words a 413 or 415 for an endpoint exactly when it has one file part', () => {
    const pdf = { maxBytes: 5 * MB, mediaTypes: ['application/pdf'], required: true }
    expect(uploadRefusedMessage({ files: { arquivo: pdf } }, 413)).toBe('O arquivo excede o limite de 5 MB.')
    expect(uploadRefusedMessage({ files: { arquivo: pdf } }, 415)).toBe('Tipo de arquivo não aceito. Envie PDF.')
    expect(uploadRefusedMessage({ files: { a: pdf, b: pdf } }, 413)).toBe('Um dos arquivos é grande demais.')
  })
})
