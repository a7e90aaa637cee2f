// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import '../i18n/index.ts'
import { ApiError, NetworkError } from '../lib/client.ts'
import { OfflineContent, type OfflineContentProps } from './offline-content.tsx'

afterEach(cleanup)

const stored = { value: [1, 2], updatedAt: Date.now() }
const idle = { isSyncing: false, syncError: null, isPaused: false }

/** A screen of one item (id 3) of a stored list, as /financial/pagar/{id} and /pedidos/pagar/{id}. */
function itemScreen(data: Pick<OfflineContentProps<number[]>, 'snapshot' | 'isSyncing' | 'syncError' | 'isPaused'>) {
  return render(
    <OfflineContent
      {...data}
      emptyText="Não encontramos esta parcela entre as suas."
      notOnDeviceText="Esta parcela ainda não está neste aparelho."
      isEmpty={(list) => !list.includes(3)}
      skeleton={<p>esqueleto</p>}
    >
      {() => <p>a parcela 3</p>}
    </OfflineContent>,
  )
}

describe('OfflineContent of one item missing from the device’s copy', () => {
  it('while a sync may still bring it: the skeleton, never "not found"', () => {
    itemScreen({ snapshot: stored, ...idle, isSyncing: true })
    expect(screen.getByText('esqueleto')).toBeTruthy()
    expect(screen.queryByText(/Não encontramos/)).toBeNull()
  })

  it('offline or with the server out of reach: not on this device', () => {
    itemScreen({ snapshot: stored, ...idle, isPaused: true })
    expect(screen.getByText('Esta parcela ainda não está neste aparelho.')).toBeTruthy()
    cleanup()
    itemScreen({ snapshot: stored, ...idle, syncError: new NetworkError() })
    expect(screen.getByText('Esta parcela ainda não está neste aparelho.')).toBeTruthy()
    expect(screen.queryByText(/Não encontramos/)).toBeNull()
  })

  it('after an answer without it: not found; with it: the item', () => {
    itemScreen({ snapshot: stored, ...idle })
    expect(screen.getByText('Não encontramos esta parcela entre as suas.')).toBeTruthy()
    cleanup()
    itemScreen({ snapshot: { value: [3], updatedAt: Date.now() }, ...idle, isPaused: true })
    expect(screen.getByText('a parcela 3')).toBeTruthy()
  })
})

describe('a server failure with nothing on the device', () => {
  it('shows the message and the request id to quote, "Código do erro"', () => {
    itemScreen({ snapshot: null, ...idle, syncError: new ApiError(500, 'Erro ao carregar as parcelas.', null, 'edge-5f1c2b7e') })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Erro ao carregar as parcelas. Código do erro: edge-5f1c2b7e')
  })

  it('a refusal or an unreachable server has no code: nothing failed inside the server', () => {
    itemScreen({ snapshot: null, ...idle, syncError: new ApiError(403, 'Acesso negado.', null) })
    expect(screen.getByRole('alert').textContent).toBe('Acesso negado.')
  })
})
