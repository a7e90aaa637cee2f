// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { hasUnsavedInput, trackFieldBaselines, type FieldBaselines } from './unsaved-input.ts'

function page(html: string): HTMLElement {
  document.body.innerHTML = html
  return document.body
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('hasUnsavedInput', () => {
  it('is false for a page without forms or with untouched fields', () => {
    expect(hasUnsavedInput(page('<main><p>Olá</p></main>'))).toBe(false)
    expect(hasUnsavedInput(page('<form><input value="Ana"><textarea>texto</textarea></form>'))).toBe(false)
  })

  it('sees text typed into an input or a textarea of a form', () => {
    const root = page('<form><input id="a" value=""><textarea id="b"></textarea></form>')
    ;(root.querySelector('#a') as HTMLInputElement).value = 'digitado'
    expect(hasUnsavedInput(root)).toBe(true)
    ;(root.querySelector('#a') as HTMLInputElement).value = ''
    expect(hasUnsavedInput(root)).toBe(false)
    ;(root.querySelector('#b') as HTMLTextAreaElement).value = 'uma observação'
    expect(hasUnsavedInput(root)).toBe(true)
  })

  it('sees a prefilled field that was changed, and one that was cleared', () => {
    const root = page('<form><input id="name" value="Ana"></form>')
    const input = root.querySelector<HTMLInputElement>('#name')!
    input.value = 'Ana Beatriz'
    expect(hasUnsavedInput(root)).toBe(true)
    input.value = ''
    expect(hasUnsavedInput(root)).toBe(true)
  })

  it('ignores fields outside forms, non-text inputs, disabled and read-only fields', () => {
    const root = page(`
      <input id="search" value="">
      <form>
        <input id="check" type="checkbox">
        <input id="hidden" type="hidden" value="x">
        <input id="disabled" value="" disabled>
        <input id="readonly" value="" readonly>
      </form>`)
    root.querySelector<HTMLInputElement>('#search')!.value = 'busca'
    root.querySelector<HTMLInputElement>('#check')!.checked = true
    root.querySelector<HTMLInputElement>('#hidden')!.value = 'y'
    root.querySelector<HTMLInputElement>('#disabled')!.value = 'z'
    root.querySelector<HTMLInputElement>('#readonly')!.value = 'w'
    expect(hasUnsavedInput(root)).toBe(false)
  })

  it('looks only under the root it is given', () => {
    page('<section id="one"><form><input id="a" value=""></form></section><section id="two"></section>')
    document.querySelector<HTMLInputElement>('#a')!.value = 'texto'
    expect(hasUnsavedInput(document.querySelector('#two')!)).toBe(false)
    expect(hasUnsavedInput(document)).toBe(true)
  })

  it('with baselines, sees text typed into a controlled field whose defaultValue follows its value', () => {
    // React keeps defaultValue equal to value on a controlled input: defaultValue alone
    // cannot tell typed text from the initial value.
    const root = page('<form><input id="a" value=""></form>')
    const input = root.querySelector<HTMLInputElement>('#a')!
    const baselines: FieldBaselines = new WeakMap()
    const stop = trackFieldBaselines(document, baselines)
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    input.value = 'digitado'
    input.defaultValue = 'digitado'
    expect(hasUnsavedInput(root)).toBe(false)
    expect(hasUnsavedInput(root, baselines)).toBe(true)
    input.value = ''
    input.defaultValue = ''
    expect(hasUnsavedInput(root, baselines)).toBe(false)
    stop()
  })

  it('takes the baseline at the first focus only', () => {
    const root = page('<form><input id="a" value="Rua A"></form>')
    const input = root.querySelector<HTMLInputElement>('#a')!
    const baselines: FieldBaselines = new WeakMap()
    const stop = trackFieldBaselines(document, baselines)
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    input.value = 'Rua B'
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(baselines.get(input)).toBe('Rua A')
    expect(hasUnsavedInput(root, baselines)).toBe(true)
    stop()
  })
})
