import './confirm-dialog.css'
import { AlertDialog } from 'radix-ui'
import { useState, type ReactNode, type RefObject } from 'react'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  body: ReactNode
  confirmLabel: string
  cancelLabel: string
  /**
   * The action: while it runs both buttons wait; its error is shown in the dialog, which
   * stays open. Resolving `false` keeps it open without an error (a field of `children`
   * says what to fix).
   */
  onConfirm: () => Promise<void | false>
  /** Closed without acting (Esc, "cancel", the overlay), or after `onConfirm` succeeded. */
  onClose: () => void
  /** Where focus goes back to; the page's heading when it is gone (the action removed it). */
  opener: RefObject<HTMLElement | null>
  /** A destructive action: the confirm button in the danger colour. */
  danger?: boolean
  /** Fields the action takes (a reason…), under the description. */
  children?: ReactNode
}

/**
 * "Are you sure?" before an action that cannot be undone (Radix AlertDialog: focus kept
 * inside, Esc cancels, focus returns to the button that opened it).
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  opener,
  danger = true,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) {
          setError(null)
          onClose()
        }
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="confirm-dialog__overlay" />
        <AlertDialog.Content
          className="confirm-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            const back = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('#main h1')
            back?.focus()
          }}
        >
          <AlertDialog.Title className="confirm-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm-dialog__body">{body}</AlertDialog.Description>
          {children}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="confirm-dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="primary"
              className={danger ? 'confirm-dialog__danger' : undefined}
              loading={busy}
              onClick={() => {
                setBusy(true)
                setError(null)
                onConfirm()
                  .then((done) => {
                    if (done !== false) onClose()
                  })
                  .catch((caught: unknown) => setError((caught as Error).message))
                  .finally(() => setBusy(false))
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
