import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import texts from '../../i18n/pt-BR/install.json'

// Only an iPhone or iPad loads this chunk: its texts come with it, not with every first screen.
i18next.addResourceBundle('pt-BR', 'install', texts, true, false)

/** How to add the portal to the home screen where the browser has no install dialog (iOS). */
export default function IosInstallSteps({ id }: { id: string }) {
  const { t } = useTranslation('install')
  return (
    <section id={id} className="pwa-install__steps" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pwa-install__steps-title">
        {t('ios.title')}
      </h2>
      <ol>
        <li>
          {t('ios.share')}{' '}
          <svg className="pwa-install__share" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </li>
        <li>{t('ios.add')}</li>
        <li>{t('ios.confirm')}</li>
      </ol>
    </section>
  )
}
