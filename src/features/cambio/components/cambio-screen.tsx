import '../cambio.css'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MOEDAS_ESTRANGEIRAS, type MoedaEstrangeira, type SimulacaoCambioIn } from '../../../contract/schemas/cambio.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { TextField } from '../../../ui/text-field.tsx'
import { useSimularCambio } from '../api/simular-cambio.ts'
import { formatMoneyInput, moneyInputFromCents } from '../money.ts'
import { checkSimulation, simulationErrors, simulationRequest, type SimulationErrors, type SimulationForm } from '../simulation-form.ts'
import { QuoteView, type CambioPayment } from './quote-view.tsx'

interface CambioScreenProps {
  /** The currency the screen opens with (`/cambio?moeda=GBP` from London by Phenom). */
  moedaInicial?: MoedaEstrangeira | undefined
  /** The Pix and card flow of the instalments (composed by the route: a feature never imports another). */
  payment: CambioPayment
}

/**
 * /cambio (issue 14, D14, D30): the simulator. Each simulation is a quote recorded on
 * the server, so it needs a connection; offline the form keeps what was typed and says why
 * the button waits. A quote can be paid by Pix or card for its 15 minutes.
 */
export function CambioScreen({ moedaInicial = 'USD', payment }: CambioScreenProps) {
  const { t } = useTranslation('cambio')
  const online = useOnlineStatus()
  const [form, setForm] = useState<SimulationForm>({ moeda: moedaInicial, emReais: false, valor: '' })
  const [checked, setChecked] = useState<SimulationErrors>({})
  const simular = useSimularCambio()
  const refused: SimulationErrors = simular.error ? simulationErrors(simular.error) : {}
  const errors = { ...refused, ...checked }
  const typedIn = form.emReais ? 'BRL' : form.moeda

  function run(request: SimulacaoCambioIn) {
    const found = checkSimulation(request)
    setChecked(found ?? {})
    if (found || !online) return
    simular.mutate(request)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    run(simulationRequest(form))
  }

  /** "Simular de novo": the expired quote's own amount at the rate of now, the form showing it. */
  function requote(request: SimulacaoCambioIn) {
    const emReais = request.moeda_origem === 'BRL'
    const moeda = (emReais ? request.moeda_destino : request.moeda_origem) as MoedaEstrangeira
    setForm({ moeda, emReais, valor: moneyInputFromCents(request.valor) })
    run(request)
  }

  const edit = (change: Partial<SimulationForm>) => {
    setForm((current) => ({ ...current, ...change }))
    setChecked({})
  }

  return (
    <div className="page stack cambio">
      <h1 className="page__title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <form className="stack" noValidate onSubmit={submit} aria-label={t('title')}>
        {online ? null : <Alert tone="warning">{t('offline')}</Alert>}
        <ChoiceGroup
          legend={t('currency')}
          options={MOEDAS_ESTRANGEIRAS.map((moeda) => ({ value: moeda, label: t(`currencies.${moeda}`) }))}
          value={form.moeda}
          onChange={(moeda) => edit({ moeda })}
        />
        {errors.moeda ? <Alert tone="error">{errors.moeda}</Alert> : null}
        <ChoiceGroup
          legend={t('direction')}
          options={[
            { value: 'estrangeira', label: t(`in.${form.moeda}`) },
            { value: 'reais', label: t('in.BRL') },
          ]}
          value={form.emReais ? 'reais' : 'estrangeira'}
          onChange={(side) => edit({ emReais: side === 'reais' })}
        />
        <TextField
          label={t(`amount.${typedIn}`)}
          hint={t('amountHint')}
          value={form.valor}
          onChange={(typed) => edit({ valor: formatMoneyInput(typed) })}
          inputMode="numeric"
          autoComplete="off"
          error={errors.valor}
        />
        <Button type="submit" disabled={!online} loading={simular.isPending}>
          {t('simulate')}
        </Button>
      </form>
      {errors.message ? (
        <Alert tone="error" title={t('failed')}>
          <p>{errors.message}</p>
          {simular.variables ? (
            <Button variant="secondary" onClick={() => run(simular.variables)} disabled={!online} loading={simular.isPending}>
              {t('retry')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Result simular={simular} online={online} payment={payment} requote={requote} />
    </div>
  )
}

function Result({
  simular,
  online,
  payment,
  requote,
}: {
  simular: ReturnType<typeof useSimularCambio>
  online: boolean
  payment: CambioPayment
  requote: (request: SimulacaoCambioIn) => void
}): ReactNode {
  // While a simulation runs, the quote's own layout with bars (a new quote replaces the old one).
  if (simular.isPending) return <QuoteView />
  if (!simular.data) return null
  return (
    <QuoteView
      key={simular.data.cotacao.id}
      quote={simular.data}
      online={online}
      payment={payment}
      requote={requote}
      requoting={simular.isPending}
    />
  )
}
