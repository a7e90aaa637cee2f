import * as v from 'valibot'
import { Cents, IdParam, RequiredText, Text } from './common.ts'
import { REQUIRED_MESSAGE } from './messages.ts'
import { RegistrationUpdateBody } from './registration.ts'

/** Books in one order: D12's tables are keyed 1–6 (SPEC §9). */
export const MAX_LIVROS_POR_PEDIDO = 6
export const QUANTIDADE_MESSAGE = `Escolha de 1 a ${MAX_LIVROS_POR_PEDIDO} livros por pedido.`

/** A product code as the portal links to it, e.g. ING-INT3. */
export const ProductCode = v.pipe(Text(32), v.regex(/^[A-Za-z0-9_-]{1,32}$/, 'Código de produto inválido'))

/** GET /master/products/{code}/: what the order screen shows before the student orders. */
export const Produto = v.object({
  codigo: v.string(),
  nome: v.string(),
  livro: v.object({ codigo: v.string(), nome: v.string() }),
  nivel: v.string(),
  imagem_url: v.nullable(v.string()),
  /** Price per book in cents: D12's on-time price for one book (more books cost less each). */
  preco: Cents,
  /** The level test comes first: ordering without a finished one leaves the order at -3 (D11). */
  requer_nivelamento: v.boolean(),
})
export type Produto = v.InferOutput<typeof Produto>

/** `{id}` of /pre-invoice/desconto-progressivo/{id}/: the number of books, 1–6. */
export const QuantidadeParam = v.pipe(IdParam, v.maxValue(MAX_LIVROS_POR_PEDIDO, QUANTIDADE_MESSAGE))

const Count = v.pipe(v.number(), v.integer(), v.minValue(1))

/** One way to pay the order: its number of instalments and each one's amount (the last absorbs the rounding). */
export const PlanoParcelas = v.object({
  parcelas: Count,
  valores: v.array(Cents),
})

/** D12's figures for an order of `quantidade` books (server/areas/orders/prices.ts); cents throughout. */
export const DescontoProgressivo = v.object({
  quantidade: Count,
  /** List price per book (the "de" price). */
  preco_tabela: Cents,
  /** On-time price per book, before the order's discount. */
  preco_pontual: Cents,
  /** Progressive discount for the whole order (0 for one book). */
  desconto: Cents,
  /** quantidade × preco_tabela. */
  total_tabela: Cents,
  /** What the order costs: quantidade × preco_pontual − desconto − the coupon's discount. */
  total: Cents,
  /** total / quantidade: the price per book the order's item carries. */
  preco_por_livro: Cents,
  max_parcelas: Count,
  planos: v.array(PlanoParcelas),
  /**
   * The caller's partnership discount coupon, applied after the progressive discount
   * (`total`, `preco_por_livro` and `planos` already include it); null without one.
   */
  cupom: v.optional(
    v.nullable(
      v.object({
        codigo: v.string(),
        empresa: v.string(),
        percentual: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
        /** The coupon's discount for the whole order, cents. */
        desconto: Cents,
      }),
    ),
    null,
  ),
})
export type DescontoProgressivo = v.InferOutput<typeof DescontoProgressivo>

/** POST /pre-invoice/create/: the product, how many books and in how many instalments. */
export const CriarPedidoBody = v.object({
  codigo_produto: ProductCode,
  quantidade: v.pipe(v.number(), v.integer(), v.minValue(1, QUANTIDADE_MESSAGE), v.maxValue(MAX_LIVROS_POR_PEDIDO, QUANTIDADE_MESSAGE)),
  /** At most D12's maximum for the quantity (checked by the server with the table: 422 otherwise). */
  parcelas: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1, 'Escolha pelo menos 1 parcela.'),
    v.maxValue(12, 'Escolha no máximo 12 parcelas.'),
  ),
})
export type CriarPedidoBody = v.InferOutput<typeof CriarPedidoBody>

/** POST /pre-invoice/{id}/produto/: the book an unpaid order switches to; the demo's ING-INT2 is the example. */
export const TrocarProdutoBody = v.object({ codigo_produto: v.pipe(ProductCode, v.examples(['ING-INT2'])) })
export type TrocarProdutoBody = v.InferOutput<typeof TrocarProdutoBody>
export type CriarPedidoInput = v.InferInput<typeof CriarPedidoBody>

/** Brazil's states (UF) for the invoice's address. */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const

/**
 * POST /pre-invoice/aluno/: who the order's invoice is made out to, for one of the
 * caller's orders not paid yet. Digits only for CPF and CEP; the form shows the masks.
 */
export const DadosNotaBody = v.object({
  pedido: IdParam,
  // The registration's own rules for the fields both forms have (SPEC §5).
  full_name: RegistrationUpdateBody.entries.full_name,
  cpf: RegistrationUpdateBody.entries.cpf,
  email: RegistrationUpdateBody.entries.email,
  cep: v.pipe(Text(8), v.minLength(1, REQUIRED_MESSAGE), v.regex(/^\d{8}$/, 'O CEP deve ter 8 dígitos')),
  street: RegistrationUpdateBody.entries.street,
  street_number: RegistrationUpdateBody.entries.street_number,
  complemento: v.optional(v.nullable(v.pipe(Text(100), v.trim())), null),
  bairro: RequiredText(100),
  cidade: RequiredText(100),
  uf: v.pipe(Text(2), v.minLength(1, REQUIRED_MESSAGE), v.toUpperCase(), v.picklist(UFS, 'Escolha um estado (UF) válido')),
})
export type DadosNotaBody = v.InferOutput<typeof DadosNotaBody>
export type DadosNotaInput = v.InferInput<typeof DadosNotaBody>

/** The invoice data as stored for the order. */
export const DadosNota = v.object({
  pedido: v.number(),
  full_name: v.string(),
  cpf: v.string(),
  email: v.string(),
  cep: v.string(),
  street: v.string(),
  street_number: v.string(),
  complemento: v.nullable(v.string()),
  bairro: v.string(),
  cidade: v.string(),
  uf: v.string(),
})
export type DadosNota = v.InferOutput<typeof DadosNota>
