import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { VocabuloPratica } from '../../../contract/schemas/pratica.ts'
import { Button } from '../../../ui/button.tsx'

/** The book's vocabulary: word, translation, example and, when recorded, its pronunciation. */
export function VocabPanel({ vocabulario }: { vocabulario: readonly VocabuloPratica[] }) {
  const { t } = useTranslation('pratica')
  const player = useRef<HTMLAudioElement | null>(null)
  if (vocabulario.length === 0) return <p className="ui-empty">{t('vocab.none')}</p>

  function listen(url: string) {
    player.current?.pause()
    player.current = new Audio(url)
    void player.current.play().catch(() => {})
  }

  return (
    <ul className="pratica-list pratica-vocab">
      {vocabulario.map((word) => (
        <li key={word.id} className="pratica-list__row pratica-word">
          <div className="pratica-word__text">
            <p className="pratica-word__palavra">{word.palavra}</p>
            <p className="pratica-word__traducao">
              <span className="u-visually-hidden">{t('vocab.translation')}: </span>
              {word.traducao}
            </p>
            <p className="pratica-word__exemplo">
              <span className="u-visually-hidden">{t('vocab.example')}: </span>
              {word.exemplo}
            </p>
          </div>
          {word.audio_url ? (
            <Button variant="secondary" aria-label={t('vocab.listenTo', { palavra: word.palavra })} onClick={() => listen(word.audio_url!)}>
              {t('vocab.listen')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
