import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { PushReceivedMessage } from '../../contract/schemas/push.ts'
import { useLocalQuery } from '../../db/use-offline-data.ts'
import { readAvisos } from './read-state.ts'

const loadAvisos = () => import('./sync.ts')

/**
 * The drawer's count of unread notices (issue 40 item 13), read live from the device, so it
 * drops the moment one is opened, offline too. It also keeps the notices current: once when
 * it mounts (the frame mounts it after the first screen), whenever the worker says a push
 * arrived (to this tab, visible or not) and when the connection returns. Draws nothing.
 */
export function AvisosWatcher({ onUnread }: { onUnread: (count: number) => void }) {
  const unread = useUnreadAvisos()
  useEffect(() => onUnread(unread), [unread, onUnread])
  return null
}

function useUnreadAvisos(): number {
  const queryClient = useQueryClient()
  const unread = useLocalQuery(async (db) => (await readAvisos(db))?.value.nao_lidos ?? 0, [])

  useEffect(() => {
    const refresh = () => void loadAvisos().then(({ refreshAvisos }) => refreshAvisos(queryClient))
    const onMessage = (event: MessageEvent) => {
      if (typeof event.data === 'object' && event.data !== null && (event.data as PushReceivedMessage).type === 'push-received') refresh()
    }
    void loadAvisos().then(({ avisosQueryOptions }) => queryClient.prefetchQuery(avisosQueryOptions))
    navigator.serviceWorker?.addEventListener('message', onMessage)
    window.addEventListener('online', refresh)
    return () => {
      navigator.serviceWorker?.removeEventListener('message', onMessage)
      window.removeEventListener('online', refresh)
    }
  }, [queryClient])

  return unread ?? 0
}
