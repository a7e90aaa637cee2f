import '../atividades.css'
import { Link } from '@tanstack/react-router'
import { Fragment, memo, useCallback, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { ACTIVITY_FILE, PRESENCE_CLOSES_AFTER_MS, PRESENCE_OPENS_BEFORE_MS } from '../../../contract/endpoints/atividades.ts'
import type { ArquivoAtividade, TurmaAlunoAtividade } from '../../../contract/schemas/atividade.ts'
import { acceptedTypesText, formatBytes } from '../../../contract/uploads.ts'
import type { OutboxItem } from '../../../db/outbox.ts'
import { useOutboxQuery } from '../../../db/outbox-live.ts'
import { Alert } from '../../../ui/alert.tsx'
import { ACTIVITY_FILE_KIND } from '../../../db/outbox-kinds.ts'
import { Button } from '../../../ui/button.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { formatDate, formatDateTime } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { offlineStateOf } from '../../../ui/offline-state.ts'
import { PageHeader } from '../../../ui/page-header.tsx'
import { textOrSkeleton } from '../../../ui/skeleton.tsx'
import {
  activityFileProblem,
  baixarArquivo,
  baixarCorrecao,
  excluirArquivo,
  queueActivityFile,
  registrarPresenca,
  useAtividades,
} from '../api/atividades.ts'

interface Props {
  turmaId: number
  /** The signed-in student: queued files are theirs. */
  userId: number
  /** How a queued file is drawn: the outbox's own row, composed by the route (a feature never imports another). Stable. */
  queuedRow: QueuedRow
}

type QueuedRow = (item: OutboxItem) => ReactNode

/** /pedagogico/atividades/{id}: a class's activities, readable offline, files sent through the outbox (D16). */
export function AtividadesView({ turmaId, userId, queuedRow }: Props) {
  const { t } = useTranslation('atividades')
  const data = useAtividades(turmaId)
  const queued = useOutboxQuery((outbox) => outbox.itemsOf(userId, { kind: ACTIVITY_FILE_KIND }), [userId]).data
  const turma = data.snapshot?.value.turma
  const loading = offlineStateOf(data) === 'loading'
  const [toDelete, setToDelete] = useState<{ atividade: TurmaAlunoAtividade; arquivo: ArquivoAtividade } | null>(null)
  // The "Excluir" button that opened the dialog: focus goes back there when it closes.
  const opener = useRef<HTMLElement | null>(null)
  const [notice, setNotice] = useState('')
  const onDelete = useCallback((atividade: TurmaAlunoAtividade, arquivo: ArquivoAtividade) => {
    opener.current = document.activeElement as HTMLElement | null
    setToDelete({ atividade, arquivo })
  }, [])

  // A queued file the server confirmed shows among the sent files: fetch the list again.
  const sentCount = queued?.filter((item) => item.state === 'enviado' && item.context.turmaId === turmaId).length ?? 0
  const { refresh } = data
  const seen = useRef(sentCount)
  useEffect(() => {
    if (sentCount <= seen.current) {
      seen.current = sentCount
      return
    }
    seen.current = sentCount
    // Once per burst: twenty files confirmed one after another make one refresh, not twenty.
    const timer = setTimeout(() => void refresh(), 1_000)
    return () => clearTimeout(timer)
  }, [sentCount, refresh])

  return (
    <div className="page">
      <PageHeader back="/pedagogico/list" backLabel={t('back')} title={t('title')} subtitle={turma?.nome} loading={loading} />
      <p className="u-visually-hidden" role="status">
        {notice}
      </p>
      <OfflineContent {...data} emptyText={t('empty')} isEmpty={(value) => value.atividades.length === 0} skeleton={<AtividadeSkeleton />}>
        {(value) => (
          <ul className="atividade-list">
            {value.atividades.map((atividade) => (
              <li key={atividade.id}>
                <AtividadeCard
                  atividade={atividade}
                  turmaId={turmaId}
                  userId={userId}
                  queuedRow={queuedRow}
                  queued={queued?.filter((item) => item.context.atividadeId === atividade.id) ?? NOTHING_QUEUED}
                  onDelete={onDelete}
                  onNotice={setNotice}
                />
              </li>
            ))}
          </ul>
        )}
      </OfflineContent>
      <DeleteDialog
        target={toDelete}
        turmaId={turmaId}
        opener={opener}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null)
          setNotice(t('deleted'))
        }}
      />
    </div>
  )
}

/** Two cards drawn with bars where their text will be (the card's own head). */
function AtividadeSkeleton() {
  return (
    <ul className="atividade-list" aria-hidden="true">
      {[0, 1].map((i) => (
        <li key={i}>
          <section className="atividade-card">
            <AtividadeHead atividade={undefined} />
          </section>
        </li>
      ))}
    </ul>
  )
}

