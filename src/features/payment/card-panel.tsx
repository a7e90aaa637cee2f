import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/client.ts'
import { CARD_YEARS_AHEAD, type PagamentoCartaoIn } from '../../contract/schemas/pagamento.ts'
import { Alert } from '../../ui/alert.tsx'
import { Button } from '../../ui/button.tsx'
import { formatMoney } from '../../ui/format.ts'
import { unmask } from '../../ui/mask.ts'
import { Select } from '../../ui/select.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { cardOptions, payByCard, type PanelProps } from './api.ts'

/** What the confirmation says the payment did, per kind of target. */
const PAID_BODY = {
  parcela: 'card.paidBody',
  pedido: 'card.paidBodyPedido',
  cambio: 'card.paidBodyCambio',
  knnUsa: 'card.paidBodyKnnUsa',
} as const

const CARD_MASK = ['#### #### #### ####', '#### #### #### #### ###']

interface CardForm {
  titular: string
  numero: string
  mes: string
  ano: string
  cvv: string
  parcelas: string
}

const EMPTY: CardForm = { titular: '', numero: '', mes: '', ano: '', cvv: '', parcelas: '1' }

type Errors = Partial<Record<keyof CardForm, string>>

/**
 * Credit card (D13). The number and CVV live in this component's state only: no draft,
 * no query cache, nothing in the outbox; after an approval the form is emptied.
 */
export function CardPanel({ target, online, onPaid, onRefused }: PanelProps) {
  const { t } = useTranslation('payment')
  const [form, setForm] = useState<CardForm>(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  // The instalments the server accepts (an order's: up to the plan chosen when ordering),
  // with their amounts: nothing of the price is computed here.
  const options = useQuery({
    queryKey: ['payment', 'card-options', target.tipo, target.id],
    queryFn: () => cardOptions(target),
    enabled: online,
    networkMode: 'online',
    gcTime: 0,
  })
  const pay = useMutation({
    mutationFn: (card: PagamentoCartaoIn) => payByCard(target, card),
    onSuccess: () => {
      setForm(EMPTY)
      onPaid()
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onRefused?.(error.message)
    },
  })
  const set = (field: keyof CardForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }))

  if (pay.data) {
    return (
      <Alert tone="success" title={t('card.paid')} role="status">
        {t(PAID_BODY[target.tipo], {
          amount: formatMoney(pay.data.valor),
          brand: pay.data.bandeira,
          last4: pay.data.final,
        })}
      </Alert>
    )
  }

  const thisYear = new Date().getFullYear()
  const months = t('months', { returnObjects: true }) as string[]

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = validate(form, new Date(), t)
    setErrors(found)
    if (Object.keys(found).length > 0 || !online || !options.data) return
    pay.mutate({
      titular: form.titular.trim(),
      numero: unmask(form.numero),
      validade_mes: Number(form.mes),
      validade_ano: Number(form.ano),
      cvv: form.cvv,
      parcelas: Number(form.parcelas),
    })
  }

  const declined = pay.error instanceof ApiError && pay.error.status === 402
  return (
    <form className="stack card-form" noValidate onSubmit={submit} aria-label={t('methods.cartao')}>
      <p className="card-form__privacy">{t('card.privacy')}</p>
      <TextField label={t('card.holder')} value={form.titular} onChange={set('titular')} autoComplete="cc-name" error={errors.titular} />
      <TextField
        label={t('card.number')}
        value={form.numero}
        onChange={set('numero')}
        mask={CARD_MASK}
        inputMode="numeric"
        autoComplete="cc-number"
        error={errors.numero}
      />
      <div className="card-form__row">
        <Select
          label={t('card.month')}
          value={form.mes}
          onValueChange={set('mes')}
          options={months.map((label, index) => ({ value: String(index + 1), label }))}
          error={errors.mes}
        />
        <Select
          label={t('card.year')}
          value={form.ano}
          onValueChange={set('ano')}
          options={Array.from({ length: CARD_YEARS_AHEAD + 1 }, (_, i) => ({ value: String(thisYear + i), label: String(thisYear + i) }))}
          error={errors.ano}
        />
      </div>
      <TextField
        label={t('card.cvv')}
        hint={t('card.cvvHint')}
        value={form.cvv}
        onChange={(value) => set('cvv')(unmask(value).slice(0, 4))}
        inputMode="numeric"
        autoComplete="cc-csc"
        error={errors.cvv}
      />
      <Select
        label={t('card.instalments')}
        hint={options.data || options.isError ? undefined : t(online ? 'card.instalmentsLoading' : 'card.instalmentsOffline')}
        persistentHint
        value={options.data ? form.parcelas : ''}
        onValueChange={set('parcelas')}
        disabled={!options.data}
        options={(options.data?.planos ?? []).map((plano) => ({ value: String(plano.parcelas), label: planLabel(t, plano.valores) }))}
      />
      {options.isError && !options.data ? (
        <Alert tone="error" title={t('card.instalmentsFailed')}>
          <p>{options.error.message}</p>
          <Button variant="secondary" onClick={() => void options.refetch()} loading={options.isFetching}>
            {t('card.retry')}
          </Button>
        </Alert>
      ) : null}
      {pay.error ? (
        <Alert tone="error" title={declined ? t('card.declined') : undefined}>
          {pay.error.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={!online || !options.data} loading={pay.isPending}>
        {t('card.pay', { amount: formatMoney(target.valor) })}
      </Button>
    </form>
  )
}

/** "7x de R$ 176,14 e a última de R$ 176,16 sem juros": the amounts as the server split them. */
function planLabel(
  t: (key: 'card.instalmentOption' | 'card.instalmentOptionLast', options: Record<string, unknown>) => string,
  valores: number[],
) {
  const first = valores[0]!
  const last = valores.at(-1)!
  return first === last
    ? t('card.instalmentOption', { n: valores.length, amount: formatMoney(first) })
    : t('card.instalmentOptionLast', { n: valores.length, amount: formatMoney(first), last: formatMoney(last) })
}

/** The form's own checks before anything leaves the device; the gateway checks again (Luhn, expiry). */
export function validate(
  form: CardForm,
  now: Date,
  t: (key: `card.${'required' | 'invalidNumber' | 'invalidCvv' | 'expired'}`) => string,
): Errors {
  const errors: Errors = {}
  if (form.titular.trim().length < 3) errors.titular = t('card.required')
  const digits = unmask(form.numero)
  if (digits.length === 0) errors.numero = t('card.required')
  else if (digits.length < 13 || digits.length > 19) errors.numero = t('card.invalidNumber')
  if (!form.mes) errors.mes = t('card.required')
  if (!form.ano) errors.ano = t('card.required')
  if (form.mes && form.ano) {
    const expiry = Number(form.ano) * 12 + Number(form.mes) - 1
    if (expiry < now.getFullYear() * 12 + now.getMonth()) errors.mes = t('card.expired')
  }
  if (!/^\d{3,4}$/.test(form.cvv)) errors.cvv = form.cvv ? t('card.invalidCvv') : t('card.required')
  return errors
}
