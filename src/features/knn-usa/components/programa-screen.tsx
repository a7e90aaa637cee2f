import '../knn-usa.css'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LivroUsa, ProgramaUsa, TurmaUsa } from '../../../contract/schemas/knn-usa.ts'
import type { KnnUsaState } from '../../../db/database.ts'
import { Button } from '../../../ui/button.tsx'
import { formatDate, formatMoney } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { itemsOrPlaceholders, LoadingStatus, textOrSkeleton } from '../../../ui/skeleton.tsx'
import { useProgramaUsa, useRequestAnswered } from '../api.ts'
import { formatForeign } from '../money.ts'
import { readRequestDraft } from '../request-form.ts'
import type { UsaPayment } from './request-payment.tsx'
import { RequestStatus } from './request-status.tsx'

// The form (its Select, masks and file checks) loads on "Quero participar".
const RequestForm = lazy(() => import('./request-form.tsx').then((module) => ({ default: module.RequestForm })))

const SKELETON_ROWS = 2
/** The câmbio simulator opens on the programme's currency. */
const MOEDA = { orlando: 'USD', london: 'GBP' } as const
const OTHER_ROUTE = { orlando: '/london-by-phenom', london: '/knn-orlando' } as const

/**
 * /knn-orlando and /london-by-phenom (issue 14, D28, D29): the same screen and data,
 * Orlando in US$ and London in £. The open classes with dates, city, seats left, price and
 * its reais estimate, their books, the câmbio simulator, and the student's request with what
 * to do next, or "Quero participar". Readable offline once loaded.
 */
export function ProgramaScreen({
  programa,
  userId,
  birthDate,
  payment,
}: {
  programa: ProgramaUsa
  userId: number
  birthDate: string | null | undefined
  payment: UsaPayment
}) {
  const { t } = useTranslation('knnUsa')
  const data = useProgramaUsa(programa)
  const answered = useRequestAnswered()
  // A draft kept on the device opens the form again after a reload.
  const [formOpen, setFormOpen] = useState(() => readRequestDraft(userId, programa) !== null)
  const [turmaEscolhida, setTurmaEscolhida] = useState<number>()

  const open = (turmaId?: number) => {
    setTurmaEscolhida(turmaId)
    setFormOpen(true)
  }

  return (
    <div className="page usa">
      <h1 className="page__title">{t(`title.${programa}`)}</h1>
      <p className="usa-intro">{t(`intro.${programa}`)}</p>
      <p className="usa-cambio">
        <Link to="/cambio" search={{ moeda: MOEDA[programa] }}>
          {t('cambio')}
        </Link>{' '}
        <span className="usa-muted">{t('cambioHint', { moeda: MOEDA[programa] === 'USD' ? 'dólares' : 'libras' })}</span>
      </p>
      <OfflineContent
        {...data}
        emptyText={t('classes.empty')}
        notOnDeviceText={t('classes.notOnDevice')}
        isEmpty={(state) => state.turmas.length === 0 && state.request === null}
        skeleton={<Turmas />}
      >
        {(state) => (
          <ProgramaContent
            state={state}
            programa={programa}
            formOpen={formOpen}
            onOpen={open}
            form={
              formOpen ? (
                <Suspense fallback={<LoadingStatus />}>
                  <RequestForm
                    programa={programa}
                    turmas={state.turmas}
                    documentos={state.documentos}
                    userId={userId}
                    birthDate={birthDate}
                    turmaInicial={turmaEscolhida}
                    onCancel={() => setFormOpen(false)}
                    onSent={(request) => {
                      setFormOpen(false)
                      void answered(request)
                    }}
                  />
                </Suspense>
              ) : null
            }
            payment={payment}
            onAnswered={answered}
          />
        )}
      </OfflineContent>
    </div>
  )
}

