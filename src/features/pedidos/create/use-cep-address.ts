import { useEffect, useRef, useState } from 'react'

/** After this the status says the lookup is slow and the address can be typed (as the registration form). */
export const CEP_SLOW_AFTER_MS = 3_000

export interface CepAddress {
  street: string
  district: string
  city: string
  state: string
}

/** Where the lookup of the typed CEP is: never blocking a field, each ending said in words. */
export type CepAddressState =
  | { status: 'idle' }
  | { status: 'looking'; slow: boolean }
  | ({ status: 'found' } & CepAddress)
  | { status: 'notFound' }
  | { status: 'unavailable' }

/**
 * Looks up `cepDigits` (8 digits, else nothing) at the postal-code service (src/lib/cep-lookup.ts,
 * loaded with the first lookup: the order screen's first paint does not wait for it) and hands a
 * found address to `onFound`. A new CEP drops the lookup of the previous one.
 */
export function useCepAddress(cepDigits: string, onFound: (address: CepAddress, cep: string) => void): CepAddressState {
  const [state, setState] = useState<CepAddressState>({ status: 'idle' })
  const found = useRef(onFound)
  useEffect(() => {
    found.current = onFound
  })
  useEffect(() => {
    if (!/^\d{8}$/.test(cepDigits)) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ status: 'looking', slow: false })
    const slow = setTimeout(
      () => setState((current) => (current.status === 'looking' ? { status: 'looking', slow: true } : current)),
      CEP_SLOW_AFTER_MS,
    )
    void (async () => {
      const lookup = await import('../../../lib/cep-lookup.ts').catch(() => null)
      const baseUrl = lookup ? await lookup.cepServiceUrl().catch(() => null) : null
      return lookup && baseUrl ? lookup.lookupCep(cepDigits, { baseUrl, signal: controller.signal }) : ({ status: 'unavailable' } as const)
    })().then(
      (result) => {
        if (controller.signal.aborted) return
        clearTimeout(slow)
        setState(result)
        if (result.status === 'found') found.current(result, cepDigits)
      },
      () => undefined, // dropped: the CEP changed
    )
    return () => {
      controller.abort()
      clearTimeout(slow)
    }
  }, [cepDigits])
  return state
}