/** Title, due date and statement of an activity, or bars of their size while it loads. */
function AtividadeHead({ atividade, headingId }: { atividade: TurmaAlunoAtividade | undefined; headingId?: string }) {
  const { t } = useTranslation('atividades')
  return (
    <>
      <h2 id={headingId} className="atividade-card__title">
        {textOrSkeleton(atividade, (value) => value.titulo, '14rem')}
      </h2>
      <p className="atividade-card__due">
        {textOrSkeleton(
          atividade,
          (value) => (value.data_entrega ? t('due', { date: formatDate(value.data_entrega) }) : t('noDue')),
          '9rem',
        )}
      </p>
      <p className="atividade-card__statement">{textOrSkeleton(atividade, (value) => value.enunciado, '90%')}</p>
    </>
  )
}

interface CardProps {
  atividade: TurmaAlunoAtividade
  turmaId: number
  userId: number
  queuedRow: QueuedRow
  queued: readonly OutboxItem[]
  onDelete: (atividade: TurmaAlunoAtividade, arquivo: ArquivoAtividade) => void
  onNotice: (text: string) => void
}

const NOTHING_QUEUED: readonly OutboxItem[] = []

/**
 * A card draws again only when its activity or one of its own queued items changed: a burst
 * of sends rewrites the outbox three times per file, and redrawing every card each time cost
 * the uploads a fifth of their speed on a busy phone. The outbox's live answers keep an
 * unchanged item's identity (useOutboxQuery), so comparing the items one by one is enough.
 */
const AtividadeCard = memo(AtividadeCardView, (before, after) => {
  const { queued: queuedBefore, ...restBefore } = before
  const { queued: queuedAfter, ...restAfter } = after
  return (
    queuedBefore.length === queuedAfter.length &&
    queuedBefore.every((item, i) => item === queuedAfter[i]) &&
    (Object.keys(restBefore) as Array<keyof typeof restBefore>).every((key) => restBefore[key] === restAfter[key])
  )
})

function AtividadeCardView({ atividade, turmaId, userId, queuedRow, queued, onDelete, onNotice }: CardProps) {
  const { t } = useTranslation('atividades')
  const headingId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const corrected = atividade.correcoes.length > 0
  const sentIds = new Set(atividade.arquivos.map((arquivo) => arquivo.id))
  // A confirmed item whose file is already in the list shows once, as a sent file.
  const visible = queued.filter(
    (item) => !(item.state === 'enviado' && sentIds.has((item.receipt as { id?: number } | undefined)?.id ?? -1)),
  )

  async function run(work: () => Promise<void>) {
    setError(null)
    setBusy(true)
    try {
      await work()
    } catch (caught) {
      setError((caught as Error).message)
    } finally {
      setBusy(false)
    }
  }

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = ''
    if (!file) return
    setError(null)
    // The server's checks, before anything is queued: a refused file never waits.
    const problem = await activityFileProblem(file)
    if (problem) {
      setError(problem)
      return
    }
    await run(async () => {
      await queueActivityFile(file, atividade, userId)
      onNotice(t('queued', { name: file.name }))
    })
  }

  return (
    <section className="atividade-card" aria-labelledby={headingId} data-testid="atividade">
      <AtividadeHead atividade={atividade} headingId={headingId} />

      {atividade.aula_em ? <Presenca atividade={atividade} turmaId={turmaId} onError={setError} onNotice={onNotice} /> : null}

      <h3 className="atividade-card__subtitle">{t('sentFiles')}</h3>
      {atividade.arquivos.length === 0 ? (
        <p className="atividade-card__none">{t('noSentFiles')}</p>
      ) : (
        <ul className="file-list">
          {atividade.arquivos.map((arquivo) => (
            <FileRow
              key={arquivo.id}
              testId="arquivo"
              name={arquivo.nome}
              meta={`${formatBytes(arquivo.tamanho)} · ${t('receipt', { referencia: arquivo.referencia, date: formatDateTime(new Date(arquivo.recebido_em)) })}`}
              busy={busy}
              onDownload={() => void run(() => baixarArquivo(atividade.id, arquivo))}
              onDelete={corrected ? undefined : () => onDelete(atividade, arquivo)}
            />
          ))}
        </ul>
      )}

      {corrected ? (
        <>
          <h3 className="atividade-card__subtitle">{t('corrections')}</h3>
          <ul className="file-list">
            {atividade.correcoes.map((correcao) => (
              <FileRow
                key={correcao.id}
                testId="correcao"
                name={correcao.nome}
                meta={`${formatBytes(correcao.tamanho)} · ${formatDateTime(new Date(correcao.corrigido_em))}`}
                comment={correcao.comentario}
                busy={busy}
                onDownload={() => void run(() => baixarCorrecao(atividade.id, correcao))}
              />
            ))}
          </ul>
        </>
      ) : null}

      {visible.length > 0 ? (
        <>
          <h3 className="atividade-card__subtitle">{t('queueTitle')}</h3>
          <ul className="outbox-list">
            {visible.map((item) => (
              <Fragment key={item.id}>{queuedRow(item)}</Fragment>
            ))}
          </ul>
          <p>
            <Link to="/envios-pendentes">{t('pendingLink')}</Link>
          </p>
        </>
      ) : null}

      {error ? <Alert tone="error">{error}</Alert> : null}

      <div className="atividade-card__send">
        <Button variant="primary" aria-describedby={hintId} disabled={busy} onClick={() => input.current?.click()}>
          {t('send')}
        </Button>
        {/* The button is the only control for the hidden input (as the QR-code login's photo button): one Tab stop. */}
        <input
          ref={input}
          type="file"
          hidden
          accept={ACTIVITY_FILE.mediaTypes.join(',')}
          aria-label={t('send')}
          data-testid={`file-input-${atividade.id}`}
          onChange={(event) => void onFile(event.currentTarget.files?.[0])}
        />
        <p id={hintId} className="atividade-card__hint">
          {t('sendHint', { max: formatBytes(ACTIVITY_FILE.maxBytes), types: acceptedTypesText(ACTIVITY_FILE) })}
        </p>
      </div>
    </section>
  )
}

