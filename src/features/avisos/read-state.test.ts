import { describe, expect, it } from 'vitest'
import type { Aviso, Avisos } from '../../contract/schemas/push.ts'
import { avisoTarget, withAnswer, withLocalReads } from './read-state.ts'

const aviso = (id: number, readAt: string | null = null): Aviso => ({
  id,
  title: `Aviso ${id}`,
  body: 'Corpo',
  link: '/financial',
  image_url: null,
  sent_at: `2026-05-0${id}T12:00:00.000Z`,
  read_at: readAt,
})

const stored: Avisos = { avisos: [aviso(3), aviso(2, '2026-05-02T13:00:00.000Z'), aviso(1)], nao_lidos: 5 }

describe('withLocalReads', () => {
  it('reads on this device mark the notice and lower the count, once each', () => {
    const seen = withLocalReads(stored, [
      { id: 3, at: '2026-05-04T10:00:00.000Z' },
      { id: 3, at: '2026-05-04T11:00:00.000Z' },
    ])
    expect(seen.avisos.map((item) => item.read_at)).toEqual(['2026-05-04T10:00:00.000Z', '2026-05-02T13:00:00.000Z', null])
    expect(seen.nao_lidos).toBe(4)
  })

  it('a notice the server already has read keeps its time and the count', () => {
    const seen = withLocalReads(stored, [{ id: 2, at: '2026-05-04T10:00:00.000Z' }])
    expect(seen.avisos[1]!.read_at).toBe('2026-05-02T13:00:00.000Z')
    expect(seen.nao_lidos).toBe(5)
  })

  it('a read of a notice no longer listed changes nothing; the count never goes below 0', () => {
    expect(withLocalReads(stored, [{ id: 99, at: 'x' }])).toEqual(stored)
    expect(withLocalReads({ avisos: [aviso(1)], nao_lidos: 0 }, [{ id: 1, at: 'x' }]).nao_lidos).toBe(0)
    expect(withLocalReads(stored, [])).toBe(stored)
  })
})

describe('withAnswer', () => {
  it("takes the server's read and lowers the count when it was unread", () => {
    const next = withAnswer(stored, aviso(1, '2026-05-05T00:00:00.000Z'))
    expect(next.avisos[2]!.read_at).toBe('2026-05-05T00:00:00.000Z')
    expect(next.nao_lidos).toBe(4)
    expect(withAnswer(next, aviso(1, '2026-05-05T00:00:00.000Z')).nao_lidos).toBe(4)
    expect(withAnswer(stored, aviso(9, 'x'))).toBe(stored)
  })
})

describe('avisoTarget', () => {
  it('opens a portal path as it is, anything else at the dashboard', () => {
    expect(avisoTarget('/pedagogico/list?aba=notas')).toBe('/pedagogico/list?aba=notas')
    expect(avisoTarget('//evil.example/x')).toBe('/dashboard')
    expect(avisoTarget('https://evil.example/')).toBe('/dashboard')
    expect(avisoTarget('/\\evil.example')).toBe('/dashboard')
  })
})
