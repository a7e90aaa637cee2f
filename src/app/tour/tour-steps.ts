import type { TourRoute } from '../../contract/schemas/tour.ts'
import texts from '../../i18n/pt-BR/tour.json'

/**
 * The steps of each guided tour (SPEC §2), in Portuguese (src/i18n/pt-BR/tour.json). A
 * step points at the first visible of its `targets` (the shell differs by width: side
 * drawer, menu button or the tab bar's "Mais"); none points at nothing and the step
 * is drawn in the middle of the screen. An `optional` step whose target is not visible on
 * this screen is left out (the drawer's "minimize" exists only beside a side drawer).
 */
export interface TourStepDefinition {
  targets?: readonly string[]
  optional?: boolean
  title: string
  description: string
}

const tour = <K extends 'dashboard' | 'pedagogico-list' | 'pedagogico-minha-pratica'>(route: K) => texts[route]

const dashboard = tour('dashboard')
const pedagogicoList = tour('pedagogico-list')
const minhaPratica = tour('pedagogico-minha-pratica')

export const TOUR_STEPS: Readonly<Record<TourRoute, readonly TourStepDefinition[]>> = {
  // welcome; home area; navigation menu (opens the drawer); minimize/expand menu; congratulations.
  dashboard: [
    { ...dashboard.welcome },
    { targets: ['[data-tour="dashboard-home"]'], ...dashboard.home },
    { targets: ['#app-drawer', '[data-tour="nav-menu"]', '[data-tour="nav-more"]'], ...dashboard.menu },
    { targets: ['[data-tour="nav-minimize"]'], optional: true, ...dashboard.minimize },
    { ...dashboard.done },
  ],
  // classes; class header info; practice and grades section.
  'pedagogico-list': [
    { targets: ['[data-tour="pedagogico-turmas"]'], ...pedagogicoList.turmas },
    { targets: ['[data-tour="pedagogico-turmas"] .turma-card__header'], ...pedagogicoList.header },
    { targets: ['[data-tour="pedagogico-secoes"]'], ...pedagogicoList.secoes },
  ],
  // practice area; activity choice (audios, vocabulary, tests); content; finish. The screen
  // (src/features/pratica/components/pratica-view.tsx) marks these targets.
  'pedagogico-minha-pratica': [
    { targets: ['[data-tour="pratica-area"]'], ...minhaPratica.area },
    { targets: ['[data-tour="pratica-atividades"]'], ...minhaPratica.atividades },
    { targets: ['[data-tour="pratica-conteudo"]'], ...minhaPratica.conteudo },
    { ...minhaPratica.fim },
  ],
}

/** Drawn: in the document and not hidden by `display: none` (the shell's parts by width). */
export function isVisible(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.getClientRects().length > 0
}

/** The first visible target of a step on this screen, or undefined (drawn in the middle). */
export function targetOf(step: TourStepDefinition, root: ParentNode = document): HTMLElement | undefined {
  for (const selector of step.targets ?? []) {
    const element = root.querySelector(selector)
    if (isVisible(element)) return element
  }
  return undefined
}

/** The steps that apply on this screen now (optional ones only where their target shows). */
export function stepsForScreen(route: TourRoute, root: ParentNode = document): readonly TourStepDefinition[] {
  return TOUR_STEPS[route].filter((step) => !step.optional || targetOf(step, root) !== undefined)
}

export const TOUR_TEXTS = { buttons: texts.buttons, confirmClose: texts.confirmClose }
