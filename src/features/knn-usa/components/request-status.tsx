import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  podeTransicionar,
  STATUS_REQUEST_USA_NOMES,
  type DocumentoExigido,
  type KnnUsaRequest,
  type ProgramaUsa,
  type StatusRequestUsa,
  type TipoDocumentoUsa,
  type TurmaUsa,
} from '../../../contract/schemas/knn-usa.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { cx } from '../../../ui/class-names.ts'
import { formatDate, formatDateTime, formatMoney } from '../../../ui/format.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { LoadingStatus } from '../../../ui/skeleton.tsx'
import { deleteRequest, resendDocuments } from '../api.ts'
import { chooseFile, sendFailure } from '../request-form.ts'
import { DocumentInput, UploadProgress } from './document-input.tsx'
import type { UsaPayment } from './request-payment.tsx'

// The confirmation (Radix AlertDialog, ~13 KiB) loads when "Excluir solicitação" is tapped.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })))
// The payment (its summary and the Pix and card panels) loads only for an approved request.
const RequestPayment = lazy(() => import('./request-payment.tsx').then((module) => ({ default: module.RequestPayment })))

/** The status pill's colour: waiting blue, done green, stopped red. */
const PILL: Record<StatusRequestUsa, string> = {
  em_analise: 'status-pill--aberto',
  documentos_pendentes: 'status-pill--vencido',
  aprovado: 'status-pill--aprovado',
  pago: 'status-pill--pago',
  cancelado: 'status-pill--vencido',
}

/**
 * The student's request (D28): its status along the lifecycle with what to do
 * next, the documents sent, the documents asked again (resent here), "Excluir solicitação"
 * before payment (with a confirmation) and, once approved, the payment.
 */
