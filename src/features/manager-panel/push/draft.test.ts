import { describe, expect, it } from 'vitest'
import { audienceLabel, draftOf, EMPTY_DRAFT, scheduledInstant, validateDraft } from './draft.ts'

const options = { escolas: [{ escola_id: 7, nome: 'Centro' }], turmas: [{ id: 3, nome: 'Inglês — Teens 1', escola: 'Centro' }] }

describe('the compose form', () => {
  it('gives the API a class audience with a trimmed title and no image', () => {
    const result = validateDraft({ ...EMPTY_DRAFT, title: '  Prova amanhã ', body: 'Traga lápis.', audienceKind: 'turma', turmaId: '3' })
    expect(result.errors).toBeNull()
    expect(result.input).toEqual({
      title: 'Prova amanhã',
      body: 'Traga lápis.',
      link: '/dashboard',
      image_url: null,
      audience: { kind: 'turma', turma_id: 3 },
    })
  })

  it('says what to fix, field by field, in Portuguese', () => {
    const result = validateDraft({ ...EMPTY_DRAFT, imageUrl: 'http://x.example/a.png', audienceKind: 'alunos' })
    expect(result.input).toBeNull()
    expect(result.errors).toEqual({
      title: 'Este campo é obrigatório',
      body: 'Este campo é obrigatório',
      imageUrl: 'A imagem precisa de um endereço https',
      audience: 'Escolha pelo menos um aluno',
    })
    expect(validateDraft({ ...EMPTY_DRAFT, title: 'a', body: 'b', audienceKind: 'turma' }).errors).toEqual({ audience: 'Escolha a turma' })
    expect(validateDraft({ ...EMPTY_DRAFT, title: 'a'.repeat(81), body: 'b' }).errors?.title).toBeDefined()
  })

  it('reads a saved draft back into the form and names its audience', () => {
    const draft = draftOf({
      id: 1,
      title: 'T',
      body: 'B',
      link: '/financial',
      image_url: null,
      audience: { kind: 'alunos', user_ids: [4, 9] },
      status: 'rascunho',
      scheduled_for: null,
      started_at: null,
      finished_at: null,
      created_at: '2026-11-25T10:00:00.000Z',
      updated_at: '2026-11-25T10:00:00.000Z',
      created_by_name: null,
      audience_size: 2,
      counts: { targeted: 0, queued: 0, sent: 0, failed: 0, gone: 0, clicked: 0, dismissed: 0 },
    })
    expect(draft).toMatchObject({ link: '/financial', audienceKind: 'alunos', students: [{ id: 4 }, { id: 9 }] })
    expect(audienceLabel({ kind: 'turma', turma_id: 3 }, options)).toBe('Turma Inglês — Teens 1 (Centro)')
    expect(audienceLabel({ kind: 'escola', escola_id: 7 }, options)).toBe('Escola Centro')
    expect(audienceLabel({ kind: 'alunos', user_ids: [4, 9] }, options)).toBe('2 alunos escolhidos')
    expect(audienceLabel({ kind: 'marca', brand: 'phenom' }, undefined)).toBe('Alunos da marca Phenom')
  })

  it('schedules only for a time still ahead', () => {
    const now = Date.parse('2026-11-25T12:00:00Z')
    expect(scheduledInstant('2026-11-25T13:30', Date.parse('2026-01-01T00:00:00Z'))).toMatch(/^2026-11-25T/)
    expect(scheduledInstant('2020-01-01T10:00', now)).toBeNull()
    expect(scheduledInstant('', now)).toBeNull()
  })
})
