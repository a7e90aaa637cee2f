import { defineEndpoint } from './define.ts'
import { LoginForm, LoginResponse } from './schemas/auth.ts'
import * as v from 'valibot'
import { BooleanQuery, IdParam } from './schemas/common.ts'
import { ClientConfig } from './schemas/config.ts'
import { Financeiro } from './schemas/financeiro.ts'
import { PedidosPage, PedidosQuery } from './schemas/pedido.ts'
import { NotasAtHome, NotasTurma, Turma } from './schemas/turma.ts'
import { CurrentUser, PasswordUpdated, PwaInstalledBody, UpdatePasswordBody } from './schemas/user.ts'

const IdPath = v.object({ id: IdParam })

/**
 * Every endpoint of the portal and drive APIs, declared once (DESIGN.md "The contract is
 * the spine"). Paths, methods and error texts are SPEC §7–§8 verbatim (D1).
 */
export const contract = {
  config: defineEndpoint({
    method: 'GET',
    path: '/config/',
    service: 'portal',
    auth: false,
    response: ClientConfig,
    errors: { useDetail: false, fallback: 'Erro ao carregar configurações' },
  }),
  loginAccessToken: defineEndpoint({
    method: 'POST',
    path: '/login/access-token/',
    service: 'portal',
    auth: false,
    body: LoginForm,
    bodyEncoding: 'form',
    response: LoginResponse,
    errors: { byStatus: { 400: 'Usuário ou senha incorreta.' }, useDetail: true, fallback: 'Erro ao efetuar login' },
  }),
  usersMe: defineEndpoint({
    method: 'GET',
    path: '/users/me/',
    service: 'portal',
    auth: true,
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao carregar os dados do usuário' },
  }),
  updatePasswordPortal: defineEndpoint({
    method: 'PUT',
    path: '/users/me/update-password/portal/',
    service: 'drive',
    auth: true,
    body: UpdatePasswordBody,
    bodyEncoding: 'json',
    response: PasswordUpdated,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
  updatePwa: defineEndpoint({
    method: 'PUT',
    path: '/users/pwa/',
    service: 'portal',
    auth: true,
    body: PwaInstalledBody,
    bodyEncoding: 'json',
    response: CurrentUser,
    errors: { useDetail: true, fallback: 'Erro ao atualizar' },
  }),
  turmas: defineEndpoint({
    method: 'GET',
    path: '/at-home/turmas/',
    service: 'portal',
    auth: true,
    query: v.object({ somente_digital: v.optional(BooleanQuery) }),
    response: v.array(Turma),
    errors: { useDetail: true, fallback: 'Erro ao carregar suas turmas' },
  }),
  turma: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma/{id}/',
    service: 'portal',
    auth: true,
    params: IdPath,
    response: Turma,
    errors: { byStatus: { 404: 'Turma não encontrada' }, useDetail: true, fallback: 'Erro ao carregar a turma' },
  }),
  notasTurma: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma/{id}/notas/',
    service: 'portal',
    auth: true,
    params: IdPath,
    response: NotasTurma,
    errors: { byStatus: { 404: 'Turma não encontrada' }, useDetail: true, fallback: 'Erro ao carregar as notas' },
  }),
  notasAtHome: defineEndpoint({
    method: 'GET',
    path: '/at-home/turma-aluno/{id}/notas/athome/',
    service: 'portal',
    auth: true,
    params: IdPath,
    response: NotasAtHome,
    errors: { byStatus: { 404: 'Turma não encontrada' }, useDetail: true, fallback: 'Erro ao carregar as notas' },
  }),
  financeiro: defineEndpoint({
    method: 'GET',
    path: '/at-home/financeiro/',
    service: 'portal',
    auth: true,
    response: Financeiro,
    errors: { useDetail: true, fallback: 'Erro ao carregar o financeiro' },
  }),
  pedidos: defineEndpoint({
    method: 'GET',
    path: '/pre-invoice/',
    service: 'portal',
    auth: true,
    query: PedidosQuery,
    response: PedidosPage,
    errors: { useDetail: true, fallback: 'Erro ao carregar seus pedidos' },
  }),
} as const

export type Contract = typeof contract
export type EndpointName = keyof Contract
