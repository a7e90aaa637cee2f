import '../english-test.css'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EnglishTestEstado, NivelResultado, TentativaEnglishTest } from '../../../contract/schemas/english-test.ts'
import type { StoredEnglishTest } from '../../../db/database.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { formatDateTime } from '../../../ui/format.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import {
  chooseAnswer,
  endedByTimer,
  englishTestQueryKey,
  finishEnglishTest,
  finishedHere,
  flushAnswers,
  lostAnswers,
  startEnglishTest,
  useEnglishTest,
  usePendingAnswers,
  type FlushResult,
} from '../api/english-test.ts'

/** /english-test: the level test (issue 10). */
export function EnglishTestView() {
  const { t } = useTranslation('englishTest')
  const data = useEnglishTest()
  return (
    <div className="page english-test">
      <h1 className="page__title">{t('title')}</h1>
      <OfflineContent
        {...data}
        emptyText={t('empty')}
        isEmpty={({ estado }) => estado.total_questoes === 0 && estado.tentativa === null}
        skeleton={<IntroSkeleton />}
      >
        {(stored) => <EnglishTest stored={stored} />}
      </OfflineContent>
    </div>
  )
}

function EnglishTest({ stored }: { stored: StoredEnglishTest }) {
  const { tentativa } = stored.estado
  // A new attempt (a retake) is a new screen: keyed, so nothing of the last one stays.
  if (tentativa && !tentativa.finalizada_em) return <Attempt key={tentativa.id} stored={stored} tentativa={tentativa} />
  return (
    <>
      {tentativa ? <Result tentativa={tentativa} estado={stored.estado} /> : null}
      {!tentativa || stored.estado.pode_iniciar ? <Intro estado={stored.estado} /> : null}
    </>
  )
}

/** The intro's shape with bars for its texts: what shows while the first answer comes. */
function IntroSkeleton() {
  const { t } = useTranslation('englishTest')
  return (
    <section className="english-test__card" aria-hidden="true">
      <h2 className="english-test__subtitle">{t('intro.heading')}</h2>
      <ul className="english-test__facts">
        <li>
          <SkeletonText width="18rem" />
        </li>
        <li>
          <SkeletonText width="22rem" />
        </li>
        <li>
          <SkeletonText width="20rem" />
        </li>
        <li>
          <SkeletonText width="16rem" />
        </li>
      </ul>
      <span className="ui-button ui-button--primary">
        <SkeletonText width="6rem" />
      </span>
    </section>
  )
}

function Intro({ estado }: { estado: EnglishTestEstado }) {
  const { t } = useTranslation('englishTest')
  const online = useOnlineStatus()
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function start() {
    setStarting(true)
    setError(null)
    try {
      await startEnglishTest()
    } catch (failure) {
      setError((failure as Error).message)
      setStarting(false)
    }
  }
  return (
    <section className="english-test__card" aria-labelledby="english-test-intro">
      <h2 id="english-test-intro" className="english-test__subtitle">
        {t('intro.heading')}
      </h2>
      <ul className="english-test__facts">
        <li>{t('intro.questions', { count: estado.total_questoes })}</li>
        <li>{t('intro.time', { minutes: estado.duracao_minutos })}</li>
        <li>{t('intro.saving')}</li>
        <li>{t('intro.retake', { days: estado.refazer_apos_dias })}</li>
      </ul>
      {!online ? <Alert tone="warning">{t('intro.startOffline')}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={() => void start()} loading={starting} disabled={!online}>
        {t('intro.start')}
      </Button>
    </section>
  )
}

/** The device's clock minus the server's, from the server's last answer. */
function serverSkewMs(stored: StoredEnglishTest, tentativa: TentativaEnglishTest): number {
  return stored.clientAt - Date.parse(tentativa.agora)
}

/** Milliseconds left until `deadline` (device clock), redrawn every second. */
function useRemaining(deadline: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, deadline - now)
}

const FIVE_MINUTES = 5 * 60_000
const ONE_MINUTE = 60_000

/** "04:59" */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
}

/** Where the student was, per attempt, so a reload comes back to the same question. */
const positionKey = (tentativaId: number) => `english-test:questao:${tentativaId}`
function readPosition(tentativaId: number): number | null {
  try {
    const stored = Number(sessionStorage.getItem(positionKey(tentativaId)))
    return Number.isInteger(stored) && stored >= 0 ? stored : null
  } catch {
    return null
  }
}
function keepPosition(tentativaId: number, index: number) {
  try {
    sessionStorage.setItem(positionKey(tentativaId), String(index))
  } catch {
    // Private mode without storage: a reload starts at the first unanswered question.
  }
}

