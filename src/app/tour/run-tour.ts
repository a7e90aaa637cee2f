import type { Config, Driver, DriveStep, PopoverDOM } from 'driver.js'
import { createActor, fromPromise } from 'xstate'
import { api } from '../../lib/api.ts'
import { userEndpoints } from '../../contract/endpoints/users.ts'
import type { CurrentUser } from '../../contract/schemas/user.ts'
import type { DriverTourBody, TourRoute } from '../../contract/schemas/tour.ts'
import { tourMachine } from '../../machines/tour.ts'
import { closedThisVisit, visitKey } from './tour-paths.ts'
import { stepsForScreen, targetOf, TOUR_TEXTS, type TourStepDefinition } from './tour-steps.ts'

/**
 * Runs one guided tour on the screen (issue 9 journey 8): the tour machine with the app's
 * effects. This module, and driver.js with its stylesheet after it, load only when a tour
 * is due, so no screen's first load carries them.
 */

/** A step whose target is still drawing (the class list after its data) waits this long, then shows in the middle. */
const WAIT_FOR_TARGET_MS = 3_000
/** driver.js marks the highlighted element as a dialog opener and drops these on leaving it; ours are put back. */
const ARIA_DRIVER_TOUCHES = ['aria-haspopup', 'aria-expanded', 'aria-controls'] as const

export interface RunTourOptions {
  route: TourRoute
  userId: number
  /** The session takes the user the server answered once the tour is recorded. */
  onUserUpdated: (user: CurrentUser) => void
}

/** Starts the tour's machine (it waits 1 s itself); the answer stops it (route left). */
export function runTour({ route, userId, onUserUpdated }: RunTourOptions): () => void {
  let tour: Driver | null = null
  let returnFocus: Element | null = null
  let ariaKept: { element: Element; values: (string | null)[] }[] = []

  const keepAria = (elements: Element[]) => {
    ariaKept = elements.map((element) => ({ element, values: ARIA_DRIVER_TOUCHES.map((name) => element.getAttribute(name)) }))
  }
  const restoreAria = (except?: Element) => {
    for (const { element, values } of ariaKept) {
      if (element === except) continue
      ARIA_DRIVER_TOUCHES.forEach((name, i) => {
        const value = values[i]
        if (value === null || value === undefined) element.removeAttribute(name)
        else element.setAttribute(name, value)
      })
    }
  }

  const machine = tourMachine.provide({
    actors: {
      prepare: fromPromise(async ({ input }) => {
        const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css'), import('./tour.css')])
        const steps = stepsForScreen(input.route)
        keepAria(steps.map((step) => targetOf(step)).filter((element) => element !== undefined))
        tour = driver(driverConfig(steps))
        return { stepCount: steps.length }
      }),
      confirmClose: fromPromise(async () => window.confirm(TOUR_TEXTS.confirmClose)),
      recordSeen: fromPromise(({ input }) =>
        api.call(userEndpoints.driverTour, { body: { user_id: input.userId, [input.route]: true } as DriverTourBody }),
      ),
    },
    actions: {
      scrollToTop: () => window.scrollTo({ top: 0 }),
      showStep: (_, { index }) => {
        if (!tour) return
        if (tour.isActive()) return tour.moveTo(index)
        returnFocus = document.activeElement
        tour.drive(index)
      },
      hideTour: () => {
        if (tour?.isActive()) tour.destroy()
        restoreAria()
        // driver.js leaves the focus on the page body: back to where it was (else the heading).
        // A heading the screen re-drew while the tour was open (its data arrived) is a new element.
        const kept = returnFocus?.isConnected && returnFocus !== document.body ? returnFocus : null
        const target = kept ?? document.querySelector('#main h1')
        if (target instanceof HTMLElement) target.focus()
      },
      seen: (_, { user }) => onUserUpdated(user),
      recordFailed: ({ context }) => void closedThisVisit.add(visitKey(context.userId, context.route)),
    },
  })
  const actor = createActor(machine, { input: { route, userId } })

  function driverConfig(steps: readonly TourStepDefinition[]): Config {
    const driveSteps: DriveStep[] = steps.map((step) => ({
      // Not found (yet): driver.js waits for it, then draws the step in the middle of the screen.
      element: step.targets ? ((() => targetOf(step)) as () => Element) : undefined,
      popover: { title: step.title, description: step.description },
    }))
    return {
      steps: driveSteps,
      showProgress: true,
      progressText: TOUR_TEXTS.buttons.progress,
      nextBtnText: TOUR_TEXTS.buttons.next,
      prevBtnText: TOUR_TEXTS.buttons.previous,
      doneBtnText: TOUR_TEXTS.buttons.done,
      animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      smoothScroll: false,
      disableActiveInteraction: true,
      waitForElement: WAIT_FOR_TARGET_MS,
      popoverClass: 'portal-tour',
      // The machine decides; driver.js only draws (buttons, arrow keys, Esc, × and the overlay).
      onNextClick: () => actor.send({ type: 'tour.next' }),
      onPrevClick: () => actor.send({ type: 'tour.previous' }),
      onDestroyStarted: () => actor.send({ type: 'tour.close' }),
      onHighlighted: (element) => restoreAria(element),
      onPopoverRender: (popover: PopoverDOM) => {
        popover.closeButton.setAttribute('aria-label', TOUR_TEXTS.buttons.close)
        popover.closeButton.title = TOUR_TEXTS.buttons.close
        // driver.js focuses the × first; the keyboard starts on the button that goes on.
        setTimeout(() => {
          if (popover.wrapper.isConnected && popover.wrapper.contains(document.activeElement)) popover.nextButton.focus()
        })
      },
    }
  }

  actor.start()
  return () => actor.send({ type: 'tour.cancel' })
}
