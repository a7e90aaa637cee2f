// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { focusMainHeading } from './route-focus.ts'

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()))
}

describe('focusMainHeading', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('focuses the main heading, made focusable by script only', async () => {
    document.body.innerHTML = '<nav><h1>Not this</h1></nav><main id="main"><h1>Financeiro</h1></main>'
    focusMainHeading()
    await nextFrame()
    const heading = document.querySelector('#main h1')
    expect(document.activeElement).toBe(heading)
    expect(heading?.getAttribute('tabindex')).toBe('-1')
  })

  it('waits for a heading drawn later', async () => {
    document.body.innerHTML = '<main id="main"></main>'
    focusMainHeading()
    await nextFrame()
    expect(document.activeElement).toBe(document.body)
    document.querySelector('#main')!.innerHTML = '<h1>Meus pedidos</h1>'
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(document.activeElement?.textContent).toBe('Meus pedidos')
  })

  it('leaves focus where the user put it inside the new screen', async () => {
    document.body.innerHTML = '<main id="main"><h1>Meu perfil</h1><input aria-label="Senha atual" /></main>'
    const input = document.querySelector('input')!
    input.focus()
    focusMainHeading()
    await nextFrame()
    expect(document.activeElement).toBe(input)
  })

  it('stops waiting when cancelled', async () => {
    document.body.innerHTML = '<main id="main"></main>'
    const cancel = focusMainHeading()
    await nextFrame()
    cancel()
    document.querySelector('#main')!.innerHTML = '<h1>Tarde demais</h1>'
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(document.activeElement).toBe(document.body)
  })
})

it('moves focus off a link of the screen that stays (a link is not a place to stay)', async () => {
  document.body.innerHTML = '<main id="main"><a href="/x">Voltar</a><h1>Notas</h1></main>'
  document.querySelector('a')!.focus()
  focusMainHeading()
  await nextFrame()
  expect(document.activeElement?.textContent).toBe('Notas')
  document.body.innerHTML = ''
})