function Attempt({ stored, tentativa }: { stored: StoredEnglishTest; tentativa: TentativaEnglishTest }) {
  const { t } = useTranslation('englishTest')
  const queryClient = useQueryClient()
  const online = useOnlineStatus()
  const pending = usePendingAnswers(tentativa.id)
  const total = tentativa.questoes.length

  // What the student chose on this page shows at once; the device's write and the send follow.
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(new Map())
  const answers = new Map(tentativa.respostas.map((resposta) => [resposta.questao_id, resposta.opcao]))
  for (const answer of pending ?? []) answers.set(answer.questao_id, answer.opcao)
  for (const [questaoId, opcao] of chosen) answers.set(questaoId, opcao)

  const [index, setIndex] = useState(() => {
    const kept = readPosition(tentativa.id)
    if (kept !== null && kept < total) return kept
    const firstOpen = tentativa.questoes.findIndex((questao) => !answers.has(questao.id))
    return firstOpen === -1 ? 0 : firstOpen
  })
  const questao = tentativa.questoes[index]!
  const questionHeading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  useEffect(() => {
    keepPosition(tentativa.id, index)
    // Previous/next: the new question is read out; the first draw leaves focus to the page's h1.
    if (moved.current) questionHeading.current?.focus()
    moved.current = true
  }, [tentativa.id, index])

  const [saveState, setSaveState] = useState<FlushResult | 'saving' | null>(null)
  const [finishError, setFinishError] = useState<string | null>(null)
  const [finishing, setFinishing] = useState(false)
  const [timeUp, setTimeUp] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)

  const remaining = useRemaining(Date.parse(tentativa.expira_em) + serverSkewMs(stored, tentativa))
  const [announcement, setAnnouncement] = useState('')
  const announced = useRef<'five' | 'one' | 'up' | null>(null)
  useEffect(() => {
    // Announced once at 5 minutes and at 1 minute left, not every second.
    const bracket = remaining === 0 ? 'up' : remaining <= ONE_MINUTE ? 'one' : remaining <= FIVE_MINUTES ? 'five' : null
    if (bracket === null || bracket === announced.current) return
    announced.current = bracket
    setAnnouncement(t(bracket === 'up' ? 'timer.timeUp' : bracket === 'one' ? 'timer.oneLeft' : 'timer.fiveLeft'))
  }, [remaining, t])

  async function finish(): Promise<void> {
    setFinishing(true)
    setFinishError(null)
    try {
      const result = await finishEnglishTest(tentativa.id)
      if (result === 'offline') {
        setFinishError(t('finishOffline'))
        setFinishing(false)
        return
      }
      // The attempt is stored finished (the result shows); the terms (retake date) follow.
      void queryClient.invalidateQueries({ queryKey: englishTestQueryKey })
    } catch (failure) {
      setFinishError((failure as Error).message)
      setFinishing(false)
    }
  }

  // The server's clock ran out: the attempt ends with what reached it.
  useEffect(() => {
    if (remaining > 0 || timeUp) return
    setTimeUp(true)
    endedByTimer.add(tentativa.id)
    dialog.current?.close()
    void finish()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remaining, timeUp])

  /** The server finished the attempt meanwhile (its time, another device): show its result. */
  function settle(result: FlushResult) {
    setSaveState(result)
    if (result === 'finished') void queryClient.invalidateQueries({ queryKey: englishTestQueryKey })
  }

  // Back online: send what waited (the sync also does when it refreshes the screen).
  useEffect(() => {
    if (!online || !pending?.length) return
    setSaveState('saving')
    void flushAnswers(tentativa.id).then(settle)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, pending?.length, tentativa.id])

  async function choose(opcao: number) {
    setChosen((previous) => new Map(previous).set(questao.id, opcao))
    setSaveState('saving')
    settle(await chooseAnswer({ tentativa_id: tentativa.id, questao_id: questao.id, opcao }))
  }

  const go = (next: number) => setIndex(Math.min(total - 1, Math.max(0, next)))
  const waiting = pending?.length ?? 0
  const locked = timeUp || finishing

  return (
    <section className="english-test__card" aria-labelledby="english-test-question">
      <div className="english-test__bar">
        <p className="english-test__timer">
          {t('timer.label')}: <time dateTime={`PT${Math.ceil(remaining / 1000)}S`}>{clock(remaining)}</time>
        </p>
        <p className="english-test__position">{t('question.position', { current: index + 1, total })}</p>
      </div>
      <div className="u-visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      <label className="english-test__progress">
        <span>{t('question.answered', { count: answers.size, total })}</span>
        <progress max={total} value={answers.size} aria-label={t('question.progress')} />
      </label>

      <fieldset className="english-test__question" disabled={locked}>
        <legend>
          <h2 id="english-test-question" ref={questionHeading} tabIndex={-1} className="english-test__statement">
            <span className="english-test__level">{t('question.level', { level: questao.nivel })}</span>
            {questao.enunciado}
          </h2>
        </legend>
        {questao.opcoes.map((opcao, opcaoIndex) => (
          <label className="english-test__option" key={opcaoIndex}>
            <input
              type="radio"
              name={`questao-${questao.id}`}
              value={opcaoIndex}
              checked={answers.get(questao.id) === opcaoIndex}
              onChange={() => void choose(opcaoIndex)}
            />
            <span lang="en">{opcao}</span>
          </label>
        ))}
      </fieldset>

      <SaveStatus state={saveState} waiting={waiting} online={online} />
      {timeUp && finishError ? <Alert tone="warning">{t('timeUpOffline')}</Alert> : null}
      {!timeUp && finishError ? <Alert tone="error">{finishError}</Alert> : null}

      <div className="english-test__nav">
        <Button variant="secondary" onClick={() => go(index - 1)} disabled={index === 0 || locked}>
          {t('question.previous')}
        </Button>
        {index < total - 1 ? (
          <Button variant="secondary" onClick={() => go(index + 1)} disabled={locked}>
            {t('question.next')}
          </Button>
        ) : null}
        <Button onClick={() => dialog.current?.showModal()} loading={finishing} disabled={timeUp}>
          {t('question.finish')}
        </Button>
      </div>

      <dialog
        ref={dialog}
        className="english-test__dialog"
        aria-labelledby="english-test-confirm"
        aria-describedby="english-test-confirm-body"
      >
        <h2 id="english-test-confirm" className="english-test__subtitle">
          {t('confirm.title')}
        </h2>
        <p id="english-test-confirm-body">{t('confirm.body', { answered: answers.size, total })}</p>
        <div className="english-test__nav">
          <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
            {t('confirm.cancel')}
          </Button>
          <Button
            onClick={() => {
              dialog.current?.close()
              void finish()
            }}
          >
            {t('confirm.confirm')}
          </Button>
        </div>
      </dialog>
    </section>
  )
}

