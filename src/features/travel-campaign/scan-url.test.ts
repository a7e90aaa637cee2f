import { describe, expect, it } from 'vitest'
import { firstScannedCode, scannedCodeIn, scanPathOf } from './scan-url.ts'

describe('scannedCodeIn (the printed URL of D27)', () => {
  it('takes the campaign and the code from a full URL, whatever the host', () => {
    expect(scannedCodeIn('https://portal.knn.com.br/at-home/scanear-qr-code/1/KNNMUNDO-LIVRO/')).toEqual({
      campanha: '1',
      codigo: 'KNNMUNDO-LIVRO',
    })
    expect(scannedCodeIn('http://localhost:8350/at-home/scanear-qr-code/12/knnmundo_feira')).toEqual({
      campanha: '12',
      codigo: 'KNNMUNDO_FEIRA',
    })
  })

  it('reads a bare path and ignores a query or a fragment', () => {
    expect(scannedCodeIn('/at-home/scanear-qr-code/3/EVENTO/?utm_source=livro#x')).toEqual({ campanha: '3', codigo: 'EVENTO' })
    expect(scannedCodeIn('  /at-home/scanear-qr-code/3/EVENTO/ ')).toEqual({ campanha: '3', codigo: 'EVENTO' })
  })

  it('refuses anything else', () => {
    for (const text of [
      '',
      'KNNMUNDO-LIVRO',
      'https://portal.knn.com.br/livro/0f7b1c1e-0000-4000-8000-000000000000',
      'https://portal.knn.com.br/at-home/scanear-qr-code/atual/KNNMUNDO-LIVRO/',
      'https://portal.knn.com.br/at-home/scanear-qr-code/1/KNN MUNDO/',
      'https://portal.knn.com.br/at-home/scanear-qr-code/1/KNNMUNDO-LIVRO/extra/',
      `https://portal.knn.com.br/at-home/scanear-qr-code/1/${'A'.repeat(33)}/`,
      'https://portal.knn.com.br/x/at-home/scanear-qr-code/1/KNNMUNDO-LIVRO/',
    ])
      expect(scannedCodeIn(text), text).toBeNull()
  })

  it('picks the first campaign code of a frame and builds its app path', () => {
    const found = firstScannedCode(['https://example.com/', 'https://p.example/at-home/scanear-qr-code/2/KNNMUNDO-EVENTO/'])
    expect(found).toEqual({ campanha: '2', codigo: 'KNNMUNDO-EVENTO' })
    expect(scanPathOf(found!)).toBe('/at-home/scanear-qr-code/2/KNNMUNDO-EVENTO/')
    expect(firstScannedCode(['nada'])).toBeNull()
  })
})
