import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { getBookInfo, storeBookInfo } from '../../../lib/local-store.ts'
import { BookCodeForm } from '../../../features/auth/components/book-code-form.tsx'
import { loadScreenTexts } from '../../../i18n/index.ts'
import { useSession, useSessionActor } from '../../session.tsx'
import { LoginCard } from '../-components/login-card.tsx'

export const Route = createFileRoute('/login/form')({
  // Its texts are not in the login page's bundle (issue 7): the screens' precached chunk.
  loader: () => loadScreenTexts(),
  component: BookCodePage,
})

/** SPEC §2 /login/form: book-code login (D8); /login/qr-code fills the code through `bookInfo`. */
function BookCodePage() {
  const { t } = useTranslation('books')
  const session = useSessionActor()
  const busy = useSession((s) => s.hasTag('busy'))
  const logInError = useSession((s) => s.context.logInError)
  // Only this form's own answer: a failed password login on /login/main is not this page's.
  const [submitted, setSubmitted] = useState(false)
  const [initialUuid] = useState(() => getBookInfo()?.uuid ?? '')
  return (
    <LoginCard title={t('login.title')} subtitle={t('login.subtitle')} offline={t('login.offline')}>
      <BookCodeForm
        initialUuid={initialUuid}
        busy={busy}
        error={submitted ? logInError : null}
        onSubmit={({ username, uuid }) => {
          // D8: the book stays on the device until its flow ends (a reload keeps the code).
          storeBookInfo({ uuid })
          setSubmitted(true)
          session.send({ type: 'session.loginWithBook', username, uuid })
        }}
      />
      <p className="login-card__aside">
        <Link to="/login/main">{t('login.withPassword')}</Link>
      </p>
    </LoginCard>
  )
}
