import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ReferralForm } from '../../features/indicacao/components/referral-form.tsx'
import { loadIndicacaoTexts } from '../../features/indicacao/texts.ts'
import { useBrand } from '../brand-context.tsx'
import { LoginCard } from './-components/login-card.tsx'

/**
 * /indicacao/{code} (issue 13, D25): a student's referral link, opened by a friend.
 * Public like the login pages (no guard: a visitor who is not logged in stays here) and in
 * the brand of its host; its screen and texts are a lazy chunk (the entry carries this stub).
 * Who sent the link is not shown: the page says only that the friend was referred.
 */
export const Route = createFileRoute('/indicacao/$code')({
  loader: () => loadIndicacaoTexts(),
  component: IndicacaoRoute,
})

function IndicacaoRoute() {
  const { t } = useTranslation('indicacao')
  const { code } = Route.useParams()
  const brand = useBrand()
  return (
    <LoginCard title={t('title', { brand: brand.name })} subtitle={t('subtitle')} offline={t('offline')}>
      <ReferralForm key={code} code={code} brandName={brand.name} />
    </LoginCard>
  )
}
