import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { pontuarTeste, type TestePratica } from '../../../api/schemas/pratica.ts'
import type { PendingPraticaResult } from '../../../db/database.ts'
import { useLocalQuery } from '../../../db/use-offline-data.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { cx } from '../../../ui/field.tsx'
import { formatGrade } from '../../../ui/format.ts'
import { dismissPracticeResult, savePracticeResult, type Resposta } from '../api/save-result.ts'

/** The book's tests: choose one, answer, check; the score is kept and sent (P111, P115). */
export function TestsPanel({ turmaId, testes }: { turmaId: number; testes: readonly TestePratica[] }) {
  const { t } = useTranslation('pratica')
  const [testeId, setTesteId] = useState<number>()
  // A new run of the same test starts from blank answers.
  const [run, setRun] = useState(0)
  const waiting = useLocalQuery(
    (db) =>
      db.praticaResultados
        .where('turma_id')
        .equals(turmaId)
        .filter((item) => item.estado !== 'enviado')
        .toArray(),
    [turmaId],
  )
  const teste = testes.find((candidate) => candidate.id === testeId)
  if (testes.length === 0) return <p className="ui-empty">{t('tests.none')}</p>

  return (
    <div className="pratica-tests">
      {waiting && waiting.length > 0 ? <Waiting items={waiting} testes={testes} /> : null}
      {teste ? (
        <TestRunner
          key={`${teste.id}-${run}`}
          turmaId={turmaId}
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
                  {candidate.melhor_nota === null ? t('tests.notDone') : t('tests.best', { nota: formatGrade(candidate.melhor_nota) })}
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
function Waiting({ items, testes }: { items: readonly PendingPraticaResult[]; testes: readonly TestePratica[] }) {
  const { t } = useTranslation('pratica')
  const titulo = (item: PendingPraticaResult) => testes.find((teste) => teste.id === item.teste_id)?.titulo ?? ''
  return (
    <section className="pratica-waiting" aria-labelledby="pratica-waiting-title">
      <h2 id="pratica-waiting-title" className="pratica-section-title">
        {t('tests.waiting')}
      </h2>
      <ul className="pratica-list">
        {items.map((item) => (
          <li key={item.key} className="pratica-list__row" data-estado={item.estado}>
            {item.estado === 'recusado' ? (
              <>
                <span>{t('tests.refusedItem', { titulo: titulo(item), erro: item.erro })}</span>
                <Button
                  variant="text"
                  aria-label={t('tests.removeNamed', { titulo: titulo(item) })}
                  onClick={() => void dismissPracticeResult(item.key)}
                >
                  {t('tests.remove')}
                </Button>
              </>
            ) : (
              <span>{t('tests.waitingItem', { titulo: titulo(item), nota: formatGrade(item.nota) })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function TestRunner({
  turmaId,
  teste,
  onAgain,
  onBack,
}: {
  turmaId: number
  teste: TestePratica
  onAgain: () => void
  onBack: () => void
}) {
  const { t } = useTranslation('pratica')
  const formId = useId()
  const [chosen, setChosen] = useState<Record<number, number>>({})
  const [missing, setMissing] = useState(false)
  const [checked, setChecked] = useState(false)
  // The result's key on this device, once stored (its first send has ended by then).
  const [key, setKey] = useState<string>()
  const stored = useLocalQuery((db) => (key ? db.praticaResultados.get(key) : Promise.resolve(undefined)), [key])
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
    const item = await savePracticeResult(turmaId, teste, respostas)
    setKey(item.key)
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
function SaveState({ item }: { item: PendingPraticaResult | undefined }) {
  const { t } = useTranslation('pratica')
  if (!item) return <Alert tone="info">{t('tests.sending')}</Alert>
  switch (item.estado) {
    case 'enviado':
      return <Alert tone="success">{t('tests.saved', { nota: formatGrade(item.resultado!.melhor_nota) })}</Alert>
    case 'recusado':
      return <Alert tone="error">{t('tests.refused', { erro: item.erro })}</Alert>
    case 'pendente':
      return <Alert tone="warning">{t('tests.pending')}</Alert>
  }
}
