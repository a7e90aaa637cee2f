// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import '../i18n/index.ts'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'
import { Spinner } from './spinner.tsx'

afterEach(cleanup)

describe('Button', () => {
  it('is a type=button primary button by default', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Entrar</Button>)
    const button = screen.getByRole('button', { name: 'Entrar' })
    expect(button.getAttribute('type')).toBe('button')
    expect(button.className).toBe('ui-button ui-button--primary')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('is busy and disabled while loading', async () => {
    const onClick = vi.fn()
    render(
      <Button type="submit" variant="secondary" loading onClick={onClick}>
        Enviar
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('type')).toBe('submit')
    expect(button.querySelector('.ui-spinner')?.getAttribute('aria-hidden')).toBe('true')
    await userEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('renders its child with asChild', async () => {
    render(
      <Button asChild variant="text" block className="extra">
        <a href="/financial">Financeiro</a>
      </Button>,
    )
    const link = screen.getByRole('link', { name: 'Financeiro' })
    expect(link.getAttribute('href')).toBe('/financial')
    expect(link.className).toBe('ui-button ui-button--text ui-button--block extra')
  })

  it('blocks a loading link', async () => {
    const onClick = vi.fn()
    render(
      <Button asChild loading onClick={onClick}>
        <a href="#x">Pagar</a>
      </Button>,
    )
    const link = screen.getByRole('link', { name: 'Pagar' })
    expect(link.getAttribute('aria-busy')).toBe('true')
    expect(link.getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(link)
    expect(onClick).not.toHaveBeenCalled()
  })
})

describe('Alert', () => {
  it('uses role=alert for errors and role=status otherwise', () => {
    render(
      <>
        <Alert tone="error" title="Erro">
          Usuário ou senha incorreta.
        </Alert>
        <Alert tone="success">Senha alterada</Alert>
      </>,
    )
    expect(screen.getByRole('alert').textContent).toBe('ErroUsuário ou senha incorreta.')
    expect(screen.getByRole('alert').className).toBe('ui-alert ui-alert--error')
    expect(screen.getByRole('status').textContent).toBe('Senha alterada')
  })
})

describe('Spinner', () => {
  it('is a labelled status', () => {
    render(<Spinner />)
    expect(screen.getByRole('status').textContent).toBe('Carregando…')
    cleanup()
    render(<Spinner label="Enviando arquivo" size="lg" />)
    expect(screen.getByRole('status').textContent).toBe('Enviando arquivo')
    expect(screen.getByRole('status').className).toContain('ui-spinner--lg')
  })
})
