import { useTranslation } from 'react-i18next'
import { QrScannerView, type QrScannerTexts } from '../../../ui/qr/qr-scanner-view.tsx'
import { useQrScanner } from '../../../ui/qr/use-qr-scanner.ts'
import { Button } from '../../../ui/button.tsx'
import { firstScannedCode, type ScannedCode } from '../scan-url.ts'

/**
 * "Escanear código" (D27): the login's QR scanner (src/ui/qr) reading a campaign code's URL;
 * the code found goes the way the printed URL opened on a phone goes (`onScanned`).
 */
export function CampaignScanner({ onScanned, onClose }: { onScanned: (code: ScannedCode) => void; onClose: () => void }) {
  const { t } = useTranslation('travelCampaign')
  const scanner = useQrScanner({ find: firstScannedCode, onFound: onScanned })
  const texts: QrScannerTexts = t('scanner', { returnObjects: true })
  return (
    <section className="campaign__scanner qr-login" aria-labelledby="campaign-scan">
      <h2 id="campaign-scan">{t('scan.title')}</h2>
      <p>{t('scan.hint')}</p>
      <QrScannerView scanner={scanner} texts={texts} />
      <Button type="button" variant="text" block onClick={onClose}>
        {t('scan.close')}
      </Button>
    </section>
  )
}
