/**
 * What a student did on the pre-rendered first screen before the app's code ran (issue 37):
 * its fields took typing natively and the shell's head script (SHELL_EARLY_INPUT_SCRIPT)
 * recorded a submit and a tapped link on #root. React's first commit replaces that markup;
 * in the same task, before the browser paints, `handOver` puts every typed value, the caret,
 * a revealed password and the focus into the app's own fields (through their change
 * handlers, so the screen's state holds them), then replays the submit. No keystroke or tap
 * can fall between the two: nothing else runs inside that task.
 */
import { SHELL_EARLY_NAV_CLASS } from '../contract/shell-file.ts'

type Field = HTMLInputElement | HTMLTextAreaElement

/** React listens for `input` events: a value set through the prototype's setter and announced reaches onChange. */
function typeInto(field: Field, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set
  setter?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

export interface EarlyInput {
  /** The path of a link tapped before the app started, if any. */
  navigation(): string | null
  /** At React's first commit; returns where a tapped link asked to go. */
  handOver(): { navigateTo: string | null }
}

/** Called before React renders into `container`: keeps the pre-rendered fields (they hold what was typed). */
export function keepEarlyInput(container: HTMLElement): EarlyInput {
  const fields = [...container.querySelectorAll<Field>('input[name], textarea[name]')]
  let focused: Element | null = container.contains(document.activeElement) ? document.activeElement : null
  const onFocusIn = (event: FocusEvent) => void (focused = event.target as Element)
  // A blur the student made leaves the field in the page; the one React's commit causes
  // removes it. Only the first forgets the focus (looked at after the task).
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target as Element
    setTimeout(() => {
      if (left.isConnected && focused === left && !container.contains(document.activeElement)) focused = null
    })
  }
  container.addEventListener('focusin', onFocusIn)
  container.addEventListener('focusout', onFocusOut)

  return {
    navigation: () => container.getAttribute('data-early-nav'),
    handOver() {
      container.removeEventListener('focusin', onFocusIn)
      container.removeEventListener('focusout', onFocusOut)
      for (const old of fields) {
        const now = container.querySelector<Field>(`[name="${CSS.escape(old.name)}"]`)
        // A password the eye revealed early is still a password field.
        const oldType = old.hasAttribute('data-early-revealed') ? 'password' : old.type
        if (!now || now === old || now.tagName !== old.tagName || now.type !== oldType) continue
        if (old instanceof HTMLInputElement && (old.type === 'checkbox' || old.type === 'radio')) {
          // Ticked or unticked by the student: the app's box is clicked into the same state.
          if (old.checked !== old.defaultChecked && (now as HTMLInputElement).checked !== old.checked) now.click()
        } else if (old.value !== old.defaultValue && old.value !== now.value) {
          // Only what the student typed: a value the screen put there itself (a restored
          // draft, data from the device) is not replaced by the empty pre-rendered field.
          typeInto(now, old.value)
        }
        if (old.hasAttribute('data-early-revealed') && now.type === 'password')
          now.parentElement?.querySelector<HTMLButtonElement>('.ui-field__reveal')?.click()
        if (focused === old) {
          now.focus({ preventScroll: true })
          if (old.selectionStart !== null && old.selectionEnd !== null && 'setSelectionRange' in now)
            try {
              now.setSelectionRange(old.selectionStart, old.selectionEnd)
            } catch {
              // A field without a caret (e-mail, number): the focus is enough.
            }
        }
      }
      if (focused instanceof HTMLAnchorElement && !focused.isConnected)
        container.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(focused.getAttribute('href') ?? '')}"]`)?.focus()

      const submitted = container.getAttribute('data-early-submit')
      container.removeAttribute('data-early-submit')
      if (submitted !== null) {
        const form = container.querySelectorAll('form')[Number(submitted)]
        // After the values above reached the screen's state (their updates flush at the end of this commit).
        if (form) setTimeout(() => form.requestSubmit())
      }
      const navigateTo = container.getAttribute('data-early-nav')
      container.removeAttribute('data-early-nav')
      document.documentElement.classList.remove(SHELL_EARLY_NAV_CLASS)
      return { navigateTo }
    },
  }
}
