// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../i18n/index.ts'
import { Card } from './card.tsx'

afterEach(cleanup)

describe('Card', () => {
  it('shows a table skeleton while loading, and not the content', () => {
    const { container } = render(
      <Card title="Notas" isLoading skeletonRows={5} skeletonColumns={4}>
        <p>Média 8,5</p>
      </Card>,
    )
    const card = screen.getByRole('region', { name: 'Notas' })
    expect(card.getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByText('Média 8,5')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Carregando…')
    const skeleton = container.querySelector('.ui-skeleton--table')
    expect(skeleton?.getAttribute('aria-hidden')).toBe('true')
    // header row + 5 body rows, 4 bars each
    const rows = skeleton?.querySelectorAll('.ui-skeleton__row') ?? []
    expect(rows).toHaveLength(6)
    for (const row of rows) expect(row.querySelectorAll('.ui-skeleton__bar')).toHaveLength(4)
  })

  it('shows a given skeleton instead of the table while loading, in the body the content will fill', () => {
    const { container, rerender } = render(
      <Card title="Notas" isLoading skeleton={<p className="shape">bars</p>}>
        <p>Média 8,5</p>
      </Card>,
    )
    expect(screen.getByRole('status').textContent).toBe('Carregando…')
    expect(container.querySelector('.ui-skeleton--table')).toBeNull()
    const body = container.querySelector('.ui-card__body')
    expect(body?.querySelector('.shape')).not.toBeNull()
    rerender(
      <Card title="Notas" isLoading={false} skeleton={<p className="shape">bars</p>}>
        <p>Média 8,5</p>
      </Card>,
    )
    // The same body element: what replaces the skeleton takes its place.
    expect(container.querySelector('.ui-card__body')).toBe(body)
    expect(body?.textContent).toBe('Média 8,5')
  })

  it('shows the content once loaded', () => {
    const { rerender, container } = render(
      <Card title="Notas" isLoading>
        <p>Média 8,5</p>
      </Card>,
    )
    rerender(
      <Card title="Notas" isLoading={false}>
        <p>Média 8,5</p>
      </Card>,
    )
    expect(screen.getByText('Média 8,5')).toBeDefined()
    expect(screen.queryByRole('status')).toBeNull()
    expect(container.querySelector('.ui-skeleton')).toBeNull()
    expect(screen.getByRole('region', { name: 'Notas' }).hasAttribute('aria-busy')).toBe(false)
  })

  it('renders title as a heading, actions and className', () => {
    const { container } = render(
      <Card title="Financeiro" headingLevel={3} actions={<button type="button">Pagar</button>} className="extra">
        conteúdo
      </Card>,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Financeiro' })).toBeDefined()
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDefined()
    expect((container.firstElementChild as HTMLElement).className).toBe('ui-card extra')
  })

  it('works without a title', () => {
    render(<Card>só conteúdo</Card>)
    expect(screen.getByText('só conteúdo')).toBeDefined()
    expect(screen.queryByRole('heading')).toBeNull()
  })
})
