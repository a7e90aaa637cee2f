import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AudioPratica } from '../../../contract/schemas/pratica.ts'
import { Button } from '../../../ui/button.tsx'
import { cx } from '../../../ui/class-names.ts'
import { twoDigits } from '../../../ui/format.ts'

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${twoDigits(whole % 60)}`
}

/**
 * The audio lessons: a list of tracks and one player. Each track resumes where it stopped
 * (`positions`, kept by the tabs' parent); the file comes from the service worker's cache
 * once it was loaded with a connection.
 */
export function AudioPanel({ audios, positions }: { audios: readonly AudioPratica[]; positions: Map<number, number> }) {
  const { t } = useTranslation('pratica')
  const [currentId, setCurrentId] = useState(audios[0]?.id)
  const [playing, setPlaying] = useState(false)
  const [failed, setFailed] = useState(false)
  const [at, setAt] = useState(0)
  const audioRef = useRef<HTMLAudioElement>(null)
  // Play once the chosen track has loaded (the choice was the user's gesture).
  const playWhenReady = useRef(false)
  // The element's position counts only once the track's saved place was restored.
  const restored = useRef(false)
  const current = audios.find((audio) => audio.id === currentId)

  // Leaving a track (another track, another tab): remember where it stopped.
  useEffect(() => {
    const element = audioRef.current
    return () => {
      if (element && currentId !== undefined && restored.current) positions.set(currentId, element.currentTime)
    }
  }, [currentId, positions])

  if (!current) return <p className="ui-empty">{t('audio.none')}</p>

  function choose(id: number) {
    playWhenReady.current = true
    if (id === currentId) {
      void audioRef.current?.play().catch(() => setFailed(true))
      return
    }
    restored.current = false
    setFailed(false)
    setPlaying(false)
    setAt(positions.get(id) ?? 0)
    setCurrentId(id)
  }

  function toggle() {
    const element = audioRef.current
    if (!element) return
    if (element.paused) void element.play().catch(() => setFailed(true))
    else element.pause()
  }

  return (
    <div className="pratica-audio">
      <div className="pratica-player" role="group" aria-label={t('audio.player')}>
        <p className="pratica-player__title">{t('audio.current', { titulo: current.titulo })}</p>
        <audio
          key={current.id}
          ref={audioRef}
          src={current.url}
          preload="metadata"
          controls
          data-track={current.id}
          aria-label={current.titulo}
          className="pratica-player__audio"
          onLoadedMetadata={(event) => {
            const element = event.currentTarget
            const saved = positions.get(current.id)
            if (saved) element.currentTime = saved
            restored.current = true
            if (playWhenReady.current) {
              playWhenReady.current = false
              void element.play().catch(() => setFailed(true))
            }
          }}
          onTimeUpdate={(event) => {
            if (!restored.current) return
            positions.set(current.id, event.currentTarget.currentTime)
            setAt(event.currentTarget.currentTime)
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => positions.set(current.id, 0)}
          onError={() => setFailed(true)}
        />
        <div className="pratica-player__controls">
          <Button variant="secondary" onClick={toggle}>
            {playing ? t('audio.pause') : t('audio.play')}
          </Button>
          <span className="pratica-player__time">{t('audio.position', { at: clock(at), total: clock(current.duracao) })}</span>
        </div>
        {failed ? <p className="pratica-player__error">{t('audio.failed')}</p> : null}
      </div>
      <h2 className="pratica-section-title">{t('audio.tracks')}</h2>
      <ul className="pratica-list">
        {audios.map((audio) => (
          <li key={audio.id} className={cx('pratica-list__row', audio.id === currentId && 'is-current')}>
            <button
              type="button"
              className="pratica-track"
              aria-current={audio.id === currentId ? 'true' : undefined}
              onClick={() => choose(audio.id)}
            >
              <span className="pratica-track__title">{audio.titulo}</span>
              <span className="pratica-track__meta">
                {audio.id === currentId && playing ? `${t('audio.playing')} · ` : ''}
                {clock(audio.duracao)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
