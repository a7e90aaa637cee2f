/**
 * "Nothing the user typed is lost silently": before a reload for an update the app asks
 * when a form on the page holds text that was typed but not saved.
 *
 * A field counts as unsaved when its value differs from its baseline: the value it had
 * when the user first focused it (tracked by trackFieldBaselines), or else its defaultValue. The baseline matters because React keeps the
 * `value` attribute — and so defaultValue — in step with the value of a controlled input,
 * so defaultValue alone would never see what a student typed into a React form.
 */

/** Field element → its value before the user started editing it. */
export type FieldBaselines = WeakMap<Element, string>

/** Input types whose value is not something a person typed. */
const NOT_TYPED = new Set(['hidden', 'checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'range', 'color'])

const FIELDS = 'form input, form textarea'

function isTypedField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  const tag = element.tagName
  if (tag === 'TEXTAREA') return true
  return tag === 'INPUT' && !NOT_TYPED.has((element as HTMLInputElement).type)
}

/** Whether any text field inside a form under `root` holds unsaved text. */
export function hasUnsavedInput(root: ParentNode, baselines?: FieldBaselines): boolean {
  for (const element of root.querySelectorAll(FIELDS)) {
    if (!isTypedField(element) || element.disabled || element.readOnly) continue
    const baseline = baselines?.get(element) ?? element.defaultValue
    if (element.value !== baseline) return true
  }
  return false
}

/** The page's baselines, filled by trackFieldBaselines. */
export const pageFieldBaselines: FieldBaselines = new WeakMap()

/**
 * Records a field's value when the user first focuses it. Nothing re-takes it on submit: a
 * submit can fail or be stopped by validation, and asking once too often is better than
 * losing text silently. Returns a function that stops tracking.
 */
export function trackFieldBaselines(doc: Document, baselines: FieldBaselines = pageFieldBaselines): () => void {
  const onFocusIn = (event: Event) => {
    const element = event.target
    if (element instanceof Element && element.matches(FIELDS) && isTypedField(element) && !baselines.has(element)) {
      baselines.set(element, element.value)
    }
  }
  doc.addEventListener('focusin', onFocusIn, true)
  return () => {
    doc.removeEventListener('focusin', onFocusIn, true)
  }
}
