import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { pontuarTeste, type TestePratica } from '../../../contract/schemas/pratica.ts'
import type { OutboxItem } from '../../../db/outbox.ts'
import { PRACTICE_RESULT_KIND, practiceContextOf, practiceReceiptOf } from '../../../db/outbox-kinds.ts'
import { loadOutboxApp, useOutboxQuery } from '../../../db/outbox-live.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { cx } from '../../../ui/class-names.ts'
import { formatGrade } from '../../../ui/format.ts'
import { savePracticeResult, type Resposta } from '../api/save-result.ts'

/** The book's tests: choose one, answer, check; the score is kept and sent. */
export function TestsPanel({ turmaId, userId, testes }: { turmaId: number; userId: number; testes: readonly TestePratica[] }) {
  const { t } = useTranslation('pratica')
  const [testeId, setTesteId] = useState<number>()
  // A new run of the same test starts from blank answers.
  const [run, setRun] = useState(0)
  // This class's results in the outbox (D16): waiting, refused, or sent with the server's answer.
  const results = useOutboxQuery(
    async (outbox) =>
      (await outbox.itemsOf(userId, { kind: PRACTICE_RESULT_KIND })).filter((item) => practiceContextOf(item).turmaId === turmaId),
    [userId, turmaId],
  ).data
  const waiting = results?.filter((item) => item.state !== 'enviado')
  // A result sent since the content was fetched already counts in the best score.
  const best = (candidate: TestePratica) =>
    (results ?? []).reduce<number | null>((score, item) => {
      const receipt = practiceReceiptOf(item)
      return receipt && receipt.teste_id === candidate.id ? Math.max(score ?? 0, receipt.melhor_nota) : score
    }, candidate.melhor_nota)
  const bestText = (nota: number | null) => (nota === null ? t('tests.notDone') : t('tests.best', { nota: formatGrade(nota) }))
  const teste = testes.find((candidate) => candidate.id === testeId)
  if (testes.length === 0) return <p className="ui-empty">{t('tests.none')}</p>

  return (
    <div className="pratica-tests">
      {waiting && waiting.length > 0 ? <Waiting items={waiting} /> : null}
      {teste ? (
        <TestRunner
          key={`${teste.id}-${run}`}
          turmaId={turmaId}
          userId={userId}
          results={results}
          teste={teste}
          onAgain={() => setRun((count) => count + 1)}
          onBack={() => setTesteId(undefined)}
        />
      ) : (
        <ul className="pratica-list">
          {testes.map((candidate) => (
            <li key={candidate.id} className="pratica-list__row pratica-test-row">
              <div>
                <h2 className="pratica-test-row__title">{candidate.titulo}</h2>
                <p className="pratica-test-row__meta">
                  {[candidate.unidade, t('tests.questions', { count: candidate.questoes.length })].filter(Boolean).join(' · ')}
                  {' · '}
                  {bestText(best(candidate))}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={t('tests.startNamed', { titulo: candidate.titulo })}
                onClick={() => {
                  setRun((count) => count + 1)
                  setTesteId(candidate.id)
                }}
              >
                {t('tests.start')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Results of this class not confirmed by the server: waiting for a connection, or refused. */
function Waiting({ items }: { items: readonly OutboxItem[] }) {
  const { t } = useTranslation('pratica')
  return (
    <section className="pratica-waiting" aria-labelledby="pratica-waiting-title">
      <h2 id="pratica-waiting-title" className="pratica-section-title">
        {t('tests.waiting')}
      </h2>
      <ul className="pratica-list">
        {items.map((item) => {
          const { titulo, nota } = practiceContextOf(item)
          return (
            <li key={item.id} className="pratica-list__row" data-estado={item.state}>
              {item.state === 'recusado' ? (
                <>
                  <span>{t('tests.refusedItem', { titulo, erro: item.reason })}</span>
                  <Button
                    variant="text"
                    aria-label={t('tests.removeNamed', { titulo })}
                    onClick={() => void loadOutboxApp().then(({ removeOutboxItem }) => removeOutboxItem(item.id))}
                  >
                    {t('tests.remove')}
                  </Button>
                </>
              ) : (
                <span>{t('tests.waitingItem', { titulo, nota: formatGrade(nota) })}</span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function TestRunner({
  turmaId,
  userId,
  results,
  teste,
  onAgain,
  onBack,
}: {
  turmaId: number
  userId: number
  results: readonly OutboxItem[] | undefined
  teste: TestePratica
  onAgain: () => void
  onBack: () => void
}) {
  const { t } = useTranslation('pratica')
  const formId = useId()
  const [chosen, setChosen] = useState<Record<number, number>>({})
  const [missing, setMissing] = useState(false)
  const [checked, setChecked] = useState(false)
  // The result's outbox item (its id is the send's `Idempotency-Key`), once queued.
  const [key, setKey] = useState<string>()
  const stored = key ? results?.find((item) => item.id === key) : undefined
  const respostas: Resposta[] = teste.questoes.flatMap((questao) =>
    chosen[questao.id] === undefined ? [] : [{ questao: questao.id, opcao: chosen[questao.id]! }],
  )
  const score = checked ? pontuarTeste(teste.questoes, respostas) : null

  async function check(event: FormEvent) {
    event.preventDefault()
    if (checked) return
    if (respostas.length < teste.questoes.length) {
      setMissing(true)
      return
    }
    setMissing(false)
    setChecked(true)
    const item = await savePracticeResult(turmaId, teste, respostas, userId)
    setKey(item.id)
  }

  return (
    <form className="pratica-test" id={formId} onSubmit={(event) => void check(event)} noValidate>
      <h2 className="pratica-test__title">{teste.titulo}</h2>
      {teste.questoes.map((questao, index) => {
        const answer = chosen[questao.id]
        const right = questao.opcoes.find((opcao) => opcao.id === questao.correta)
        return (
          <fieldset key={questao.id} className="pratica-question" disabled={checked}>
            <legend className="pratica-question__text">
              {index + 1}. {questao.enunciado}
            </legend>
            {questao.opcoes.map((opcao) => (
              <label key={opcao.id} className="pratica-question__option">
                <input
                  type="radio"
                  name={`${formId}-q${questao.id}`}
                  value={opcao.id}
                  checked={answer === opcao.id}
                  onChange={() => setChosen((previous) => ({ ...previous, [questao.id]: opcao.id }))}
                />
                {opcao.texto}
              </label>
            ))}
            {checked ? (
              <p className={cx('pratica-question__verdict', answer === questao.correta ? 'is-right' : 'is-wrong')}>
                {answer === questao.correta ? t('tests.right') : t('tests.wrong', { texto: right?.texto ?? '' })}
              </p>
            ) : null}
          </fieldset>
        )
      })}
      {missing ? <Alert tone="error">{t('tests.answerAll')}</Alert> : null}
      {score ? (
        <div className="pratica-test__result">
          <p className="pratica-test__score" data-testid="pratica-score">
            {t('tests.score', { acertos: score.acertos, total: score.total, nota: formatGrade(score.nota) })}
          </p>
          <SaveState item={key ? stored : undefined} />
        </div>
      ) : null}
      <div className="pratica-test__actions">
        {checked ? <Button onClick={onAgain}>{t('tests.again')}</Button> : <Button type="submit">{t('tests.check')}</Button>}
        <Button variant="secondary" onClick={onBack}>
          {t('tests.backToList')}
        </Button>
      </div>
    </form>
  )
}

/** Where the result is: saved on the server, kept on the device to be sent, or refused. */
function SaveState({ item }: { item: OutboxItem | undefined }) {
  const { t } = useTranslation('pratica')
  const receipt = item ? practiceReceiptOf(item) : undefined
  if (receipt) return <Alert tone="success">{t('tests.saved', { nota: formatGrade(receipt.melhor_nota) })}</Alert>
  if (item?.state === 'recusado') return <Alert tone="error">{t('tests.refused', { erro: item.reason })}</Alert>
  // Waiting after a try that failed (no connection, a server in trouble): kept on the device.
  if (item?.state === 'aguardando' && item.attempts > 0) return <Alert tone="warning">{t('tests.pending')}</Alert>
  return <Alert tone="info">{t('tests.sending')}</Alert>
}
