import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** The first retry while the browser believes it is online; each next one waits twice as long, up to the longest. */
export const FIRST_RETRY_MS = 5_000
export const LONGEST_RETRY_MS = 5 * 60_000

/**
 * Loads the code of a part of the page that no screen needs (the PWA dock: the update banner,
 * the install action, the notifications; the service worker's registration) for React.lazy.
 * If it cannot load (the signal went during a first visit, before the service worker holds
 * the files), it tries again once the browser is back online, the part left out meanwhile: a
 * failed React.lazy with nothing to catch its error takes the whole page down to a blank
 * screen. A browser that never noticed being offline (lie-fi on a bus, or the signal
 * back before the failure was seen) sends no `online` event: then it tries again after a
 * while, longer each time.
 */
export function loadWhenOnline<T>(load: () => Promise<T>, retryAfterMs = FIRST_RETRY_MS): Promise<T> {
  return load().catch(async () => {
    // Whichever comes first; the other one later resolves a settled promise, which does nothing.
    await new Promise((retry) => {
      window.addEventListener('online', retry, { once: true })
      if (navigator.onLine) setTimeout(retry, retryAfterMs)
    })
    await reloadFailedStylesheets()
    return loadWhenOnline(load, Math.min(retryAfterMs * 2, LONGEST_RETRY_MS))
  })
}

/**
 * React.lazy of the component `name` exports, its code loaded through `loadWhenOnline`: for a
 * part of the page no screen needs (the signed-in frame's later parts, the PWA dock), which
 * waits for the connection instead of taking the screen down with a failed load.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
export function lazyWhenOnline<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await loadWhenOnline(load))[name] }))
}

/**
 * A chunk's stylesheet that failed to load stays in the head, unreadable, and Vite's
 * preload helper never asks for a stylesheet twice: without this the part would come back unstyled.
 * (The shell's `disabled` links stand for stylesheets inlined in it: they stay as they are.)
 */
async function reloadFailedStylesheets() {
  const failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].filter(failedToLoad)
  await Promise.all(
    failed.map(
      (old) =>
        new Promise((settled) => {
          const link = old.cloneNode() as HTMLLinkElement
          link.addEventListener('load', settled)
          link.addEventListener('error', settled)
          old.replaceWith(link)
        }),
    ),
  )
}

function failedToLoad(link: HTMLLinkElement): boolean {
  try {
    return !link.sheet?.cssRules.length
  } catch {
    return true // Chromium keeps a failed load's sheet, with rules no one may read
  }
}
