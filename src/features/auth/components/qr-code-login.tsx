import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { bookUuidIn } from '../../../lib/local-store.ts'
import { QrScannerView, type QrScannerTexts } from '../../../ui/qr/qr-scanner-view.tsx'
import { useQrScanner } from '../../../ui/qr/use-qr-scanner.ts'

/** The book uuid in the codes read; null when none of them holds one. */
function bookIn(texts: string[]): string | null {
  for (const text of texts) {
    const uuid = bookUuidIn(text)
    if (uuid) return uuid
  }
  return null
}

/**
 * /login/qr-code (issue 9 journey 1): the camera reads the QR code printed in the book; a
 * person without a usable camera chooses a photo of it instead. A code with a book uuid
 * turns the camera off and hands the uuid over (`onBookRead`). The scanner itself is shared
 * (src/ui/qr, also the travel campaign's).
 */
export function QrCodeLogin({ onBookRead }: { onBookRead: (uuid: string) => void }) {
  const { t } = useTranslation('qrLogin')
  const scanner = useQrScanner({ find: bookIn, onFound: onBookRead })
  const texts: QrScannerTexts = {
    camera: t('camera', { returnObjects: true }),
    photo: t('photo', { returnObjects: true }),
    problem: t('problem', { returnObjects: true }),
    read: t('read', { returnObjects: true }),
    readerFailed: t('readerFailed', { returnObjects: true }),
  }
  return (
    <div className="qr-login">
      <QrScannerView scanner={scanner} texts={texts} />
      <p className="login-card__aside">
        <Link to="/login/main">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