function SaveStatus({ state, waiting, online }: { state: FlushResult | 'saving' | null; waiting: number; online: boolean }) {
  const { t } = useTranslation('englishTest')
  if (waiting > 0 && (!online || state === 'offline')) return <Alert tone="warning">{t('save.offline', { count: waiting })}</Alert>
  if (waiting > 0 && state === 'failed') return <Alert tone="warning">{t('save.failed')}</Alert>
  // Plain text, not a live region: every answer would otherwise be announced twice.
  const text = waiting > 0 || state === 'saving' ? t('save.saving') : t('save.saved')
  return <p className="english-test__saved">{text}</p>
}

function Result({ tentativa, estado }: { tentativa: TentativaEnglishTest; estado: EnglishTestEstado }) {
  const { t } = useTranslation('englishTest')
  const heading = useRef<HTMLHeadingElement>(null)
  const resultado = tentativa.resultado!
  const lost = lostAnswers.get(tentativa.id) ?? 0
  const level = (nivel: NivelResultado) => t(`levels.${nivel}`)
  // Finished on this page: the result is what the student wants read out next. Opened
  // later, the page's h1 has focus as on every screen.
  useEffect(() => {
    if (finishedHere.delete(tentativa.id)) heading.current?.focus()
  }, [tentativa.id])
  return (
    <section className="english-test__card" aria-labelledby="english-test-result">
      <h2 id="english-test-result" ref={heading} tabIndex={-1} className="english-test__subtitle">
        {t('result.heading')}
      </h2>
      <p className="english-test__level-result">{t('result.level', { level: level(resultado.nivel) })}</p>
      <p>{t('result.score', { correct: resultado.acertos, total: resultado.total })}</p>
      {tentativa.tempo_esgotado || endedByTimer.has(tentativa.id) ? <Alert tone="info">{t('result.timeUp')}</Alert> : null}
      {lost > 0 ? <Alert tone="warning">{t('result.lost', { count: lost })}</Alert> : null}
      <table className="english-test__table">
        <caption>{t('result.byLevel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('result.levelColumn')}</th>
            <th scope="col">{t('result.correctColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {resultado.por_nivel.map((linha) => (
            <tr key={linha.nivel}>
              <th scope="row">{linha.nivel}</th>
              <td>
                {linha.acertos} / {linha.total}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {tentativa.finalizada_em ? (
        <p className="english-test__muted">{t('result.finishedAt', { date: formatDateTime(new Date(tentativa.finalizada_em)) })}</p>
      ) : null}
      {estado.pode_refazer_em ? <p>{t('result.retakeAt', { date: formatDateTime(new Date(estado.pode_refazer_em)) })}</p> : null}
    </section>
  )
}
