import * as v from 'valibot'
import { defineEndpoint } from '../define.ts'
import { IdParam } from '../schemas/common.ts'
import { EnglishTestEstado, SalvarRespostasBody, TentativaEnglishTest } from '../schemas/english-test.ts'

/** How long an attempt lasts on the server's clock. */
export const ENGLISH_TEST_MINUTES = 30
/** A finished student may take the test again this many days after finishing. */
export const ENGLISH_TEST_RETAKE_DAYS = 30

/** `{id}` is one of the caller's attempts. */
const byTentativa = { id: 'englishTestTentativa' } as const
const tentativaNotFound = { 404: 'Teste não encontrado' } as const

/**
 * The English level test /english-test (issue 10; SPEC names no paths, so these are ours). Student
 * only, each call about the caller's own attempts.
 */
export const englishTestEndpoints = {
  /** The test's terms and the caller's current or last attempt (an attempt past its time ends here). */
  englishTest: defineEndpoint({
    method: 'GET',
    path: '/english-test/',
    service: 'portal',
    access: 'student',
    response: EnglishTestEstado,
    errors: { useDetail: true, fallback: 'Erro ao carregar o teste de nivelamento' },
  }),
  /**
   * Starts an attempt (201), or answers the one in progress (200): a second tap or another
   * device never starts a second clock. 409 while a finished student may not retake it.
   */
  iniciarEnglishTest: defineEndpoint({
    method: 'POST',
    path: '/english-test/tentativas/',
    service: 'portal',
    access: 'student',
    response: TentativaEnglishTest,
    errors: { useDetail: true, fallback: 'Erro ao iniciar o teste de nivelamento' },
  }),
  /** Saves answers (idempotent); 409 once the attempt is finished or its time is over. */
  salvarRespostasEnglishTest: defineEndpoint({
    method: 'PUT',
    path: '/english-test/tentativas/{id}/respostas/',
    service: 'portal',
    access: 'student',
    owned: byTentativa,
    params: v.object({ id: IdParam }),
    body: SalvarRespostasBody,
    response: TentativaEnglishTest,
    errors: { byStatus: tentativaNotFound, useDetail: true, fallback: 'Erro ao salvar as respostas' },
  }),
  /** Finishes the attempt with what was saved and answers its result; again: the same result. */
  finalizarEnglishTest: defineEndpoint({
    method: 'POST',
    path: '/english-test/tentativas/{id}/finalizar/',
    service: 'portal',
    access: 'student',
    owned: byTentativa,
    params: v.object({ id: IdParam }),
    response: TentativaEnglishTest,
    errors: { byStatus: tentativaNotFound, useDetail: true, fallback: 'Erro ao finalizar o teste' },
  }),
} as const
