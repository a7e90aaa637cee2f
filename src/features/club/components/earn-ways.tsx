import { useTranslation } from 'react-i18next'

/** Every way to earn points (D23): a converted referral, an instalment paid on time, a partnership coupon. */
export function EarnWays() {
  const { t } = useTranslation('club')
  return (
    <ul>
      <li>{t('about.earnReferral')}</li>
      <li>{t('about.earnInstalment')}</li>
      <li>{t('about.earnCoupon')}</li>
    </ul>
  )
}
