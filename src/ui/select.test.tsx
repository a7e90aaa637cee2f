// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import '../i18n/index.ts'
import { Select, type SelectProps } from './select.tsx'

// Radix Select uses pointer capture and scrollIntoView, which jsdom lacks.
beforeAll(() => {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>
  proto.hasPointerCapture ??= () => false
  proto.setPointerCapture ??= () => {}
  proto.releasePointerCapture ??= () => {}
  proto.scrollIntoView ??= () => {}
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

afterEach(cleanup)

const MONTHS = [
  { value: '1', label: 'Janeiro' },
  { value: '2', label: 'Fevereiro' },
  { value: '3', label: 'Março' },
]

function Controlled(props: Partial<SelectProps> & { spy?: (v: string) => void }) {
  const { spy, ...rest } = props
  const [value, setValue] = useState(props.value ?? '')
  return (
    <Select
      label="Mês"
      options={MONTHS}
      {...rest}
      value={value}
      onValueChange={(next) => {
        spy?.(next)
        setValue(next)
      }}
    />
  )
}

describe('Select', () => {
  it('is a combobox named by its label, showing the placeholder', () => {
    render(<Controlled />)
    const trigger = screen.getByRole('combobox', { name: 'Mês' })
    expect(trigger.textContent).toContain('Selecione')
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
  })

  it('uses a custom placeholder and shows the chosen option', () => {
    render(<Controlled placeholder="Escolha o mês" />)
    expect(screen.getByRole('combobox', { name: 'Mês' }).textContent).toContain('Escolha o mês')
    cleanup()
    render(<Controlled value="2" />)
    expect(screen.getByRole('combobox', { name: 'Mês' }).textContent).toContain('Fevereiro')
  })

  it('opens with the keyboard and lets the user choose an option', async () => {
    const spy = vi.fn()
    render(<Controlled spy={spy} />)
    const trigger = screen.getByRole('combobox', { name: 'Mês' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const listbox = await screen.findByRole('listbox')
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Janeiro', 'Fevereiro', 'Março'])
    expect(listbox).toBeDefined()
    await userEvent.click(screen.getByRole('option', { name: 'Março' }))
    expect(spy).toHaveBeenCalledWith('3')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Mês' }).textContent).toContain('Março')
  })

  it('can be operated with the keyboard only', async () => {
    const spy = vi.fn()
    render(<Controlled spy={spy} />)
    await userEvent.tab()
    await userEvent.keyboard('{ArrowDown}')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('{Enter}')
    expect(spy).toHaveBeenCalledWith('2')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Mês' }).textContent).toContain('Fevereiro')
  })

  it('shows hint and error linked by aria-describedby', async () => {
    render(
      <>
        <Controlled hint="Mês do vencimento" error="Este campo é obrigatório" required />
        <button type="button">depois</button>
      </>,
    )
    const trigger = screen.getByRole('combobox', { name: 'Mês' })
    expect(trigger.getAttribute('aria-invalid')).toBe('true')
    expect(trigger.getAttribute('aria-required')).toBe('true')
    const ids = (trigger.getAttribute('aria-describedby') ?? '').split(' ')
    const texts = ids.map((id) => document.getElementById(id)?.textContent)
    expect(texts).toEqual(['Este campo é obrigatório', 'Mês do vencimento'])
    const hint = screen.getByText('Mês do vencimento')
    expect(hint.getAttribute('data-visible')).toBe('false')
    await userEvent.tab()
    expect(document.activeElement).toBe(trigger)
    expect(hint.getAttribute('data-visible')).toBe('true')
    await userEvent.tab()
    expect(document.activeElement?.textContent).toBe('depois')
    expect(hint.getAttribute('data-visible')).toBe('false')
  })

  it('keeps a persistent hint visible and forwards className', () => {
    const { container } = render(<Controlled hint="Opcional" persistentHint className="extra" />)
    expect(screen.getByText('Opcional').getAttribute('data-visible')).toBe('true')
    expect((container.firstElementChild as HTMLElement).className).toContain('extra')
  })
})
