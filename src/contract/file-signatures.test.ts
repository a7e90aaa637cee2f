import { describe, expect, it } from 'vitest'
import { matchesContent, signatureBytes } from './file-signatures.ts'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])))

describe('file types by content', () => {
  it('recognises each type by its first bytes', () => {
    expect(matchesContent('application/pdf', bytes('%PDF-1.7'))).toBe(true)
    expect(matchesContent('image/png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true)
    expect(matchesContent('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true)
    expect(matchesContent('image/webp', bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe(true)
    expect(matchesContent('audio/wav', bytes('RIFF', 1, 2, 3, 4, 'WAVE'))).toBe(true)
    expect(matchesContent('audio/mpeg', bytes('ID3', 4))).toBe(true)
    expect(matchesContent('audio/mpeg', bytes(0xff, 0xfb, 0x90))).toBe(true)
    expect(matchesContent('audio/mp4', bytes(0, 0, 0, 0x20, 'ftypM4A '))).toBe(true)
    expect(matchesContent('application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes('PK', 3, 4))).toBe(true)
    expect(matchesContent('application/msword', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true)
  })

  it('refuses content of another type, and a file too short to show its signature', () => {
    expect(matchesContent('application/pdf', bytes('MZ', 0x90, 0))).toBe(false)
    expect(matchesContent('image/png', bytes(0xff, 0xd8, 0xff))).toBe(false)
    // RIFF alone is not enough: a WAV is not a WebP.
    expect(matchesContent('image/webp', bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe(false)
    expect(matchesContent('application/pdf', bytes('%PD'))).toBe(false)
    expect(matchesContent('application/pdf', new Uint8Array())).toBe(false)
  })

  it('accepts any content for a type without a signature (plain text)', () => {
    expect(matchesContent('text/plain', bytes('qualquer coisa'))).toBe(true)
  })

  it('forges a sample that its own check accepts', () => {
    for (const type of ['application/pdf', 'image/png', 'image/webp', 'audio/mpeg', 'video/mp4']) {
      expect(matchesContent(type, signatureBytes(type)), type).toBe(true)
    }
  })
})
