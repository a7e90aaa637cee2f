import './pull-to-refresh.css'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { screenRefresh } from './pull-to-refresh-screen.ts'

/** How far a finger must pull down from the top of the page to ask for a refresh. */
export const PULL_PX = 80
/** The indicator follows the finger at half its speed, down to this far. */
const MAX_OFFSET_PX = 72
/** A refresh that gives no promise (a state machine's event) shows its spinner this long. */
const UNTRACKED_REFRESH_MS = 800
/** "Atualizado" stays this long. */
const DONE_MS = 1500

export type PullState =
  | { phase: 'idle' }
  | { phase: 'pulling'; startY: number; distance: number }
  | { phase: 'refreshing' }
  | { phase: 'done' }
  | { phase: 'offline' }

export type PullEvent =
  | { type: 'start'; y: number; atTop: boolean; fingers: number }
  | { type: 'move'; y: number }
  | { type: 'end' }
  | { type: 'finished' }
  | { type: 'cancelled' }

/**
 * The gesture as a pure step (unit-tested): a pull starts only at the top of the page with one
 * finger; releasing past PULL_PX asks for the refresh (`end` returns `refreshing`), anything
 * shorter springs back. A second pull while refreshing is ignored.
 */
export function pullStep(state: PullState, event: PullEvent): PullState {
  switch (event.type) {
    case 'start':
      if (state.phase === 'refreshing') return state
      return event.atTop && event.fingers === 1 ? { phase: 'pulling', startY: event.y, distance: 0 } : { phase: 'idle' }
    case 'move':
      return state.phase === 'pulling' ? { ...state, distance: Math.max(0, event.y - state.startY) } : state
    case 'end':
      if (state.phase !== 'pulling') return state
      return state.distance >= PULL_PX ? { phase: 'refreshing' } : { phase: 'idle' }
    case 'finished':
      return state.phase === 'refreshing' ? { phase: 'done' } : state
    case 'cancelled':
      return state.phase === 'refreshing' ? { phase: 'offline' } : state
  }
}

/**
 * Issue 7, issue 40 item 11: on a phone, pulling any screen down from its top refreshes it, as
 * students expect from their apps, with an indicator that follows the finger, turns when
 * letting go would refresh, spins while it does, and says "Atualizado" (also to a screen
 * reader). The browser's own pull-to-refresh, which would reload the whole app, is off
 * (pull-to-refresh.css). Offline it says so instead of trying.
 */
export default function PullToRefresh({ fallback, online }: { fallback: () => Promise<unknown>; online: boolean }) {
  const { t } = useTranslation('ui')
  const [state, setState] = useState<PullState>({ phase: 'idle' })
  const current = useRef(state)
  const props = useRef({ fallback, online })
  useEffect(() => {
    props.current = { fallback, online }
  })

  useEffect(() => {
    const send = (event: PullEvent) => {
      const next = pullStep(current.current, event)
      if (next === current.current) return next
      current.current = next
      setState(next)
      return next
    }
    const start = (event: TouchEvent) =>
      send({ type: 'start', y: event.touches[0]?.clientY ?? 0, atTop: window.scrollY <= 0, fingers: event.touches.length })
    const move = (event: TouchEvent) => {
      if (current.current.phase === 'pulling') send({ type: 'move', y: event.touches[0]?.clientY ?? 0 })
    }
    const end = (event: TouchEvent) => {
      // Where the finger left the glass counts too (a browser may send no move for a quick flick).
      const lifted = event.changedTouches[0]
      if (lifted && current.current.phase === 'pulling') send({ type: 'move', y: lifted.clientY })
      if (send({ type: 'end' }).phase !== 'refreshing') return
      if (!props.current.online) {
        send({ type: 'cancelled' })
        return
      }
      const started = (screenRefresh()?.current ?? props.current.fallback)()
      const settled = started ? Promise.resolve(started) : new Promise((resolve) => setTimeout(resolve, UNTRACKED_REFRESH_MS))
      // A failed refresh is the screen's to show (its SyncStatus says so); the gesture ends either way.
      void settled.catch(() => undefined).then(() => send({ type: 'finished' }))
    }
    window.addEventListener('touchstart', start, { passive: true })
    window.addEventListener('touchmove', move, { passive: true })
    window.addEventListener('touchend', end, { passive: true })
    window.addEventListener('touchcancel', end, { passive: true })
    return () => {
      window.removeEventListener('touchstart', start)
      window.removeEventListener('touchmove', move)
      window.removeEventListener('touchend', end)
      window.removeEventListener('touchcancel', end)
    }
  }, [])

  useEffect(() => {
    if (state.phase !== 'done' && state.phase !== 'offline') return
    const timer = setTimeout(() => {
      current.current = { phase: 'idle' }
      setState(current.current)
    }, DONE_MS)
    return () => clearTimeout(timer)
  }, [state])

  const pulling = state.phase === 'pulling' && state.distance > 0
  const armed = state.phase === 'pulling' && state.distance >= PULL_PX
  const offset = state.phase === 'pulling' ? Math.min(MAX_OFFSET_PX, state.distance / 2) : state.phase === 'idle' ? 0 : MAX_OFFSET_PX / 2
  const shown = pulling || state.phase === 'refreshing' || state.phase === 'done'
  const status =
    state.phase === 'refreshing'
      ? t('pull.refreshing')
      : state.phase === 'done'
        ? t('pull.done')
        : state.phase === 'offline'
          ? t('pull.offline')
          : armed
            ? t('pull.release')
            : ''
  return (
    <>
      <div
        className="ptr"
        data-phase={armed ? 'armed' : state.phase}
        data-testid="pull-to-refresh"
        hidden={!shown}
        style={{ transform: `translate(-50%, ${offset}px)` }}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
          {state.phase === 'done' ? (
            <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path
              d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              style={{ transform: `rotate(${Math.min(1, state.phase === 'pulling' ? state.distance / PULL_PX : 1) * 270}deg)` }}
            />
          )}
        </svg>
      </div>
      <p className="ptr__status" role="status" aria-live="polite" data-visible={state.phase === 'offline' || undefined}>
        {status}
      </p>
    </>
  )
}
