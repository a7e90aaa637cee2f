import { useEffect, useRef } from 'react'

/**
 * Which refresh a pull asks for (issue 40 item 11): the screen's own while it is mounted,
 * else the layout's default. Apart from the gesture (pull-to-refresh.tsx, loaded after the
 * first screen) so a screen that names its refresh carries only these lines.
 */
export type Refresh = () => Promise<unknown> | void

let current: { current: Refresh } | null = null

/** The refresh of the screen on show; null: the layout's own (every query on screen again). */
export function screenRefresh(): { current: Refresh } | null {
  return current
}

/**
 * A screen with a refresh of its own (the dashboard's sync group, the profile's reload)
 * hands it to the layout's pull-to-refresh while it is mounted; every other screen gets the
 * layout's default, which asks again for every query the screen shows.
 */
export function usePullToRefresh(onRefresh: Refresh): void {
  const latest = useRef(onRefresh)
  useEffect(() => {
    latest.current = onRefresh
  })
  useEffect(() => {
    const mine = latest
    current = mine
    return () => {
      if (current === mine) current = null
    }
  }, [])
}
