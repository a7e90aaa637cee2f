import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { bookUuidIn } from '../../../api/local-store.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Spinner } from '../../../ui/spinner.tsx'
import { startCamera, stopCamera, type CameraProblem } from '../qr/camera.ts'
import type { QrReader } from '../qr/qr-reader.ts'
import './qr-code-login.css'

/** How often a camera frame is handed to the reader (a frame takes ~40 ms to read). */
const SCAN_INTERVAL_MS = 150

type Phase =
  /** Asking for the camera and loading the reader. */
  | { name: 'starting' }
  /** Live video: reading every frame. */
  | { name: 'scanning' }
  /** No usable camera: choosing a photo of the code (P82). */
  | { name: 'photo'; problem: CameraProblem }
  /** The reader itself could not be loaded (offline before it was ever stored). */
  | { name: 'readerFailed' }

/** What a read picture or frame said, when it gave no book. */
type ReadProblem = 'noCode' | 'notABook' | 'unreadable'

/** The book uuid in the codes read, or why there is none. */
function bookIn(texts: string[]): { uuid: string } | { problem: ReadProblem } {
  if (texts.length === 0) return { problem: 'noCode' }
  for (const text of texts) {
    const uuid = bookUuidIn(text)
    if (uuid) return { uuid }
  }
  return { problem: 'notABook' }
}

/** The reader is a chunk of its own with the WASM (P80): only this screen asks for it. */
let readerPromise: Promise<QrReader> | undefined
function loadReader(): Promise<QrReader> {
  readerPromise ??= import('../qr/qr-reader.ts')
    .then(({ createQrReader }) => createQrReader())
    .catch((error: unknown) => {
      readerPromise = undefined // offline now, maybe not in a minute: the retry loads again
      throw error
    })
  return readerPromise
}

/**
 * /login/qr-code (issue 9 journey 1): the camera reads the QR code printed in the book; a
 * person without a usable camera chooses a photo of it instead. A code with a book uuid
 * turns the camera off and hands the uuid over (`onBookRead`).
 */
export function QrCodeLogin({ onBookRead }: { onBookRead: (uuid: string) => void }) {
  const { t } = useTranslation('qrLogin')
  const [phase, setPhase] = useState<Phase>({ name: 'starting' })
  const [attempt, setAttempt] = useState(0)
  const [readProblem, setReadProblem] = useState<ReadProblem | null>(null)
  const [readingPhoto, setReadingPhoto] = useState(false)
  const videoRef = useRef<HTMLVideoElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const streamRef = useRef<MediaStream | null>(null)
  const doneRef = useRef(false)

  const finish = useCallback(
    (uuid: string) => {
      if (doneRef.current) return
      doneRef.current = true
      stopCamera(streamRef.current)
      streamRef.current = null
      onBookRead(uuid)
    },
    [onBookRead],
  )

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const reader = loadReader()
    reader.catch(() => undefined) // awaited below; a failure is shown there

    async function scan(activeReader: QrReader) {
      const video = videoRef.current
      if (cancelled || !video) return
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const found = bookIn(await activeReader.read(video).catch(() => []))
        if (cancelled) return
        if ('uuid' in found) return finish(found.uuid)
        // A code that is not a book's stays on screen until another one is read.
        if (found.problem === 'notABook') setReadProblem('notABook')
      }
      timer = setTimeout(() => void scan(activeReader), SCAN_INTERVAL_MS)
    }

    async function start() {
      const camera = await startCamera()
      if (cancelled) return 'stream' in camera ? stopCamera(camera.stream) : undefined
      if ('problem' in camera) return setPhase({ name: 'photo', problem: camera.problem })
      streamRef.current = camera.stream
      const video = videoRef.current
      if (!video) return
      video.srcObject = camera.stream
      await video.play().catch(() => undefined) // muted inline video: autoplay is allowed
      let activeReader: QrReader
      try {
        activeReader = await reader
      } catch {
        if (!cancelled) setPhase({ name: 'readerFailed' })
        return
      }
      if (cancelled) return
      setPhase({ name: 'scanning' })
      void scan(activeReader)
    }

    void start()
    return () => {
      cancelled = true
      clearTimeout(timer)
      stopCamera(streamRef.current)
      streamRef.current = null
    }
  }, [attempt, finish])

  const cameraOn = phase.name === 'starting' || phase.name === 'scanning'
  // A camera that is no longer shown is no longer on (the reader failed to load meanwhile).
  useEffect(() => {
    if (cameraOn) return
    stopCamera(streamRef.current)
    streamRef.current = null
  }, [cameraOn])

  async function readPhoto(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = '' // choosing the same file again is a new attempt
    if (!file) return
    setReadProblem(null)
    setReadingPhoto(true)
    try {
      let reader: QrReader
      try {
        reader = await loadReader()
      } catch {
        setPhase({ name: 'readerFailed' })
        return
      }
      let picture: ImageBitmap
      try {
        picture = await createImageBitmap(file)
      } catch {
        setReadProblem('unreadable')
        return
      }
      const found = bookIn(await reader.read(picture).catch(() => []))
      picture.close()
      if ('uuid' in found) finish(found.uuid)
      else setReadProblem(found.problem)
    } finally {
      setReadingPhoto(false)
    }
  }

  function retryCamera() {
    setReadProblem(null)
    setPhase({ name: 'starting' })
    setAttempt((n) => n + 1)
  }

  const photoButton = (
    <Button
      type="button"
      variant={cameraOn ? 'secondary' : 'primary'}
      block
      loading={readingPhoto}
      onClick={() => fileRef.current?.click()}
    >
      {t('photo.choose')}
    </Button>
  )

  return (
    <div className="qr-login">
      {cameraOn ? (
        <>
          <div
            className="qr-viewfinder"
            role="img"
            aria-label={phase.name === 'scanning' ? t('camera.viewfinderLabel') : t('camera.startingLabel')}
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
            {phase.name === 'starting' ? t('camera.asking') : t('camera.scanning')}
          </p>
        </>
      ) : null}

      {phase.name === 'photo' ? (
        <Alert tone={phase.problem === 'noCamera' ? 'info' : 'warning'} title={t(`problem.${phase.problem}.title`)}>
          {t(`problem.${phase.problem}.body`)}
        </Alert>
      ) : null}
      {phase.name === 'readerFailed' ? (
        <Alert tone="error" title={t('readerFailed.title')}>
          {t('readerFailed.body')}
        </Alert>
      ) : null}
      {readProblem ? (
        <Alert tone="error" title={t(`read.${readProblem}.title`)}>
          {t(`read.${readProblem}.body`)}
        </Alert>
      ) : null}

      <input
        ref={fileRef}
        // Opened by the button below, which names it; hidden, so it is not a second control.
        hidden
        type="file"
        accept="image/*"
        onChange={(event) => void readPhoto(event)}
      />
      {cameraOn ? <p className="qr-login__hint">{t('photo.hint')}</p> : null}
      {photoButton}
      {phase.name === 'readerFailed' || (phase.name === 'photo' && phase.problem !== 'noCamera' && phase.problem !== 'unsupported') ? (
        <Button type="button" variant="secondary" block onClick={retryCamera}>
          {t('camera.retry')}
        </Button>
      ) : null}
      <p className="login-card__aside">
        <Link to="/login/main">{t('backToLogin')}</Link>
      </p>
    </div>
  )
}
