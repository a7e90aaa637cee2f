import i18next from 'i18next'
import { useTranslation } from 'react-i18next'
import texts from '../../i18n/pt-BR/install.json'
import { StrokeIcon } from '../../ui/stroke-icon.tsx'

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
          {t('ios.share')} <StrokeIcon className="pwa-install__share" d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1" size={20} />
        </li>
        <li>{t('ios.add')}</li>
        <li>{t('ios.confirm')}</li>
      </ol>
    </section>
  )
}
