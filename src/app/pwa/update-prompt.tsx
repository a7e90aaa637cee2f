import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import '../../ui/dock-card.css'
import { Button } from '../../ui/button.tsx'
import { applyUpdate, dismissUpdate, useUpdateState } from './register.ts'
import { hasUnsavedInput, pageFieldBaselines } from './unsaved-input.ts'

export { hasUnsavedInput } from './unsaved-input.ts'

/**
 * "Nova versão disponível": a polite banner (role=status) when a new deployment's worker is
 * waiting. "Atualizar" activates it and reloads — after asking, when a form on the screen
 * holds unsaved text; "Depois" hides it for this session. Nothing happens without the user.
 */
export function UpdatePrompt() {
  const { t } = useTranslation('pwa')
  const { waiting, dismissed, applying } = useUpdateState()
  const [confirming, setConfirming] = useState(false)
  const visible = waiting !== null && !dismissed

  function update() {
    if (hasUnsavedInput(document, pageFieldBaselines)) setConfirming(true)
    else applyUpdate()
  }

  return (
    <>
      {/* The live region stays mounted (and empty) so the message is announced when it appears. */}
      <div role="status" className="ui-dock-region">
        {visible ? (
          <div className="ui-dock-card">
            <div>
              <p className="ui-dock-card__title">{t('update.title')}</p>
              <p className="ui-dock-card__body">{t('update.body')}</p>
            </div>
            <div className="ui-dock-card__actions">
              <Button variant="text" onClick={dismissUpdate} disabled={applying}>
                {t('update.later')}
              </Button>
              <Button onClick={update} loading={applying}>
                {applying ? t('update.applying') : t('update.apply')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      {visible && confirming ? (
        <UnsavedDialog
          onConfirm={() => {
            setConfirming(false)
            applyUpdate()
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  )
}

/** A modal <dialog>: focus moves in (to the safe choice), Escape cancels, focus returns. */
function UnsavedDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('pwa')
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    return () => {
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className="pwa-dialog"
      aria-labelledby="pwa-unsaved-title"
      aria-describedby="pwa-unsaved-body"
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id="pwa-unsaved-title" className="pwa-dialog__title">
        {t('unsaved.title')}
      </h2>
      <p id="pwa-unsaved-body">{t('unsaved.body')}</p>
      <div className="pwa-dialog__actions">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {t('unsaved.cancel')}
        </Button>
        <Button onClick={onConfirm}>{t('unsaved.confirm')}</Button>
      </div>
    </dialog>
  )
}
