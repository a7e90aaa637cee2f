import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CurrentUser } from '../../contract/schemas/user.ts'
import { useOnlineStatus } from '../../ui/online-status.ts'
import './chat-button.css'

/**
 * "Ajuda pelo chat" in the top bar (D19): the app shell draws it only for students and
 * only when the deployment configures the chat (`chatwoot_url` of /config/). The widget's code
 * loads on the first tap (./open-chat.ts), never with the screen.
 */
export function ChatButton({ user, chatUrl, websiteToken }: { user: CurrentUser; chatUrl: string; websiteToken: string }) {
  const { t } = useTranslation('common')
  const online = useOnlineStatus()
  const [state, setState] = useState<'idle' | 'opening' | 'error'>('idle')
  const [error, setError] = useState('')

  async function open() {
    if (!online) {
      setState('error')
      setError(t('chat.offline'))
      return
    }
    setState('opening')
    try {
      const { openChat } = await import('./open-chat.ts')
      await openChat({ baseUrl: chatUrl, websiteToken }, { name: user.full_name, email: user.email })
      setState('idle')
    } catch (failure) {
      setState('error')
      // The server's own words (chat switched off: 404 with its detail); else a generic one.
      setError(failure instanceof Error && failure.name === 'ApiError' ? failure.message : t('chat.failed'))
    }
  }

  return (
    <span className="chat-support">
      <button
        type="button"
        className="icon-button chat-support__button"
        aria-label={t('chat.open')}
        title={t('chat.open')}
        aria-busy={state === 'opening'}
        onClick={() => void open()}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 5h16v11H8l-4 4V5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </button>
      <span role="alert" className="chat-support__error">
        {state === 'error' ? error : ''}
      </span>
    </span>
  )
}
