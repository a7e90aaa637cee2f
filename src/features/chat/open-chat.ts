/**
 * Opens the chat (D19): loaded only when the student taps "Ajuda pelo chat", never on
 * first paint. Fetches the student's chat identity, loads the Chatwoot widget script from the
 * configured host, identifies the student with the signed identifier and opens the window.
 */
import { api } from '../../lib/api.ts'
import { chatEndpoints } from '../../contract/endpoints/chat.ts'

/** The part of Chatwoot's widget API the portal uses (window.$chatwoot). */
interface ChatwootWidget {
  setUser(identifier: string, attributes: { identifier_hash: string; name?: string; email?: string }): void
  toggle(state?: 'open' | 'close'): void
}

declare global {
  interface Window {
    chatwootSDK?: { run(options: { baseUrl: string; websiteToken?: string }): void }
    $chatwoot?: ChatwootWidget
  }
}

/** Where Chatwoot serves its widget's loader, below its base URL. */
export const CHATWOOT_SDK_PATH = '/packs/js/sdk.js'

/** How long the widget may take to load and say it is ready. */
const READY_TIMEOUT_MS = 20_000

let opening: Promise<ChatwootWidget> | null = null

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      reject(new Error('chat widget script failed to load'))
    }
    document.head.append(script)
  })
}

function widgetReady(): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('chat widget not ready')), READY_TIMEOUT_MS)
    window.addEventListener(
      'chatwoot:ready',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}

/** Where the widget lives: the configured host and its inbox's website token. */
export interface ChatInbox {
  baseUrl: string
  websiteToken: string
}

async function startWidget(
  { baseUrl, websiteToken }: ChatInbox,
  user: { name: string | null; email: string | null },
): Promise<ChatwootWidget> {
  // The identity first: without it (offline, chat switched off) no widget code is loaded.
  const identity = await api.call(chatEndpoints.chatwootToken)
  await loadScript(`${baseUrl}${CHATWOOT_SDK_PATH}`)
  const ready = widgetReady()
  window.chatwootSDK?.run({ baseUrl, websiteToken })
  await ready
  const widget = window.$chatwoot
  if (!widget) throw new Error('chat widget missing')
  widget.setUser(identity.identifier, {
    identifier_hash: identity.identifier_hash,
    ...(user.name ? { name: user.name } : {}),
    ...(user.email ? { email: user.email } : {}),
  })
  return widget
}

/** Loads and identifies the widget once per page, then opens its window. */
export async function openChat(inbox: ChatInbox, user: { name: string | null; email: string | null }): Promise<void> {
  opening ??= startWidget(inbox, user).catch((error: unknown) => {
    opening = null
    throw error
  })
  const widget = await opening
  widget.toggle('open')
}
