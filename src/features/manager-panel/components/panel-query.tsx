import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { ErrorCode } from '../../../ui/error-code.tsx'
import { useOnlineStatus } from '../../../ui/online-status.ts'

export const OFFLINE_TEXT = 'O painel de notificações precisa de conexão com a internet. Conecte-se para continuar.'

/**
 * The panel's honest states (D7: online only, nothing kept on the device): offline says
 * so, a first load shows the screen's skeleton, a refusal shows the server's reason with
 * "Tentar novamente", and the answer draws.
 */
export function PanelQuery<T>({
  query,
  skeleton,
  children,
  offlineText = OFFLINE_TEXT,
}: {
  query: UseQueryResult<T>
  skeleton: ReactNode
  children: (data: T) => ReactNode
  /** What offline says on this screen (the push screens' text unless told). */
  offlineText?: string
}) {
  const online = useOnlineStatus()
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (!online) return <Alert tone="warning">{offlineText}</Alert>
  if (query.isError)
    return (
      <Alert tone="error" title="Não foi possível carregar">
        <p>
          {query.error.message}
          <ErrorCode error={query.error} />
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Tentar novamente
        </Button>
      </Alert>
    )
  return <>{skeleton}</>
}