export function RequestStatus({
  request,
  turma,
  documentos,
  programa,
  payment,
  onAnswered,
}: {
  request: KnnUsaRequest
  turma: TurmaUsa | undefined
  documentos: DocumentoExigido[]
  programa: ProgramaUsa
  payment: UsaPayment
  onAnswered: (request: KnnUsaRequest) => Promise<void>
}) {
  const { t } = useTranslation('knnUsa')
  const online = useOnlineStatus()
  const [notice, setNotice] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const nome = (tipo: TipoDocumentoUsa) => documentos.find((doc) => doc.tipo === tipo)?.nome ?? tipo
  const status = request.status

  return (
    <section className="usa-request" aria-labelledby="usa-request-heading">
      <h2 id="usa-request-heading">{t('request.heading')}</h2>
      <p className="usa-request__status">
        <span
          className={cx('status-pill', PILL[status])}
          role="status"
          aria-label={t('request.status', { status: STATUS_REQUEST_USA_NOMES[status] })}
        >
          {STATUS_REQUEST_USA_NOMES[status]}
        </span>
      </p>
      {turma ? (
        <p>{t('request.turma', { nome: turma.nome, ida: formatDate(turma.data_ida), volta: formatDate(turma.data_volta) })}</p>
      ) : null}
      <p className="usa-muted">{t('request.sentOn', { date: formatDateTime(new Date(request.criado_em)) })}</p>
      <p className="usa-request__next">{t(`request.next.${status}`, { docs: (request.pendencia?.tipos ?? []).map(nome).join(', ') })}</p>
      {request.pendencia && status === 'documentos_pendentes' ? <p>{t('request.motivo', { motivo: request.pendencia.motivo })}</p> : null}
      {status === 'cancelado' && request.motivo_cancelamento ? <p>{t('request.motivo', { motivo: request.motivo_cancelamento })}</p> : null}
      {status === 'pago' && request.pago_em && request.valor_pago !== null ? (
        <p>{t('request.paidOn', { date: formatDateTime(new Date(request.pago_em)), valor: formatMoney(request.valor_pago) })}</p>
      ) : null}
      {notice ? (
        <Alert tone="success" role="status">
          {notice}
        </Alert>
      ) : null}

      {request.documentos.length > 0 ? (
        <>
          <h3>{t('request.documents')}</h3>
          <ul className="usa-docs">
            {request.documentos.map((doc) => (
              <li key={doc.id}>
                <span>
                  {nome(doc.tipo)}: {doc.nome}
                </span>{' '}
                <span className={cx('status-pill', doc.status === 'reenviar' && 'status-pill--vencido')}>
                  {t(`request.docStatus.${doc.status}`)}
                </span>
                {doc.motivo && doc.status === 'reenviar' ? (
                  <span className="usa-muted"> {t('request.motivo', { motivo: doc.motivo })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {status === 'documentos_pendentes' && request.pendencia ? (
        <ResendDocuments
          request={request}
          tipos={request.pendencia.tipos}
          documentos={documentos}
          online={online}
          onResent={async (answer) => {
            setNotice(t('request.resent'))
            await onAnswered(answer)
          }}
        />
      ) : null}

      {status === 'aprovado' ? (
        <Suspense fallback={<LoadingStatus />}>
          <RequestPayment
            request={request}
            programa={programa}
            payment={payment}
            onPaid={() => {
              setNotice(t('request.paid'))
              void onAnswered({ ...request, status: 'pago' })
            }}
          />
        </Suspense>
      ) : null}

      {podeTransicionar('cancelar', status) ? (
        <div className="usa-actions">
          <Button ref={deleteButton} variant="secondary" disabled={!online} onClick={() => setConfirming(true)}>
            {t('request.delete')}
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={t('request.deleteTitle')}
            body={t('request.deleteBody')}
            confirmLabel={t('request.deleteConfirm')}
            cancelLabel={t('request.deleteCancel')}
            opener={deleteButton}
            onClose={() => setConfirming(false)}
            onConfirm={async () => {
              const answer = await deleteRequest(request.id)
              setConfirming(false)
              setNotice(t('request.deleted'))
              await onAnswered(answer)
            }}
          />
        </Suspense>
      ) : null}
    </section>
  )
}

/** The documents the school asked again, each chosen and checked, sent together (`PATCH …/resend-document/`). */
function ResendDocuments({
  request,
  tipos,
  documentos,
  online,
  onResent,
}: {
  request: KnnUsaRequest
  tipos: TipoDocumentoUsa[]
  documentos: DocumentoExigido[]
  online: boolean
  onResent: (request: KnnUsaRequest) => Promise<void>
}) {
  const { t } = useTranslation('knnUsa')
  const [files, setFiles] = useState<Partial<Record<TipoDocumentoUsa, File>>>({})
  const [errors, setErrors] = useState<Partial<Record<TipoDocumentoUsa, string>> & { form?: string }>({})
  const [progress, setProgress] = useState<number | null>(null)
  const asked = tipos.map((tipo) => documentos.find((doc) => doc.tipo === tipo) ?? { tipo, nome: tipo, descricao: '' })

  async function send() {
    const missing = Object.fromEntries(asked.filter((doc) => !files[doc.tipo]).map((doc) => [doc.tipo, chooseFile(doc.nome)]))
    if (Object.keys(missing).length > 0) return setErrors(missing)
    setErrors({})
    setProgress(0)
    try {
      const answer = await resendDocuments(request.id, tipos, files, setProgress)
      await onResent(answer)
    } catch (error) {
      setErrors(sendFailure(error, tipos))
    } finally {
      setProgress(null)
    }
  }

  return (
    <section className="usa-resend" aria-labelledby="usa-resend-heading">
      <h3 id="usa-resend-heading">{t('request.resend')}</h3>
      {online ? null : <Alert tone="warning">{t('form.offline')}</Alert>}
      {asked.map((doc) => (
        <DocumentInput
          key={doc.tipo}
          documento={doc}
          file={files[doc.tipo]}
          error={errors[doc.tipo]}
          disabled={progress !== null}
          onChange={(file, problem) => {
            setFiles((current) => ({ ...current, [doc.tipo]: file }))
            setErrors(({ [doc.tipo]: _, ...rest }) => (problem ? { ...rest, [doc.tipo]: problem } : rest))
          }}
        />
      ))}
      {progress !== null ? <UploadProgress fraction={progress} /> : null}
      {errors.form ? (
        <Alert tone="error" role="alert">
          {errors.form}
        </Alert>
      ) : null}
      <div className="usa-actions">
        <Button onClick={() => void send()} loading={progress !== null} disabled={!online || progress !== null}>
          {t('request.resend')}
        </Button>
      </div>
    </section>
  )
}
