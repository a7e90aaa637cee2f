import { assign, fromPromise, setup } from 'xstate'
import type { CurrentUser } from '../contract/schemas/user.ts'
import type { TourRoute } from '../contract/schemas/tour.ts'

/**
 * A guided tour of SPEC §2 (issue 9 journey 8): waits 1 s after the route is shown, loads
 * the tour's library, scrolls to the top and after 10 ms shows the first step (SPEC §9);
 * next, previous and close come from the buttons or the keyboard. Closing before the last
 * step asks "Fechar tour?" first. Once closed, the route is recorded as seen on the server
 * (POST /driver-tour/, on every device) and the session takes the user it answers. Leaving
 * the route before that cancels it without recording (it shows again next time).
 *
 * The machine names its effects; the app supplies them (`provide`): loading driver.js and
 * building the steps, drawing a step, asking, recording, and the session update.
 */

/** SPEC §9: the tour starts 1 s after the route is shown… */
export const TOUR_START_DELAY_MS = 1_000
/** …after a scroll to the top and this much for the page to settle. */
export const TOUR_SCROLL_DELAY_MS = 10

export interface TourInput {
  route: TourRoute
  userId: number
}

export interface TourContext extends TourInput {
  /** Steps of this tour on this screen (known once loaded: some apply to a wide screen only). */
  stepCount: number
  index: number
  /** Closed before the last step (after "Fechar tour?" was confirmed). */
  closedEarly: boolean
}

export type TourEvent =
  | { type: 'tour.next' }
  | { type: 'tour.previous' }
  /** Esc, the × or "Concluir" (driver.js's destroy request). */
  | { type: 'tour.close' }
  /** The route was left or the screen went away before the tour was recorded. */
  | { type: 'tour.cancel' }

export const tourMachine = setup({
  types: {
    context: {} as TourContext,
    events: {} as TourEvent,
    input: {} as TourInput,
  },
  actors: {
    /** Loads the library and prepares this route's steps; answers how many there are. */
    prepare: fromPromise<{ stepCount: number }, { route: TourRoute }>(async () => {
      throw new Error('prepare actor not provided')
    }),
    /** "Fechar tour?": true to close. */
    confirmClose: fromPromise<boolean>(async () => {
      throw new Error('confirmClose actor not provided')
    }),
    /** POST /driver-tour/: answers the user with the route recorded. */
    recordSeen: fromPromise<CurrentUser, TourInput>(async () => {
      throw new Error('recordSeen actor not provided')
    }),
  },
  actions: {
    scrollToTop: () => {},
    showStep: (_, _params: { index: number }) => {},
    /** Takes the tour off the screen and gives the focus back where it was. */
    hideTour: () => {},
    /** The session takes the user the server answered (the user is reloaded, SPEC §2). */
    seen: (_, _params: { user: CurrentUser }) => {},
    /** The record did not arrive: not shown again on this visit, the server will ask next time. */
    recordFailed: () => {},
  },
  delays: { startDelay: TOUR_START_DELAY_MS, scrollDelay: TOUR_SCROLL_DELAY_MS },
  guards: {
    isLastStep: ({ context }) => context.index >= context.stepCount - 1,
    hasPreviousStep: ({ context }) => context.index > 0,
  },
}).createMachine({
  id: 'tour',
  context: ({ input }) => ({ ...input, stepCount: 0, index: 0, closedEarly: false }),
  initial: 'waiting',
  on: { 'tour.cancel': '.cancelled' },
  states: {
    waiting: { after: { startDelay: 'preparing' } },
    preparing: {
      invoke: {
        src: 'prepare',
        input: ({ context }) => ({ route: context.route }),
        onDone: [
          {
            guard: ({ event }) => event.output.stepCount > 0,
            target: 'scrolling',
            actions: assign({ stepCount: ({ event }) => event.output.stepCount }),
          },
          { target: 'failed' },
        ],
        // No library (offline before it was ever cached): nothing shown, nothing recorded.
        onError: 'failed',
      },
    },
    scrolling: {
      entry: 'scrollToTop',
      after: { scrollDelay: 'showing' },
    },
    showing: {
      entry: { type: 'showStep', params: ({ context }) => ({ index: context.index }) },
      initial: 'step',
      states: {
        step: {
          on: {
            'tour.next': [
              { guard: 'isLastStep', target: '#tour.recording' },
              {
                actions: [
                  assign({ index: ({ context }) => context.index + 1 }),
                  { type: 'showStep', params: ({ context }) => ({ index: context.index }) },
                ],
              },
            ],
            'tour.previous': {
              guard: 'hasPreviousStep',
              actions: [
                assign({ index: ({ context }) => context.index - 1 }),
                { type: 'showStep', params: ({ context }) => ({ index: context.index }) },
              ],
            },
            'tour.close': [{ guard: 'isLastStep', target: '#tour.recording' }, { target: 'confirmingClose' }],
          },
        },
        /** "Fechar tour?" (SPEC §2): the step stays on screen while the question is open. */
        confirmingClose: {
          invoke: {
            src: 'confirmClose',
            onDone: [
              { guard: ({ event }) => event.output, target: '#tour.recording', actions: assign({ closedEarly: true }) },
              { target: 'step' },
            ],
            onError: 'step',
          },
        },
      },
    },
    recording: {
      entry: 'hideTour',
      invoke: {
        src: 'recordSeen',
        input: ({ context }) => ({ route: context.route, userId: context.userId }),
        onDone: { target: 'done', actions: { type: 'seen', params: ({ event }) => ({ user: event.output }) } },
        onError: { target: 'done', actions: 'recordFailed' },
      },
      // Once closed it is recorded, even if the student moves on meanwhile.
      on: { 'tour.cancel': { actions: [] } },
    },
    done: { type: 'final' },
    cancelled: { type: 'final', entry: 'hideTour' },
    failed: { type: 'final' },
  },
})
