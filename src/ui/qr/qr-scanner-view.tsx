import { useRef } from 'react'
import { Alert } from '../alert.tsx'
import { Button } from '../button.tsx'
import { Spinner } from '../spinner.tsx'
import type { CameraProblem } from './camera.ts'
import type { QrReadProblem, QrScanner } from './use-qr-scanner.ts'
import './qr-scanner.css'

interface TitledText {
  title: string
  body: string
}

/** A scanner's words, from the screen's own namespace (the book on /login/qr-code, the campaign's code). */
export interface QrScannerTexts {
  camera: { asking: string; startingLabel: string; scanning: string; viewfinderLabel: string; retry: string }
  photo: { choose: string; hint: string }
  problem: Record<CameraProblem, TitledText>
  read: Record<QrReadProblem, TitledText>
  readerFailed: TitledText
}

/**
 * A QR scanner on screen (./use-qr-scanner.ts): the live viewfinder of the same size while
 * the camera starts and while it reads, why the camera cannot be used, what a photo said,
 * and the photo fallback.
 */
export function QrScannerView({ scanner, texts }: { scanner: QrScanner; texts: QrScannerTexts }) {
  const { phase, cameraOn, videoRef, readProblem, readingPhoto } = scanner
  const fileRef = useRef<HTMLInputElement>(null)
  return (
    <>
      {cameraOn ? (
        <>
          <div
            className="qr-viewfinder"
            role="img"
            aria-label={phase.name === 'scanning' ? texts.camera.viewfinderLabel : texts.camera.startingLabel}
            aria-busy={phase.name === 'starting'}
          >
            <video ref={videoRef} className="qr-viewfinder__video" muted playsInline aria-hidden="true" />
            <div className="qr-viewfinder__guide" aria-hidden="true" />
            {phase.name === 'starting' ? (
              <div className="qr-viewfinder__overlay">
                <Spinner decorative />
              </div>
            ) : null}
          </div>
          <p className="qr-login__status" role="status">
            {phase.name === 'starting' ? texts.camera.asking : texts.camera.scanning}
          </p>
        </>
      ) : null}

      {phase.name === 'photo' ? (
        <Alert tone={phase.problem === 'noCamera' ? 'info' : 'warning'} title={texts.problem[phase.problem].title}>
          {texts.problem[phase.problem].body}
        </Alert>
      ) : null}
      {phase.name === 'readerFailed' ? (
        <Alert tone="error" title={texts.readerFailed.title}>
          {texts.readerFailed.body}
        </Alert>
      ) : null}
      {readProblem ? (
        <Alert tone="error" title={texts.read[readProblem].title}>
          {texts.read[readProblem].body}
        </Alert>
      ) : null}

      <input
        ref={fileRef}
        // Opened by the button below, which names it; hidden, so it is not a second control.
        hidden
        type="file"
        accept="image/*"
        onChange={(event) => {
          const input = event.currentTarget
          const file = input.files?.[0]
          input.value = '' // choosing the same file again is a new attempt
          if (file) void scanner.readPhoto(file)
        }}
      />
      {cameraOn ? <p className="qr-login__hint">{texts.photo.hint}</p> : null}
      <Button
        type="button"
        variant={cameraOn ? 'secondary' : 'primary'}
        block
        loading={readingPhoto}
        onClick={() => fileRef.current?.click()}
      >
        {texts.photo.choose}
      </Button>
      {phase.name === 'readerFailed' || (phase.name === 'photo' && phase.problem !== 'noCamera' && phase.problem !== 'unsupported') ? (
        <Button type="button" variant="secondary" block onClick={scanner.retryCamera}>
          {texts.camera.retry}
        </Button>
      ) : null}
    </>
  )
}
