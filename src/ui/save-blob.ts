/**
 * Files fetched with the session's token (an authenticated download answers a Blob, not a
 * link the browser could open by itself): saved under their name, or shown in a tab.
 */

/** How long a blob's URL lives after the browser took it (the download or the tab has the bytes by then). */
const URL_LIFETIME_MS = 60_000

/** Saves a downloaded file under its name (the browser's own download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS)
}

/**
 * A tab for a file still on its way: opened during the click (a tab opened after the
 * download would be a blocked pop-up), filled by `show`, closed by `close` when it failed.
 * A browser that refused the tab gets the file as a download instead.
 */
export function openBlobTab(): { show: (blob: Blob, name: string) => void; close: () => void } {
  const tab = window.open('', '_blank')
  // The file's page has no hold on this one.
  if (tab) tab.opener = null
  return {
    show: (blob, name) => {
      if (!tab || tab.closed) return saveBlob(blob, name)
      const url = URL.createObjectURL(blob)
      tab.location.href = url
      setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS)
    },
    close: () => tab?.close(),
  }
}
