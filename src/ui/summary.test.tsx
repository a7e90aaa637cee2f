// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../i18n/index.ts'
import { NetworkError } from '../lib/client.ts'
import { OfflineCard } from './offline-content.tsx'
import { Summary } from './summary.tsx'

afterEach(cleanup)

type Data = Parameters<typeof OfflineCard<number[]>>[0]['data']

const idle = { isSyncing: false, syncError: null, isPaused: false }

function card(data: Data) {
  return render(
    <OfflineCard title="Próxima parcela" data={data} isEmpty={(value) => value.length === 0} emptyText="Nenhuma parcela em aberto.">
      {(value) => <Summary figure={`R$ ${value[0]}`} lines={['Vence em 10/12/2026']} />}
    </OfflineCard>,
  )
}

/**
 * Issue 7: a summary card has one height in every state. Layout is the browser's
 * (tests/e2e/skeletons.spec.ts measures it); here, that every state draws its body as the
 * same `.summary-text` block (app.css gives it the height of a figure and two lines), the
 * skeleton as the real layout with bars for the texts.
 */
describe('OfflineCard', () => {
  it('while the first answer is on its way: the summary layout with bars, busy, "Carregando…" for screen readers', () => {
    const { container } = card({ snapshot: undefined, ...idle })
    expect(screen.getByRole('region', { name: 'Próxima parcela' }).getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('Carregando…')
    const body = container.querySelectorAll('.ui-card__body > .summary-text')
    expect(body).toHaveLength(1)
    expect(body[0]!.querySelectorAll(':scope > .summary-figure, :scope > .summary-line')).toHaveLength(3)
    expect(body[0]!.querySelectorAll('.ui-skeleton-text[aria-hidden="true"]')).toHaveLength(3)
    expect(body[0]!.textContent).toBe('')
  })

  it.each([
    ['data', { snapshot: { value: [451] }, ...idle }, 'R$ 451Vence em 10/12/2026'],
    ['empty', { snapshot: { value: [] }, ...idle }, 'Nenhuma parcela em aberto.'],
    [
      'not on this device',
      { snapshot: null, ...idle, isPaused: true },
      'Ainda não há dados salvos neste aparelho. Eles aparecem assim que o servidor responder.',
    ],
    ['error', { snapshot: null, ...idle, syncError: new Error('500') }, 'Não foi possível carregar os dados.'],
    [
      'server out of reach',
      { snapshot: null, ...idle, syncError: new NetworkError() },
      'Ainda não há dados salvos neste aparelho. Eles aparecem assim que o servidor responder.',
    ],
  ] as const)('%s: one summary block in the same place, not busy', (_, data, text) => {
    const { container } = card(data as Data)
    expect(screen.getByRole('region', { name: 'Próxima parcela' }).hasAttribute('aria-busy')).toBe(false)
    const body = container.querySelectorAll('.ui-card__body > .summary-text')
    expect(body).toHaveLength(1)
    expect(body[0]!.textContent).toBe(text)
    expect(container.querySelector('.ui-skeleton-text')).toBeNull()
  })
})

describe('Summary', () => {
  it('always draws the figure and two lines, the second empty when there is none', () => {
    const { container } = render(<Summary figure="10,0" isBelow lines={['Prova 1 · 14/09/2026']} />)
    expect(container.querySelector('.summary-figure.is-below')?.textContent).toBe('10,0')
    expect([...container.querySelectorAll('.summary-line')].map((line) => line.textContent)).toEqual(['Prova 1 · 14/09/2026', ''])
  })
})
