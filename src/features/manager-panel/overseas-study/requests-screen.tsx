import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import * as v from 'valibot'
import {
  CancelarRequestBody,
  PedirDocumentosBody,
  PROGRAMAS_USA,
  podeTransicionar,
  STATUS_REQUEST_USA,
  STATUS_REQUEST_USA_NOMES,
  type DocumentoUsa,
  type KnnUsaRequestGestao,
  type ProgramaUsa,
  type StatusRequestUsa,
  type TipoDocumentoUsa,
} from '../../../contract/schemas/knn-usa.ts'
import { formatBytes, mediaTypeLabel } from '../../../contract/uploads.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { ChoiceGroup } from '../../../ui/choice-group.tsx'
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx'
import { formatDate, formatDateTime, formatMoney } from '../../../ui/format.ts'
import { applyMask, MASKS } from '../../../ui/mask.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { openBlobTab, saveBlob } from '../../../ui/save-blob.ts'
import { LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'
import { overseasDocument, overseasRequestQuery, overseasRequestsQuery, useOverseasMove, type OverseasMove } from './api.ts'
import { datesLine } from '../components/panel-cards.tsx'
import { PANEL_PAGE_SIZE } from '../components/pager.tsx'
import { PanelQuery } from '../components/panel-query.tsx'
import { countSuffix, MoveNotices, ReviewScreen, useConfirmedMove, type ReviewCard } from '../components/review-screen.tsx'

/**
 * /manager-panel/intercambio and /manager-panel/intercambio/{id} (issue 14, D28, D31):
 * the school's review of KNN Orlando and London by Phenom requests. The list by
 * status and programme; one request with the student, the class, the passport (its last
 * digits until asked), the guardian, each document (opened or saved with the session's
 * token), what the staff did so far, and the three moves, each behind a confirmation:
 * approve, ask documents again (which, and why), cancel (why). Online only.
 */

export const OVERSEAS_OFFLINE_TEXT =
  'As solicitações de intercâmbio precisam de conexão com a internet. Conecte-se para ver e analisar as solicitações.'

export const PROGRAMA_NOMES: Record<ProgramaUsa, string> = { orlando: 'KNN Orlando', london: 'London by Phenom' }

const DOCUMENTO_NOMES: Record<TipoDocumentoUsa, string> = { passaporte: 'Passaporte', autorizacao_viagem: 'Autorização de viagem' }

/** The audit log's actions (server/areas/overseas-study/repository.ts KNN_USA_ACTIONS), as the staff says them. */
const ACAO_NOMES: Record<string, string> = {
  'knn-usa.approve': 'Aprovou',
  'knn-usa.ask-documents': 'Pediu documentos de novo',
  'knn-usa.cancel': 'Cancelou',
}

const alunoNome = (request: KnnUsaRequestGestao) => request.aluno.nome ?? request.aluno.email ?? `Aluno nº ${request.aluno.id}`
const statusNome = (status: StatusRequestUsa) => STATUS_REQUEST_USA_NOMES[status]
const tiposNomes = (tipos: readonly TipoDocumentoUsa[]) => tipos.map((tipo) => DOCUMENTO_NOMES[tipo]).join(', ')

/** "KNN Orlando · Orlando Julho 2026 (Orlando) · 10/07/2026 a 24/07/2026" */
const turmaLine = (request: KnnUsaRequestGestao) =>
  `${PROGRAMA_NOMES[request.programa]} · ${request.turma.nome} (${request.turma.cidade}) · ${formatDate(request.turma.data_ida)} a ${formatDate(request.turma.data_volta)}`

function pendenciaLine(request: KnnUsaRequestGestao): string | null {
  if (!request.pendencia) return null
  return `Pedido de novo: ${tiposNomes(request.pendencia.tipos)}. Motivo: ${request.pendencia.motivo}`
}

const ALL = 'todas'
type Filter = typeof ALL | StatusRequestUsa
type ProgramaFilter = typeof ALL | ProgramaUsa

/** A request's card in the list: student, status, class, dates and what is pending. */
const requestCard: ReviewCard<KnnUsaRequestGestao> = {
  testId: 'usa-request-row',
  idPrefix: 'solicitacao-usa',
  title: { text: alunoNome, width: '10rem' },
  status: { text: (request: KnnUsaRequestGestao) => statusNome(request.status), width: '7rem' },
  lines: [
    { text: turmaLine, width: '18rem' },
    { text: (request: KnnUsaRequestGestao) => request.aluno.email ?? '', width: '12rem' },
    datesLine<KnnUsaRequestGestao>(
      ['Enviada em', (request) => request.criado_em],
      ['atualizada em', (request) => (request.atualizado_em !== request.criado_em ? request.atualizado_em : null)],
    ),
    { text: pendenciaLine, width: '0', optional: true },
    {
      text: (request: KnnUsaRequestGestao) =>
        request.motivo_cancelamento ? `Motivo do cancelamento: ${request.motivo_cancelamento}` : null,
      width: '0',
      optional: true,
    },
  ],
}

/** /manager-panel/intercambio: the requests by status (those waiting for the school first) and programme. */
export function OverseasRequestsScreen({ nav }: { nav: ReactNode }) {
  const [filter, setFilter] = useState<Filter>('em_analise')
  const [programa, setPrograma] = useState<ProgramaFilter>(ALL)
  const [page, setPage] = useState(0)
  const query = useQuery(overseasRequestsQuery(filter === ALL ? undefined : filter, programa === ALL ? undefined : programa, page))

  const counts = query.data?.por_status
  const filterOptions = [
    { value: ALL as Filter, label: `Todas${countSuffix(counts, undefined)}` },
    ...STATUS_REQUEST_USA.map((status) => ({ value: status as Filter, label: `${statusNome(status)}${countSuffix(counts, status)}` })),
  ]
  const where = filter === ALL ? '' : ` em "${statusNome(filter)}"`

  return (
    <ReviewScreen
      title="Solicitações de intercâmbio"
      nav={nav}
      notice={null}
      offlineText={OVERSEAS_OFFLINE_TEXT}
      query={query}
      filter={{ options: filterOptions, value: filter, onChange: setFilter }}
      moreFilters={
        <ChoiceGroup
          legend="Programa"
          options={[
            { value: ALL as ProgramaFilter, label: 'Todos' },
            ...PROGRAMAS_USA.map((value) => ({ value: value as ProgramaFilter, label: PROGRAMA_NOMES[value] })),
          ]}
          value={programa}
          onChange={(value) => {
            setPrograma(value)
            setPage(0)
          }}
        />
      }
      page={page}
      onPage={setPage}
      listTitle={filter === ALL ? 'Todas as solicitações' : `Solicitações: ${statusNome(filter)}`}
      card={requestCard}
      emptyText={filter === ALL ? 'Nenhuma solicitação de intercâmbio recebida ainda.' : `Nenhuma solicitação${where}.`}
      pastLastPageText="Nenhuma solicitação nesta página."
      pagerLabel="Páginas de solicitações"
      pageSize={PANEL_PAGE_SIZE}
      head={(data) => (
        <p className="mp-hint">
          {data.total === 1 ? '1 solicitação' : `${data.total} solicitações`}
          {where}, das mais antigas às mais novas
        </p>
      )}
      action={(request) => (
        <Link to="/manager-panel/intercambio/{-$id}" params={{ id: String(request.id) }} className="ui-button ui-button--secondary">
          Analisar
          <span className="u-visually-hidden"> a solicitação de {alunoNome(request)}</span>
        </Link>
      )}
    >
      {null}
    </ReviewScreen>
  )
}

/** "Termina em 3456": a passport number's last four characters, the rest only when asked. */
export function passaporteFinal(numero: string): string {
  return `Termina em ${numero.slice(-4)}`
}

/** Label and value rows, with bars for the values while loading. */
function Facts({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="mp-review">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const bar = <SkeletonText width="40%" />

/** One request on its way: its cards with bars for the values. */
const requestSkeleton = (
  <>
    <LoadingStatus />
    <Card title="Aluno e turma">
      <Facts rows={['Aluno', 'E-mail', 'Turma', 'Situação'].map((label) => [label, bar] as [string, ReactNode])} />
    </Card>
    <Card title="Passaporte e responsável">
      <Facts rows={['Número do passaporte', 'Validade', 'Data de nascimento'].map((label) => [label, bar] as [string, ReactNode])} />
    </Card>
    <Card title="Documentos">
      <p>{bar}</p>
      <p>{bar}</p>
    </Card>
  </>
)

function Passaporte({ numero }: { numero: string }) {
  const [shown, setShown] = useState(false)
  return (
    <span className="mp-actions">
      <span data-testid="passaporte-numero">{shown ? numero : passaporteFinal(numero)}</span>
      <Button variant="text" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Ocultar o número' : 'Mostrar o número'}
      </Button>
    </span>
  )
}

const DOCUMENTO_STATUS: Record<DocumentoUsa['status'], string> = {
  enviado: 'Enviado',
  reenviar: 'Pedido de novo',
  substituido: 'Cópia anterior (substituída)',
}

function DocumentoItem({ request, documento }: { request: KnnUsaRequestGestao; documento: DocumentoUsa }) {
  const online = useOnlineStatus()
  const [busy, setBusy] = useState<'abrir' | 'baixar' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const nome = `${DOCUMENTO_NOMES[documento.tipo]}${documento.status === 'substituido' ? ', cópia anterior' : ''}`

  async function fetchThen(kind: 'abrir' | 'baixar') {
    // The tab opens during the click: one opened once the bytes arrive would be a blocked pop-up.
    const tab = kind === 'abrir' ? openBlobTab() : null
    setBusy(kind)
    setError(null)
    try {
      const blob = await overseasDocument(request.id, documento.id)
      if (tab) tab.show(blob, documento.nome)
      else saveBlob(blob, documento.nome)
    } catch (caught) {
      tab?.close()
      setError((caught as Error).message)
    } finally {
      setBusy(null)
    }
  }

  return (
    <li className="mp-order" data-testid="usa-document">
      <article aria-labelledby={`documento-usa-${documento.id}`}>
        <div className="mp-order__head">
          <h3 id={`documento-usa-${documento.id}`} className="mp-order__numero">
            {nome}
          </h3>
          <span className="mp-status">{DOCUMENTO_STATUS[documento.status]}</span>
        </div>
        <p>
          {documento.nome} · {mediaTypeLabel(documento.tipo_midia)} · {formatBytes(documento.tamanho)}
        </p>
        <p className="mp-table__when">Enviado em {formatDateTime(new Date(documento.enviado_em))}</p>
        {documento.motivo ? <p>Motivo do pedido: {documento.motivo}</p> : null}
        <div className="mp-actions">
          <Button variant="secondary" disabled={!online} loading={busy === 'abrir'} onClick={() => void fetchThen('abrir')}>
            Abrir<span className="u-visually-hidden"> {nome}</span>
          </Button>
          <Button variant="text" disabled={!online} loading={busy === 'baixar'} onClick={() => void fetchThen('baixar')}>
            Baixar<span className="u-visually-hidden"> {nome}</span>
          </Button>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </article>
    </li>
  )
}

function Historico({ request }: { request: KnnUsaRequestGestao }) {
  if (request.historico.length === 0) return <p>Nenhuma ação da equipe ainda.</p>
  return (
    <ol className="mp-drafts" data-testid="usa-history">
      {request.historico.map((entry, index) => (
        <li key={index}>
          <span className="mp-table__when">{formatDateTime(new Date(entry.em))}</span>
          {entry.gestor ?? 'Equipe'}: {ACAO_NOMES[entry.acao] ?? entry.acao}
          {entry.de && entry.para ? ` (de "${statusNome(entry.de)}" para "${statusNome(entry.para)}")` : ''}
          {entry.motivo ? `. Motivo: ${entry.motivo}` : ''}
        </li>
      ))}
    </ol>
  )
}

/** The kinds a request takes (a minor's travel authorisation too): the ones that may be asked again. */
const tiposDa = (request: KnnUsaRequestGestao): TipoDocumentoUsa[] =>
  request.menor ? ['passaporte', 'autorizacao_viagem'] : ['passaporte']

type Pending = { kind: OverseasMove['kind']; request: KnnUsaRequestGestao }

const MOTIVO_MAX = 500

/** The reason and the documents the ask and the cancel take, with their messages. */
function useMoveFields() {
  const [tipos, setTipos] = useState<TipoDocumentoUsa[]>([])
  const [motivo, setMotivo] = useState('')
  const [errors, setErrors] = useState<{ tipos?: string | undefined; motivo?: string | undefined }>({})
  const reset = () => {
    setTipos([])
    setMotivo('')
    setErrors({})
  }
  // A field's message goes once it is edited; the confirmation checks again.
  return {
    tipos,
    setTipos: (next: TipoDocumentoUsa[]) => {
      setTipos(next)
      setErrors((current) => ({ ...current, tipos: undefined }))
    },
    motivo,
    setMotivo: (next: string) => {
      setMotivo(next)
      setErrors((current) => ({ ...current, motivo: undefined }))
    },
    errors,
    setErrors,
    reset,
  }
}

function MoveFields({
  pending,
  fields,
  tiposRef,
  motivoRef,
}: {
  pending: Pending
  fields: ReturnType<typeof useMoveFields>
  tiposRef: RefObject<HTMLInputElement | null>
  motivoRef: RefObject<HTMLTextAreaElement | null>
}) {
  const id = useId()
  if (pending.kind === 'aprovar') return null
  const { tipos, setTipos, motivo, setMotivo, errors } = fields
  return (
    <div className="stack">
      {pending.kind === 'pedirDocumentos' ? (
        <fieldset className="ui-choice-group" aria-describedby={errors.tipos ? `${id}-tipos-error` : undefined}>
          <legend className="ui-choice-group__legend">Documentos a reenviar</legend>
          {tiposDa(pending.request).map((tipo, index) => (
            <label className="ui-choice-group__option" key={tipo}>
              <input
                ref={index === 0 ? tiposRef : undefined}
                type="checkbox"
                checked={tipos.includes(tipo)}
                aria-invalid={errors.tipos ? true : undefined}
                onChange={(event) => setTipos(event.target.checked ? [...tipos, tipo] : tipos.filter((other) => other !== tipo))}
              />
              {DOCUMENTO_NOMES[tipo]}
            </label>
          ))}
          {errors.tipos ? (
            <p id={`${id}-tipos-error`} className="mp-error">
              {errors.tipos}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <div className="ui-field">
        <label htmlFor={`${id}-motivo`} className="mp-label">
          {pending.kind === 'cancelar' ? 'Motivo do cancelamento (o aluno vê este texto)' : 'O que corrigir (o aluno vê este texto)'}
        </label>
        <textarea
          ref={motivoRef}
          id={`${id}-motivo`}
          className="mp-textarea"
          value={motivo}
          maxLength={MOTIVO_MAX}
          rows={3}
          required
          aria-invalid={errors.motivo ? true : undefined}
          aria-describedby={`${id}-motivo-hint`}
          onChange={(event) => setMotivo(event.target.value)}
        />
        <p id={`${id}-motivo-hint`} className={errors.motivo ? 'mp-error' : 'mp-hint'}>
          {errors.motivo ?? `${motivo.length} de ${MOTIVO_MAX} caracteres`}
        </p>
      </div>
    </div>
  )
}

const DIALOG: Record<OverseasMove['kind'], { title: (nome: string) => string; confirm: string; danger: boolean }> = {
  aprovar: { title: (nome) => `Aprovar a solicitação de ${nome}?`, confirm: 'Aprovar', danger: false },
  pedirDocumentos: { title: (nome) => `Pedir documentos de novo a ${nome}?`, confirm: 'Pedir documentos', danger: false },
  cancelar: { title: (nome) => `Cancelar a solicitação de ${nome}?`, confirm: 'Cancelar solicitação', danger: true },
}

function dialogBody({ kind, request }: Pending): string {
  const nome = alunoNome(request)
  switch (kind) {
    case 'aprovar':
      return `De "${statusNome(request.status)}" para "Aprovado". ${nome} poderá pagar pelo portal, por Pix ou cartão, à taxa de câmbio do dia.`
    case 'pedirDocumentos':
      return `De "${statusNome(request.status)}" para "Documentos pendentes". ${nome} vê o motivo e reenvia os documentos escolhidos.`
    case 'cancelar':
      return `De "${statusNome(request.status)}" para "Cancelado". A vaga na turma fica livre e ${nome} vê o motivo. Uma solicitação cancelada não volta.`
  }
}

/** The first message of a body's issues at `key`. */
function issueAt(issues: readonly v.BaseIssue<unknown>[], key: string): string | undefined {
  return issues.find((issue) => issue.path?.[0]?.key === key)?.message
}

/** /manager-panel/intercambio/{id}: one request to review. */
export function OverseasRequestScreen({ id, nav }: { id: number; nav: ReactNode }) {
  const online = useOnlineStatus()
  const query = useQuery(overseasRequestQuery(id))
  const move = useOverseasMove()
  const { pending, notice, setNotice, ask, dialog } = useConfirmedMove<Pending>()
  const fields = useMoveFields()
  const tiposRef = useRef<HTMLInputElement | null>(null)
  const motivoRef = useRef<HTMLTextAreaElement | null>(null)

  const start = (kind: OverseasMove['kind'], request: KnnUsaRequestGestao) => {
    const open = ask({ kind, request })
    return (event: { currentTarget: HTMLElement }) => {
      fields.reset()
      open(event)
    }
  }

  /** The move as the API takes it, or null with the fields' messages (focus on the first). */
  function moveOf({ kind, request }: Pending): OverseasMove | null {
    const de = request.status
    if (kind === 'aprovar') return { kind, id: request.id, de }
    const parsed =
      kind === 'pedirDocumentos'
        ? v.safeParse(PedirDocumentosBody, { de, tipos: fields.tipos, motivo: fields.motivo })
        : v.safeParse(CancelarRequestBody, { de, motivo: fields.motivo })
    if (parsed.success) {
      fields.setErrors({})
      return kind === 'pedirDocumentos'
        ? { kind, id: request.id, de, tipos: fields.tipos, motivo: parsed.output.motivo }
        : { kind, id: request.id, de, motivo: parsed.output.motivo }
    }
    const errors = { tipos: issueAt(parsed.issues, 'tipos'), motivo: issueAt(parsed.issues, 'motivo') }
    fields.setErrors(errors)
    ;(errors.tipos ? tiposRef.current : motivoRef.current)?.focus()
    return null
  }

  return (
    <div className="page stack">
      <h1 className="page__title">Solicitação de intercâmbio nº {id}</h1>
      {nav}
      <p>
        <Link to="/manager-panel/intercambio/{-$id}" params={{ id: undefined }}>
          Voltar às solicitações
        </Link>
      </p>
      <MoveNotices notice={notice} loaded={query.data !== undefined} offlineText={OVERSEAS_OFFLINE_TEXT} />
      <PanelQuery query={query} skeleton={requestSkeleton} offlineText={OVERSEAS_OFFLINE_TEXT}>
        {(request) => {
          const can = {
            aprovar: podeTransicionar('aprovar', request.status),
            pedirDocumentos: podeTransicionar('pedirDocumentos', request.status),
            cancelar: podeTransicionar('cancelar', request.status),
          }
          const atuais = request.documentos.filter((documento) => documento.status !== 'substituido')
          const antigos = request.documentos.filter((documento) => documento.status === 'substituido')
          return (
            <>
              <Card title="Aluno e turma">
                <Facts
                  rows={[
                    ['Aluno', alunoNome(request)],
                    ['E-mail', request.aluno.email ?? '—'],
                    ['Turma', turmaLine(request)],
                    ['Situação', <span className="mp-status">{statusNome(request.status)}</span>],
                    ['Enviada em', formatDateTime(new Date(request.criado_em))],
                    ...(request.pendencia ? [['Documentos pedidos de novo', pendenciaLine(request)] as [string, ReactNode]] : []),
                    ...(request.motivo_cancelamento
                      ? [['Motivo do cancelamento', request.motivo_cancelamento] as [string, ReactNode]]
                      : []),
                    ...(request.pago_em
                      ? [
                          [
                            'Pagamento',
                            `${request.valor_pago === null ? 'Pago' : formatMoney(request.valor_pago)} em ${formatDateTime(new Date(request.pago_em))}`,
                          ] as [string, ReactNode],
                        ]
                      : []),
                  ]}
                />
              </Card>
              <Card title="Passaporte e responsável">
                <Facts
                  rows={[
                    ['Número do passaporte', <Passaporte numero={request.passaporte_numero} />],
                    ['Validade do passaporte', formatDate(request.passaporte_validade)],
                    ['Data de nascimento', formatDate(request.data_nascimento)],
                    ['Menor de 18 anos na viagem', request.menor ? 'Sim' : 'Não'],
                    ...(request.menor
                      ? ([
                          ['Responsável', request.responsavel_nome ?? '—'],
                          ['CPF do responsável', request.responsavel_cpf ? applyMask(MASKS.cpf, request.responsavel_cpf) : '—'],
                        ] as [string, ReactNode][])
                      : []),
                  ]}
                />
              </Card>
              <Card title="Documentos">
                {atuais.length === 0 ? (
                  <p>Nenhum documento guardado (os arquivos de uma solicitação cancelada são apagados).</p>
                ) : (
                  <ul className="mp-orders">
                    {[...atuais, ...antigos].map((documento) => (
                      <DocumentoItem key={documento.id} request={request} documento={documento} />
                    ))}
                  </ul>
                )}
              </Card>
              <Card title="Decisão da escola">
                {can.aprovar || can.pedirDocumentos || can.cancelar ? (
                  <div className="mp-actions">
                    {can.aprovar ? (
                      <Button disabled={!online} onClick={start('aprovar', request)}>
                        Aprovar
                      </Button>
                    ) : null}
                    {can.pedirDocumentos ? (
                      <Button variant="secondary" disabled={!online} onClick={start('pedirDocumentos', request)}>
                        Pedir documentos de novo
                      </Button>
                    ) : null}
                    {can.cancelar ? (
                      <Button variant="secondary" disabled={!online} onClick={start('cancelar', request)}>
                        Cancelar solicitação
                      </Button>
                    ) : null}
                  </div>
                ) : null}
                <p className="mp-hint">{NEXT_STEP[request.status]}</p>
              </Card>
              <Card title="Histórico da equipe">
                <Historico request={request} />
              </Card>
            </>
          )
        }}
      </PanelQuery>
      <ConfirmDialog
        {...dialog}
        title={pending ? DIALOG[pending.kind].title(alunoNome(pending.request)) : ''}
        body={pending ? dialogBody(pending) : ''}
        confirmLabel={pending ? DIALOG[pending.kind].confirm : ''}
        danger={pending ? DIALOG[pending.kind].danger : false}
        onConfirm={async () => {
          if (!pending) return
          const input = moveOf(pending)
          if (!input) return false
          const moved = await move.mutateAsync(input)
          setNotice(`A solicitação de ${alunoNome(moved)} agora está "${statusNome(moved.status)}".`)
        }}
      >
        {pending ? <MoveFields pending={pending} fields={fields} tiposRef={tiposRef} motivoRef={motivoRef} /> : null}
      </ConfirmDialog>
    </div>
  )
}

/** What happens next, under the moves. */
const NEXT_STEP: Record<StatusRequestUsa, string> = {
  em_analise: 'Confira os dados e cada documento: aprove, peça um documento de novo ou cancele.',
  documentos_pendentes: 'Aguardando o aluno reenviar os documentos pedidos; a solicitação volta para "Em análise" quando chegarem.',
  aprovado: 'Aprovada: aguardando o pagamento do aluno.',
  pago: 'Paga: nada mais a decidir.',
  cancelado: 'Cancelada: nada mais a decidir.',
}
