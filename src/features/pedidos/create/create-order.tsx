import '../pedidos.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import * as v from 'valibot'
import type { Pedido } from '../../../contract/schemas/pedido.ts'
import { DadosNotaBody, MAX_LIVROS_POR_PEDIDO, UFS, type DescontoProgressivo, type Produto } from '../../../contract/schemas/pre-invoice.ts'
import type { CurrentUser } from '../../../contract/schemas/user.ts'
import { useLocalQuery } from '../../../db/use-offline-data.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { formatMoney } from '../../../ui/format.ts'
import { MASKS, unmask } from '../../../ui/mask.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Select } from '../../../ui/select.tsx'
import { LoadingStatus, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { ordersQueryKey } from '../api/get-pedidos.ts'
import { createOrder, precosQueryOptions, produtoQueryOptions, saveInvoiceDetails } from './api.ts'
import { useCepAddress, type CepAddress, type CepAddressState } from './use-cep-address.ts'

/** The invoice fields, as typed (masked CPF and CEP). */
type InvoiceField = 'full_name' | 'cpf' | 'email' | 'cep' | 'street' | 'street_number' | 'complemento' | 'bairro' | 'cidade' | 'uf'
type Invoice = Record<InvoiceField, string>
type InvoiceErrors = Partial<Record<InvoiceField, string>>
type AddressField = 'street' | 'bairro' | 'cidade' | 'uf'

const CEP_STATUS_ID = 'order-cep-status'

/**
 * A found address into the invoice: a field the student typed is kept, unless the CEP is a new
 * one (then the street, district, city and state of the old CEP are wrong). `filled` holds what
 * the lookups wrote, which the next one may replace.
 */
function withAddress(invoice: Invoice, address: CepAddress, newCep: boolean, filled: Partial<Record<AddressField, string>>): Invoice {
  const next = { ...invoice }
  const put = (name: AddressField, value: string) => {
    if (value === '') return
    if (newCep || invoice[name].trim() === '' || invoice[name] === filled[name]) {
      next[name] = value
      filled[name] = value
    }
  }
  put('street', address.street)
  put('bairro', address.district)
  put('cidade', address.city)
  if ((UFS as readonly string[]).includes(address.state)) put('uf', address.state)
  return next
}

const InvoiceBody = v.omit(DadosNotaBody, ['pedido'])

/** The server's own rules for the invoice data (the same schema), checked before anything is sent. */
export function invoiceErrors(invoice: Invoice): InvoiceErrors {
  const parsed = v.safeParse(InvoiceBody, toInvoiceBody(invoice))
  if (parsed.success) return {}
  const nested = v.flatten<typeof InvoiceBody>(parsed.issues).nested ?? {}
  return Object.fromEntries(Object.entries(nested).map(([field, messages]) => [field, messages?.[0]])) as InvoiceErrors
}

function toInvoiceBody(invoice: Invoice) {
  return {
    ...invoice,
    cpf: unmask(invoice.cpf),
    cep: unmask(invoice.cep),
    complemento: invoice.complemento.trim() === '' ? null : invoice.complemento,
  }
}

/**
 * /pedidos/create/{id}/{codigoProduto} (issue 12): `{id}` is the student's class the
 * book is for, `{codigoProduto}` the product. The server prices everything (D12); this screen
 * shows it, takes the quantity, the plan and the invoice data, and creates the order once
 * per attempt (an Idempotency-Key kept until what is asked for changes).
 */
export function CreateOrderScreen({ turmaId, codigo, user }: { turmaId: number; codigo: string; user: CurrentUser }) {
  const { t } = useTranslation('pedidoCreate')
  const online = useOnlineStatus()
  const produto = useQuery(produtoQueryOptions(codigo))
  const turma = useLocalQuery((db) => db.turmas.get(turmaId), [turmaId])
  const [created, setCreated] = useState<Pedido | null>(null)

  let body
  if (created) body = <Created pedido={created} />
  else if (produto.data) body = <OrderForm produto={produto.data} user={user} online={online} onCreated={setCreated} />
  else if (produto.isError)
    body = (
      <div className="stack">
        <Alert tone="error">{produto.error.message}</Alert>
        <Button variant="secondary" onClick={() => void produto.refetch()} disabled={!online}>
          {t('retry')}
        </Button>
      </div>
    )
  else if (!online) body = <Alert tone="warning">{t('offlineLoad')}</Alert>
  else
    body = (
      <>
        <LoadingStatus />
        <ProductSummary />
        <PriceSummary precos={undefined} />
      </>
    )

  return (
    <div className="page stack">
      <h1 className="page__title">{t('title')}</h1>
      {turma ? <p className="order-create__for">{t('forClass', { turma: turma.nome })}</p> : null}
      {body}
      <p>
        <Link to="/pedidos">{t('back')}</Link>
      </p>
    </div>
  )
}

/** The product; without it, the same box with bars (the skeleton). */
function ProductSummary({ produto }: { produto?: Produto }) {
  const { t } = useTranslation('pedidoCreate')
  return (
    <section className="order-product" aria-label={t('product.heading')} aria-hidden={produto ? undefined : true}>
      {produto?.imagem_url ? (
        <img
          className="order-product__image"
          src={produto.imagem_url}
          alt={t('product.imageAlt', { nome: produto.nome })}
          width={96}
          height={128}
        />
      ) : (
        // No picture of the book: a cover-sized placeholder with its code.
        <span className="order-product__image order-product__image--none" aria-hidden="true">
          {produto?.livro.codigo ?? ''}
        </span>
      )}
      <div className="order-product__facts">
        <h2 className="order-product__name">{textOrSkeleton(produto, (p) => p.nome, '12rem')}</h2>
        <dl>
          <div>
            <dt>{t('product.book')}</dt>
            <dd>{textOrSkeleton(produto, (p) => p.livro.nome, '10rem')}</dd>
          </div>
          <div>
            <dt>{t('product.level')}</dt>
            <dd>{textOrSkeleton(produto, (p) => p.nivel, '6rem')}</dd>
          </div>
          <div>
            <dt>{t('product.price')}</dt>
            <dd>{textOrSkeleton(produto, (p) => formatMoney(p.preco), '5rem')}</dd>
          </div>
        </dl>
      </div>
    </section>
  )
}

function planLabel(t: ReturnType<typeof useTranslation<'pedidoCreate'>>['t'], valores: readonly number[]): string {
  const first = valores[0]!
  const last = valores[valores.length - 1]!
  if (first === last) return t('planOption', { count: valores.length, amount: formatMoney(first) })
  return t('planOptionLast', { count: valores.length, first: formatMoney(first), last: formatMoney(last) })
}

interface OrderFormProps {
  produto: Produto
  /** The invoice data start from the profile. */
  user: CurrentUser
  online: boolean
  onCreated: (pedido: Pedido) => void
}

/** What the CEP lookup says under the field: a polite live region, empty while nothing is known. */
function CepStatus({ state }: { state: CepAddressState }) {
  const { t } = useTranslation('pedidoCreate')
  const text =
    state.status === 'looking'
      ? t(state.slow ? 'invoice.cepStatus.slow' : 'invoice.cepStatus.looking')
      : state.status === 'found'
        ? t('invoice.cepStatus.found', { place: `${state.district ? `${state.district}, ` : ''}${state.city}/${state.state}` })
        : state.status === 'notFound'
          ? t('invoice.cepStatus.notFound')
          : state.status === 'unavailable'
            ? t('invoice.cepStatus.unavailable')
            : ''
  const warning = state.status === 'notFound' || state.status === 'unavailable' || (state.status === 'looking' && state.slow)
  return (
    <p id={CEP_STATUS_ID} className="order-form__cep-status" role="status" data-tone={warning ? 'warning' : undefined}>
      {text}
    </p>
  )
}

function OrderForm({ produto, user, online, onCreated }: OrderFormProps) {
  const { t } = useTranslation('pedidoCreate')
  const queryClient = useQueryClient()
  const [quantidade, setQuantidade] = useState(1)
  const [parcelas, setParcelas] = useState('1')
  const [invoice, setInvoice] = useState<Invoice>(() => ({
    full_name: user.full_name ?? '',
    cpf: user.cpf ?? '',
    email: user.email ?? '',
    cep: user.cep ?? '',
    street: user.street ?? '',
    street_number: user.street_number ?? '',
    complemento: '',
    bairro: '',
    cidade: '',
    uf: '',
  }))
  const [errors, setErrors] = useState<InvoiceErrors>({})
  const [offlineTried, setOfflineTried] = useState(false)
  // The profile's CEP is looked up too (district, city and state are not in the profile).
  const profileCep = useRef(unmask(user.cep ?? ''))
  const filledByLookup = useRef<Partial<Record<AddressField, string>>>({})
  const cepLookup = useCepAddress(unmask(invoice.cep), (address, cep) =>
    setInvoice((current) => withAddress(current, address, cep !== profileCep.current, filledByLookup.current)),
  )
  const precos = useQuery(precosQueryOptions(quantidade))
  const plano = precos.data?.planos.find((p) => String(p.parcelas) === parcelas)
  // The key of this attempt: the same while the student asks for the same order (a double
  // tap, a retry after a lost answer), a new one when the quantity or the plan changes.
  const attempt = useRef<{ key: string; what: string } | null>(null)

  const create = useMutation({
    mutationFn: async () => {
      const body = { codigo_produto: produto.codigo, quantidade, parcelas: Number(parcelas) }
      const what = JSON.stringify(body)
      if (attempt.current?.what !== what) attempt.current = { key: crypto.randomUUID(), what }
      const pedido = await createOrder(body, attempt.current.key)
      await saveInvoiceDetails({ pedido: pedido.id, ...toInvoiceBody(invoice) })
      return pedido
    },
    onSuccess: (pedido) => {
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey })
      onCreated(pedido)
    },
  })

  // A plan the new quantity does not allow goes back to paying at once.
  useEffect(() => {
    if (precos.data && Number(parcelas) > precos.data.max_parcelas) setParcelas('1')
  }, [precos.data, parcelas])
  useEffect(() => {
    if (online) setOfflineTried(false)
  }, [online])

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = invoiceErrors(invoice)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    if (!online) {
      setOfflineTried(true)
      return
    }
    if (!plano || create.isPending) return
    create.mutate()
  }

  const field = (name: InvoiceField) => ({
    value: invoice[name],
    onChange: (value: string) => setInvoice((current) => ({ ...current, [name]: value })),
    error: errors[name],
  })
  const hasErrors = Object.keys(errors).length > 0

  return (
    <form className="stack order-form" noValidate onSubmit={submit} aria-label={t('title')}>
      <ProductSummary produto={produto} />
      {produto.requer_nivelamento ? <Alert tone="info">{t('product.levelTest')}</Alert> : null}
      <Select
        label={t('quantity')}
        value={String(quantidade)}
        onValueChange={(value) => setQuantidade(Number(value))}
        options={Array.from({ length: MAX_LIVROS_POR_PEDIDO }, (_, i) => ({
          value: String(i + 1),
          label: t('quantityOption', { count: i + 1 }),
        }))}
        className="order-form__quantity"
      />
      <PriceSummary precos={precos.data} />
      {precos.isError ? <Alert tone="error">{precos.error.message}</Alert> : null}
      <Select
        label={t('plan')}
        value={parcelas}
        onValueChange={setParcelas}
        disabled={!precos.data}
        options={(precos.data?.planos ?? [{ parcelas: 1, valores: [] }]).map((p) => ({
          value: String(p.parcelas),
          label: p.valores.length > 0 ? planLabel(t, p.valores) : '—',
        }))}
      />

      <fieldset className="order-form__invoice stack">
        <legend>{t('invoice.heading')}</legend>
        <p className="order-form__hint">{t('invoice.hint')}</p>
        <TextField label={t('invoice.fullName')} autoComplete="name" {...field('full_name')} />
        <TextField label={t('invoice.cpf')} mask={MASKS.cpf} inputMode="numeric" {...field('cpf')} />
        <TextField label={t('invoice.email')} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={t('invoice.cep')}
          mask={MASKS.cep}
          inputMode="numeric"
          autoComplete="postal-code"
          aria-describedby={CEP_STATUS_ID}
          {...field('cep')}
        />
        <CepStatus state={cepLookup} />
        <TextField label={t('invoice.street')} autoComplete="address-line1" {...field('street')} />
        <div className="order-form__row">
          <TextField label={t('invoice.number')} {...field('street_number')} />
          <TextField label={t('invoice.complement')} autoComplete="address-line2" {...field('complemento')} />
        </div>
        <TextField label={t('invoice.district')} {...field('bairro')} />
        <div className="order-form__row">
          <TextField label={t('invoice.city')} autoComplete="address-level2" {...field('cidade')} />
          <Select
            label={t('invoice.uf')}
            value={invoice.uf}
            onValueChange={(value) => setInvoice((current) => ({ ...current, uf: value }))}
            options={UFS.map((uf) => ({ value: uf, label: uf }))}
            error={errors.uf}
          />
        </div>
      </fieldset>

      {hasErrors ? <Alert tone="error">{t('fixErrors')}</Alert> : null}
      {offlineTried || !online ? <Alert tone="warning">{t('offline')}</Alert> : null}
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <Button type="submit" loading={create.isPending} disabled={!plano}>
        {t('submit', { amount: precos.data ? formatMoney(precos.data.total) : '' })}
      </Button>
    </form>
  )
}

