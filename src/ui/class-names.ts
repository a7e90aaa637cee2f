/**
 * Joins the class names that apply. Its own module, not field.tsx's: cards, buttons and
 * alerts use it on every screen, and field.tsx brings Radix's Label with it.
 */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}
