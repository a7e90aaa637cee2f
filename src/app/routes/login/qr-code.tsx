import { createFileRoute, useNavigate } from '@tanstack/react-router'
import i18next from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { storeBookInfo } from '../../../lib/local-store.ts'
import { QrCodeLogin } from '../../../features/auth/components/qr-code-login.tsx'
import { LoginCard } from '../-components/login-card.tsx'

export const Route = createFileRoute('/login/qr-code')({
  // Its texts are a chunk of their own (not in the login page's bundle nor the signed-in
  // screens'); the reader and its WASM load inside the screen itself.
  // (Through i18next itself: importing src/i18n here would split it out of the entry.)
  loader: () =>
    import('../../../i18n/pt-BR/qr-login.json').then(
      ({ default: texts }) => void i18next.addResourceBundle('pt-BR', 'qrLogin', texts, true, false),
    ),
  component: QrCodeRoute,
})

function QrCodeRoute() {
  const { t } = useTranslation('qrLogin')
  const navigate = useNavigate()
  // The book read here goes to the book-code login form (issue 9 journey 2, D8).
  const continueWithBook = useCallback(
    (uuid: string) => {
      storeBookInfo({ uuid })
      void navigate({ to: '/login/form' })
    },
    [navigate],
  )
  return (
    <LoginCard title={t('title')} subtitle={t('subtitle')} offline={t('offline')}>
      <QrCodeLogin onBookRead={continueWithBook} />
    </LoginCard>
  )
}