function ProgramaContent({
  state,
  programa,
  formOpen,
  onOpen,
  form,
  payment,
  onAnswered,
}: {
  state: KnnUsaState
  programa: ProgramaUsa
  formOpen: boolean
  onOpen: (turmaId?: number) => void
  form: React.ReactNode
  payment: UsaPayment
  onAnswered: ReturnType<typeof useRequestAnswered>
}) {
  const { t } = useTranslation('knnUsa')
  const { request } = state
  // A request still in progress (not cancelled) holds the student: one open at a time (D28).
  const open = request !== null && request.status !== 'cancelado'
  const other = request && request.programa !== programa && open
  return (
    <>
      {request && !other ? (
        <RequestStatus
          request={request}
          turma={state.turmas.find((turma) => turma.id === request.turma_id)}
          documentos={state.documentos}
          programa={programa}
          payment={payment}
          onAnswered={onAnswered}
        />
      ) : null}
      {other ? (
        <p className="usa-request__other">
          {t('request.otherProgramme')}{' '}
          <Link to={OTHER_ROUTE[programa]}>{t('request.otherLink', { programa: t(`title.${request.programa}`) })}</Link>
        </p>
      ) : null}
      {!open && !formOpen && state.turmas.length > 0 ? (
        <div className="usa-actions">
          <Button onClick={() => onOpen()}>{t('participate')}</Button>
        </div>
      ) : null}
      <section aria-labelledby="usa-classes-heading">
        <h2 id="usa-classes-heading">{t('classes.heading')}</h2>
        {state.turmas.length === 0 ? (
          <p className="ui-empty">{t('classes.empty')}</p>
        ) : (
          <Turmas turmas={state.turmas} livros={state.livros} />
        )}
      </section>
      {/* After the classes it is filled from (its heading takes the focus when it opens). */}
      {!open ? form : null}
    </>
  )
}

function Turmas({ turmas, livros }: { turmas?: TurmaUsa[]; livros?: LivroUsa[] }) {
  const { t } = useTranslation('knnUsa')
  return (
    <ul className="usa-turmas">
      {itemsOrPlaceholders(turmas, SKELETON_ROWS).map((turma, i) => (
        <li key={turma?.id ?? i}>
          <article
            className="usa-turma"
            aria-label={turma?.nome}
            aria-hidden={turma ? undefined : true}
            data-testid={turma ? 'usa-turma' : undefined}
          >
            <h3 className="usa-turma__name">{textOrSkeleton(turma, (item) => item.nome, '10rem')}</h3>
            <p className="usa-turma__meta">
              {textOrSkeleton(
                turma,
                (item) => `${item.cidade} · ${t('classes.dates', { ida: formatDate(item.data_ida), volta: formatDate(item.data_volta) })}`,
                '14rem',
              )}
            </p>
            <p className="usa-turma__seats">
              {textOrSkeleton(
                turma,
                (item) => (item.vagas_restantes > 0 ? t('classes.seats', { count: item.vagas_restantes }) : t('classes.noSeats')),
                '7rem',
              )}
            </p>
            <p className="usa-turma__price">{textOrSkeleton(turma, (item) => formatForeign(item.preco, item.moeda), '6rem')}</p>
            <p className="usa-turma__estimate usa-muted">
              {textOrSkeleton(
                turma,
                (item) =>
                  item.estimativa_reais !== null && item.taxa_data
                    ? t('classes.estimate', { reais: formatMoney(item.estimativa_reais), date: formatDate(item.taxa_data) })
                    : t('classes.noRate'),
                '12rem',
              )}
            </p>
            {turma ? <Livros livros={(livros ?? []).filter((livro) => livro.turma_id === turma.id)} /> : null}
          </article>
        </li>
      ))}
    </ul>
  )
}

function Livros({ livros }: { livros: LivroUsa[] }) {
  const { t } = useTranslation('knnUsa')
  return (
    <div className="usa-livros">
      <h4>{t('classes.books')}</h4>
      {livros.length === 0 ? (
        <p className="usa-muted">{t('classes.noBooks')}</p>
      ) : (
        <ul>
          {livros.map((livro) => (
            <li key={livro.id}>
              <strong>{livro.titulo}</strong>
              {livro.descricao ? ` · ${livro.descricao}` : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