/** A file on the server (sent by the student, or the teacher's correction): download, and delete where allowed. */
function FileRow(props: {
  testId: string
  name: string
  meta: string
  comment?: string | null
  busy: boolean
  onDownload: () => void
  onDelete?: (() => void) | undefined
}) {
  const { t } = useTranslation('atividades')
  return (
    <li className="file-list__row" data-testid={props.testId}>
      <div className="file-list__what">
        <span className="file-list__name">{props.name}</span>
        <span className="file-list__meta">{props.meta}</span>
        {props.comment ? <span className="file-list__comment">{t('comment', { comment: props.comment })}</span> : null}
      </div>
      <div className="file-list__actions">
        <Button variant="secondary" disabled={props.busy} aria-label={t('download', { name: props.name })} onClick={props.onDownload}>
          {t('downloadShort')}
        </Button>
        {props.onDelete ? (
          <Button variant="text" disabled={props.busy} aria-label={t('deleteLabel', { name: props.name })} onClick={props.onDelete}>
            {t('delete')}
          </Button>
        ) : null}
      </div>
    </li>
  )
}

function Presenca({
  atividade,
  turmaId,
  onError,
  onNotice,
}: {
  atividade: TurmaAlunoAtividade
  turmaId: number
  onError: (message: string | null) => void
  onNotice: (text: string) => void
}) {
  const { t } = useTranslation('atividades')
  const [busy, setBusy] = useState(false)
  const start = new Date(atividade.aula_em!).getTime()
  const now = Date.now()
  const open = now >= start - PRESENCE_OPENS_BEFORE_MS && now <= start + PRESENCE_CLOSES_AFTER_MS
  return (
    <div className="atividade-card__presence">
      <p>{t('presenceClass', { date: formatDateTime(start) })}</p>
      {atividade.presenca_em ? (
        <p className="status-pill status-pill--aprovado">{t('presenceAt', { date: formatDateTime(new Date(atividade.presenca_em)) })}</p>
      ) : open ? (
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => {
            onError(null)
            setBusy(true)
            registrarPresenca(turmaId, atividade.turma_atividade_id)
              .then(() => onNotice(t('presenceDone')))
              .catch((caught: unknown) => onError((caught as Error).message))
              .finally(() => setBusy(false))
          }}
        >
          {t('presence')}
        </Button>
      ) : (
        <p className="atividade-card__hint">{t('presenceClosed')}</p>
      )}
    </div>
  )
}

/** "Excluir arquivo?" before the file is gone for good. */
function DeleteDialog({
  target,
  turmaId,
  opener,
  onClose,
  onDeleted,
}: {
  target: { atividade: TurmaAlunoAtividade; arquivo: ArquivoAtividade } | null
  turmaId: number
  opener: RefObject<HTMLElement | null>
  onClose: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation('atividades')
  return (
    <ConfirmDialog
      open={target !== null}
      title={t('deleteTitle')}
      body={t('deleteBody', { name: target?.arquivo.nome ?? '' })}
      confirmLabel={t('deleteConfirm')}
      cancelLabel={t('cancel')}
      opener={opener}
      onClose={onClose}
      onConfirm={async () => {
        if (!target) return
        await excluirArquivo(turmaId, target.atividade.id, target.arquivo.id)
        onDeleted()
      }}
    />
  )
}
