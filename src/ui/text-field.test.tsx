// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../i18n/index.ts'
import { MASKS } from './mask.ts'
import { PasswordField, TextField, type TextFieldProps } from './text-field.tsx'

afterEach(cleanup)

/** A TextField holding its own value, reporting every change. */
function Controlled(props: Omit<TextFieldProps, 'value' | 'onChange'> & { initial?: string; spy?: (v: string) => void }) {
  const { initial = '', spy, ...rest } = props
  const [value, setValue] = useState(initial)
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(next) => {
        spy?.(next)
        setValue(next)
      }}
    />
  )
}

function descriptionOf(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

describe('TextField', () => {
  it('binds the label to the input', async () => {
    render(<Controlled label="E-mail" name="email" type="email" autoComplete="email" />)
    const input = screen.getByLabelText('E-mail')
    expect(input.tagName).toBe('INPUT')
    expect(input.getAttribute('type')).toBe('email')
    expect(input.getAttribute('name')).toBe('email')
    expect(input.getAttribute('autocomplete')).toBe('email')
    // clicking the label focuses the input
    await userEvent.click(screen.getByText('E-mail'))
    expect(document.activeElement).toBe(input)
  })

  it('reports typed text through onChange', async () => {
    const spy = vi.fn()
    render(<Controlled label="Nome" spy={spy} />)
    await userEvent.type(screen.getByLabelText('Nome'), 'Ana')
    expect(spy).toHaveBeenLastCalledWith('Ana')
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Ana')
  })

  it('shows the hint only while focused, but always describes the input', async () => {
    render(
      <>
        <Controlled label="CPF" hint="Somente números" />
        <button type="button">outro</button>
      </>,
    )
    const input = screen.getByLabelText('CPF')
    const hint = screen.getByText('Somente números')
    expect(descriptionOf(input)).toBe('Somente números')
    expect(hint.getAttribute('data-visible')).toBe('false')
    await userEvent.click(input)
    expect(hint.getAttribute('data-visible')).toBe('true')
    await userEvent.tab()
    expect(hint.getAttribute('data-visible')).toBe('false')
  })

  it('keeps a persistent hint visible', () => {
    render(<Controlled label="CPF" hint="Somente números" persistentHint />)
    expect(screen.getByText('Somente números').getAttribute('data-visible')).toBe('true')
  })

  it('shows the error, marks the input invalid and links hint and error', () => {
    render(<Controlled label="E-mail" hint="Use o e-mail da matrícula" error="Por favor, insira um e-mail válido" />)
    const input = screen.getByLabelText('E-mail')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(input)).toBe('Por favor, insira um e-mail válido | Use o e-mail da matrícula')
    expect(screen.getByText('Por favor, insira um e-mail válido').className).toContain('ui-field__error')
  })

  it('is not invalid without an error', () => {
    render(<Controlled label="Nome" />)
    const input = screen.getByLabelText('Nome')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('masks what the user types and reports the masked text', async () => {
    const spy = vi.fn()
    render(<Controlled label="CPF" mask={MASKS.cpf} spy={spy} />)
    const input = screen.getByLabelText('CPF') as HTMLInputElement
    expect(input.getAttribute('inputmode')).toBe('numeric')
    await userEvent.type(input, '529982247a25')
    expect(input.value).toBe('529.982.247-25')
    expect(spy).toHaveBeenLastCalledWith('529.982.247-25')
  })

  it('shows a raw initial value masked and handles phone and CEP masks', async () => {
    render(
      <>
        <Controlled label="CPF" mask={MASKS.cpf} initial="52998224725" />
        <Controlled label="Celular" mask={MASKS.phone} type="tel" />
        <Controlled label="CEP" mask={MASKS.cep} />
      </>,
    )
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-25')
    await userEvent.type(screen.getByLabelText('Celular'), '11987654321')
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(11) 98765-4321')
    await userEvent.type(screen.getByLabelText('CEP'), '01310100')
    expect((screen.getByLabelText('CEP') as HTMLInputElement).value).toBe('01310-100')
  })

  it('lets backspace delete through the literals of a mask', async () => {
    render(<Controlled label="CEP" mask={MASKS.cep} initial="01310-1" />)
    const input = screen.getByLabelText('CEP') as HTMLInputElement
    await userEvent.type(input, '{Backspace}')
    expect(input.value).toBe('01310')
    await userEvent.type(input, '{Backspace}')
    expect(input.value).toBe('0131')
  })

  it('keeps the caret after the digit typed in the middle of a masked value', async () => {
    render(<Controlled label="CPF" mask={MASKS.cpf} initial="123.4" />)
    const input = screen.getByLabelText('CPF') as HTMLInputElement
    await userEvent.type(input, '9', { initialSelectionStart: 1, initialSelectionEnd: 1 })
    expect(input.value).toBe('192.34')
    expect(input.selectionStart).toBe(2)
    await userEvent.keyboard('0')
    expect(input.value).toBe('190.234')
    expect(input.selectionStart).toBe(3)
  })

  it('forwards input props, className and ref', () => {
    const ref = { current: null as HTMLInputElement | null }
    const { container } = render(
      <TextField label="Código" value="" onChange={() => {}} className="extra" required disabled inputMode="numeric" ref={ref} />,
    )
    const input = screen.getByLabelText(/Código/) as HTMLInputElement
    expect(ref.current).toBe(input)
    expect(input.required).toBe(true)
    expect(input.disabled).toBe(true)
    const root = container.firstElementChild as HTMLElement
    expect(root.className).toContain('extra')
    expect(root.className).toContain('ui-field--outlined')
    expect(root.className).toContain('ui-field--comfortable')
    expect(root.className).toContain('ui-field--disabled')
  })

  it('accepts the compact density and filled variant', () => {
    const { container } = render(<TextField label="Busca" value="" onChange={() => {}} density="compact" variant="filled" />)
    const root = container.firstElementChild as HTMLElement
    expect(root.className).toContain('ui-field--compact')
    expect(root.className).toContain('ui-field--filled')
  })
})

describe('password reveal', () => {
  it('toggles between hidden and visible with a labelled button', async () => {
    render(<PasswordField label="Senha" value="segredo" onChange={() => {}} />)
    const input = screen.getByLabelText('Senha') as HTMLInputElement
    expect(input.type).toBe('password')
    expect(input.getAttribute('autocomplete')).toBe('current-password')
    const show = screen.getByRole('button', { name: 'Mostrar senha' })
    expect(show.getAttribute('type')).toBe('button')
    await userEvent.click(show)
    expect(input.type).toBe('text')
    const hide = screen.getByRole('button', { name: 'Ocultar senha' })
    await userEvent.click(hide)
    expect(input.type).toBe('password')
  })

  it('works as a revealable prop on TextField', () => {
    render(<TextField label="Nova senha" type="password" revealable value="" onChange={() => {}} />)
    expect(screen.getByRole('button', { name: 'Mostrar senha' })).toBeDefined()
  })
})