/** D12's figures for the chosen quantity, as the server computed them; bars while they come. */
function PriceSummary({ precos }: { precos: DescontoProgressivo | undefined }) {
  const { t } = useTranslation('pedidoCreate')
  return (
    <section className="order-prices" aria-label={t('prices.heading')} aria-live="polite">
      <dl>
        <div>
          <dt>{t('prices.listTotal')}</dt>
          <dd>
            <s>{textOrSkeleton(precos, (p) => formatMoney(p.total_tabela), '5rem')}</s>
          </dd>
        </div>
        <div>
          <dt>{t('prices.discount')}</dt>
          <dd>{textOrSkeleton(precos, (p) => formatMoney(p.total_tabela - p.total - (p.cupom?.desconto ?? 0)), '5rem')}</dd>
        </div>
        {/* The partnership coupon the order will take, after the progressive discount. */}
        {precos?.cupom ? (
          <div className="order-prices__coupon">
            <dt>{t('prices.coupon', { codigo: precos.cupom.codigo, percentual: precos.cupom.percentual })}</dt>
            <dd>−{formatMoney(precos.cupom.desconto)}</dd>
          </div>
        ) : null}
        <div className="order-prices__total">
          <dt>{t('prices.total')}</dt>
          <dd>{textOrSkeleton(precos, (p) => formatMoney(p.total), '6rem')}</dd>
        </div>
      </dl>
      <p className="order-prices__per-book">
        {textOrSkeleton(precos, (p) => t('prices.perBook', { amount: formatMoney(p.preco_por_livro) }), '8rem')}
      </p>
    </section>
  )
}

/** The order made: what comes next for its status (pay, or the level test first). */
function Created({ pedido }: { pedido: Pedido }) {
  const { t } = useTranslation('pedidoCreate')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const waitsForTest = pedido.status.id === -3
  return (
    <section className="stack order-created" aria-labelledby="order-created">
      <h2 id="order-created" ref={heading} tabIndex={-1}>
        {t(waitsForTest ? 'waitingTest' : 'created', { numero: pedido.numero })}
      </h2>
      {waitsForTest ? (
        <p>{t('waitingTestBody')}</p>
      ) : (
        <>
          <p>
            {pedido.produto} · {formatMoney(pedido.total)}
          </p>
          <p>{t('createdBody')}</p>
        </>
      )}
      <p>
        {waitsForTest ? (
          <Link to="/english-test" className="order-created__action">
            {t('goToTest')}
          </Link>
        ) : (
          <Link to="/pedidos/pagar/$id" params={{ id: String(pedido.id) }} className="order-created__action">
            {t('pay')}
          </Link>
        )}
      </p>
      <p>
        <Link to="/pedidos">{t('seeOrders')}</Link>
      </p>
    </section>
  )
}
