import { describe, expect, it } from 'vitest'
import { honestFileName } from './file-names.ts'

/** Honest file names (issue 36 item 7): what is kept and offered back for a checked type. */

describe('honestFileName', () => {
  it('drops bidirectional overrides, marks and isolates and every other unseen character', () => {
    // Shown as "evilexe.pdf" with the override; the .exe is the name's real extension.
    expect(honestFileName('evil\u202Efdp.exe', 'application/pdf')).toBe('evilfdp.pdf')
    for (const unseen of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F']) {
      expect(honestFileName(`tra${unseen}balho.pdf`, 'application/pdf')).toBe('trabalho.pdf')
    }
    expect(honestFileName('a\u0000b\u0007c\u007F\u0085d\u2028e\uFEFF\ud800.pdf', 'application/pdf')).toBe('abcde.pdf')
    expect(honestFileName('linha\r\nnova.pdf', 'application/pdf')).toBe('linhanova.pdf')
    // Emoji sequences and scripts that need the zero-width joiners keep them.
    expect(honestFileName('família 👩\u200D👧.pdf', 'application/pdf')).toBe('família 👩\u200D👧.pdf')
  })

  it('gives the name the extension of the type its content was checked against', () => {
    // The last extension lied: replaced, so no ".html" stays to be read as the real one.
    expect(honestFileName('x.pdf.html', 'application/pdf')).toBe('x.pdf')
    expect(honestFileName('foto.exe', 'image/png')).toBe('foto.png')
    expect(honestFileName('foto.JPG', 'image/jpeg')).toBe('foto.JPG')
    expect(honestFileName('foto.jpeg', 'image/jpeg')).toBe('foto.jpeg')
    expect(honestFileName('voz.wav', 'audio/x-wav')).toBe('voz.wav')
    // No extension, or only a version's digits after the dot: the type's is added.
    expect(honestFileName('trabalho', 'application/pdf')).toBe('trabalho.pdf')
    expect(honestFileName('Relatório v1.2', 'application/pdf')).toBe('Relatório v1.2.pdf')
    expect(honestFileName('.html', 'application/pdf')).toBe('.html.pdf')
    expect(honestFileName('fim.', 'application/pdf')).toBe('fim.pdf')
    // A type without a known extension keeps the name as sent (cleaned).
    expect(honestFileName('dados.bin', 'application/x-desconhecido')).toBe('dados.bin')
  })

  it('keeps no folders, no empty name, at most 255 characters with the extension whole', () => {
    expect(honestFileName('C:\\Users\\ana\\trabalho.pdf', 'application/pdf')).toBe('trabalho.pdf')
    expect(honestFileName('../../etc/passwd', 'text/plain')).toBe('passwd.txt')
    expect(honestFileName('\u202E', 'application/pdf')).toBe('arquivo.pdf')
    expect(honestFileName('', 'application/x-desconhecido')).toBe('arquivo')
    const long = honestFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf')
    expect(long).toHaveLength(255)
    expect(long.endsWith('a.pdf')).toBe(true)
  })
})
