/**
 * `fetch` over XMLHttpRequest, for a call that shows its upload progress (TOOLCHAIN:
 * Chromium reports upload progress over HTTP/1.1 only to XHR's `upload.onprogress`).
 * Answers a `Response` like fetch; a network failure or an abort rejects like fetch.
 */
export function xhrFetch(onUploadProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open(init.method ?? 'GET', String(input))
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value))
      xhr.responseType = 'blob'
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total)
      }
      xhr.onload = () => {
        const headers = new Headers()
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':')
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim())
        }
        const empty = xhr.status === 204 || xhr.status === 304
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }))
      }
      xhr.onerror = () => reject(new TypeError('Failed to fetch'))
      xhr.ontimeout = () => reject(new TypeError('Failed to fetch'))
      const signal = init.signal
      const abort = () => xhr.abort()
      xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
      if (signal?.aborted) return abort()
      signal?.addEventListener('abort', abort, { once: true })
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
    })
}
