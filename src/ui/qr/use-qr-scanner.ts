import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { startCamera, stopCamera, type CameraProblem } from './camera.ts'
import type { QrReader } from './qr-reader.ts'

/** How often a camera frame is handed to the reader (a frame takes ~40 ms to read). */
const SCAN_INTERVAL_MS = 150

export type QrScanPhase =
  /** Asking for the camera and loading the reader. */
  | { name: 'starting' }
  /** Live video: reading every frame. */
  | { name: 'scanning' }
  /** No usable camera: choosing a photo of the code. */
  | { name: 'photo'; problem: CameraProblem }
  /** The reader itself could not be loaded (offline before it was ever stored). */
  | { name: 'readerFailed' }

/**
 * What a picture or frame said when it gave nothing the screen wants: no code in a photo,
 * codes that are not the screen's (a book's uuid on /login/qr-code, a campaign URL on the
 * travel campaign's scanner), or a file that is no picture.
 */
export type QrReadProblem = 'noCode' | 'notRecognised' | 'unreadable'

/** The reader is a chunk of its own with the WASM: only a screen with a scanner asks for it. */
let readerPromise: Promise<QrReader> | undefined
function loadReader(): Promise<QrReader> {
  readerPromise ??= import('./qr-reader.ts')
    .then(({ createQrReader }) => createQrReader())
    .catch((error: unknown) => {
      readerPromise = undefined // offline now, maybe not in a minute: the retry loads again
      throw error
    })
  return readerPromise
}

export interface QrScanner {
  phase: QrScanPhase
  /** Whether the camera is (being) shown: the viewfinder's video gets `videoRef`. */
  cameraOn: boolean
  videoRef: RefObject<HTMLVideoElement | null>
  readProblem: QrReadProblem | null
  readingPhoto: boolean
  /** Reads a chosen photo instead of the camera. */
  readPhoto: (file: File) => Promise<void>
  retryCamera: () => void
}

/**
 * A QR scanner's camera, frame reading and photo fallback (shared by /login/qr-code and the
 * travel campaign, issue 14): `find` picks what the screen wants from a frame's texts (null:
 * codes, but none of its own); the first find turns the camera off and goes to `onFound`.
 */
export function useQrScanner<T>({ find, onFound }: { find: (texts: string[]) => T | null; onFound: (found: T) => void }): QrScanner {
  const [phase, setPhase] = useState<QrScanPhase>({ name: 'starting' })
  const [attempt, setAttempt] = useState(0)
  const [readProblem, setReadProblem] = useState<QrReadProblem | null>(null)
  const [readingPhoto, setReadingPhoto] = useState(false)
  const videoRef = useRef<HTMLVideoElement>(null)
  const streamRef = useRef<MediaStream | null>(null)
  const doneRef = useRef(false)
  // The latest callbacks, so a new function each render does not restart the camera.
  const findRef = useRef(find)
  const onFoundRef = useRef(onFound)
  useEffect(() => {
    findRef.current = find
    onFoundRef.current = onFound
  })

  const finish = useCallback((found: T) => {
    if (doneRef.current) return
    doneRef.current = true
    stopCamera(streamRef.current)
    streamRef.current = null
    onFoundRef.current(found)
  }, [])

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const reader = loadReader()
    reader.catch(() => undefined) // awaited below; a failure is shown there

    async function scan(activeReader: QrReader) {
      const video = videoRef.current
      if (cancelled || !video) return
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const texts = await activeReader.read(video).catch(() => [])
        if (cancelled) return
        const found = texts.length > 0 ? findRef.current(texts) : null
        if (found !== null) return finish(found)
        // A code that is not the screen's stays on screen until another one is read.
        if (texts.length > 0) setReadProblem('notRecognised')
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

  const readPhoto = useCallback(
    async (file: File) => {
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
        const texts = await reader.read(picture).catch(() => [])
        picture.close()
        const found = texts.length > 0 ? findRef.current(texts) : null
        if (found !== null) finish(found)
        else setReadProblem(texts.length === 0 ? 'noCode' : 'notRecognised')
      } finally {
        setReadingPhoto(false)
      }
    },
    [finish],
  )

  const retryCamera = useCallback(() => {
    setReadProblem(null)
    setPhase({ name: 'starting' })
    setAttempt((n) => n + 1)
  }, [])

  return { phase, cameraOn, videoRef, readProblem, readingPhoto, readPhoto, retryCamera }
}
