import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { chromium, expect, test, type Browser, type Page } from '@playwright/test'
import QRCode from 'qrcode'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'
import { E2E_PORT } from '../../playwright.config.ts'
import { appStarted, expectNoAxeViolations, serviceWorkerInControl, withServiceWorker } from './fixtures.ts'
import { qrVideo } from './qr-camera.ts'

/**
 * Issue 9 journey 1: /login/qr-code reads the QR code printed in a book with the camera (or
 * a photo of it), keeps the book's uuid on the device (`bookInfo`) and goes on to the
 * book-code form. Chromium's fake camera shows a QR image this file generates (TOOLCHAIN.md):
 * each describe launches its own browser with its own video, the other specs are unaffected.
 */

/** A printed code is a link with the book's uuid in it (any text holding the uuid will do). */
const BOOK_UUID = randomUUID()
const BOOK_CODE = `https://portal.example.com/livro/${BOOK_UUID}`
const NOT_A_BOOK = 'https://www.example.com/promocao-de-ferias'

/**
 * A browser of its own whose camera shows `video` (Chromium reads the fake camera's file at
 * launch), so the other tests and specs keep their ordinary browser. Closed after the test.
 */
async function cameraPage(
  video: string,
  { origin = `http://localhost:${E2E_PORT}`, camera = true }: { origin?: string; camera?: boolean } = {},
): Promise<Page> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  })
  openBrowsers.push(browser)
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Without the permission Chromium refuses the camera, as a person tapping "Bloquear" would.
    permissions: camera ? ['camera'] : [],
  })
  return context.newPage()
}

const openBrowsers: Browser[] = []
test.afterEach(async () => {
  await Promise.all(openBrowsers.splice(0).map((browser) => browser.close()))
})

/** Keeps every camera stream the page opens, to check that the camera was turned off. */
async function watchCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices
    const open = devices.getUserMedia.bind(devices)
    const streams: MediaStream[] = []
    Object.assign(window, { cameraStreams: streams })
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints)
      streams.push(stream)
      return stream
    }
  })
}

function cameraState(page: Page) {
  return page.evaluate(() => {
    const streams = (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
    return {
      opened: streams.length,
      live: streams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live').length,
    }
  })
}

function storedBookInfo(page: Page) {
  return page.evaluate(() => localStorage.getItem('bookInfo'))
}

/**
 * The screen goes to /login/form (the book-code form of journey 2); the URL is awaited as
 * it is reached, whatever that route then draws.
 */
function formReached(page: Page) {
  return page.waitForURL((url) => url.pathname === '/login/form', { waitUntil: 'commit' })
}

async function openFromLoginPage(page: Page) {
  await page.goto('/login/main')
  await page.getByRole('link', { name: 'Entrar com QR code' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar com QR code' })).toBeFocused()
}

/** A picture of the book's code, as a phone's gallery would hand it over. */
async function codePhoto(text: string) {
  return { name: 'codigo-do-livro.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(text, { type: 'png', width: 480, margin: 4 }) }
}

test.describe('with a camera showing the book code', () => {
  // A browser launched per test, and a busy shared machine.
  test.describe.configure({ timeout: 90_000 })
  const bookVideo = qrVideo('book', BOOK_CODE)

  test('the camera reads the code, keeps the book on the device, turns off and goes to the form', async () => {
    const page = await cameraPage(bookVideo)
    await watchCameraStreams(page)
    const origin = `http://localhost:${E2E_PORT}`
    const elsewhere: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) elsewhere.push(request.url())
    })
    const wasm = page.waitForResponse((response) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(response.url()))
    // The login page itself never loads the reader.
    await page.goto('/login/main')
    // Pointing at the link preloads the screen's route chunk, still without the reader: the
    // app's link does that, so the pointer comes once the app has taken the screen over (the
    // pre-rendered link answers a tap, not a hover; seen in CI).
    await appStarted(page)
    await page.getByRole('link', { name: 'Entrar com QR code' }).hover()
    const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
    await expect.poll(async () => (await loaded()).some((file) => file.startsWith('/assets/qr-code-'))).toBe(true)
    expect((await loaded()).filter((file) => /zxing|qr-reader/.test(file))).toEqual([])

    const reached = formReached(page)
    await page.getByRole('link', { name: 'Entrar com QR code' }).click()
    await reached
    // Our own WASM, from our own origin; nothing asked of a CDN.
    expect((await wasm).status()).toBe(200)
    expect(elsewhere).toEqual([])
    expect(JSON.parse((await storedBookInfo(page)) ?? 'null')).toEqual({ uuid: BOOK_UUID })
    await expect.poll(() => cameraState(page)).toEqual({ opened: 1, live: 0 })
  })

  withServiceWorker(() => {
    test('offline, after one visit, the screen still reads the code (reader precached by the service worker)', async () => {
      const page = await cameraPage(bookVideo)
      const context = page.context()
      await page.goto('/login/main')
      await serviceWorkerInControl(page)
      const precached = await page.evaluate(async () => {
        const name = (await caches.keys()).find((cache) => cache.startsWith('workbox-precache'))
        const keys = name ? await (await caches.open(name)).keys() : []
        return keys.map((request) => new URL(request.url).pathname)
      })
      expect(precached.filter((file) => file.endsWith('.wasm'))).toHaveLength(1)

      await context.setOffline(true)
      await page.reload()
      const reached = formReached(page)
      await page.getByRole('link', { name: 'Entrar com QR code' }).click()
      await reached
      expect(JSON.parse((await storedBookInfo(page)) ?? 'null')).toEqual({ uuid: BOOK_UUID })
      await context.setOffline(false)
    })
  })

  test('a refused camera offers a photo of the code, and the photo continues the journey', async () => {
    const page = await cameraPage(bookVideo, { camera: false })
    await watchCameraStreams(page)
    await openFromLoginPage(page)
    await expect(page.getByRole('status').filter({ hasText: 'O acesso à câmera foi negado' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Tentar usar a câmera de novo' })).toBeVisible()
    await expectNoAxeViolations(page)

    // Keyboard: the photo button is reachable and opens the file chooser.
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Escolher uma foto do QR code' }).focus()
    await page.keyboard.press('Enter')
    const reached = formReached(page)
    await (await chooser).setFiles(await codePhoto(BOOK_CODE))
    await reached
    expect(JSON.parse((await storedBookInfo(page)) ?? 'null')).toEqual({ uuid: BOOK_UUID })
    expect(await cameraState(page)).toEqual({ opened: 0, live: 0 })
  })
  test('a camera allowed after a refusal: "Tentar usar a câmera de novo" reads the code', async () => {
    const page = await cameraPage(bookVideo, { camera: false })
    await openFromLoginPage(page)
    await expect(page.getByRole('status').filter({ hasText: 'O acesso à câmera foi negado' })).toBeVisible()
    // The person allows the camera in the browser's settings, then tries again.
    await page.context().grantPermissions(['camera'])
    const reached = formReached(page)
    await page.getByRole('button', { name: 'Tentar usar a câmera de novo' }).click()
    await reached
    expect(JSON.parse((await storedBookInfo(page)) ?? 'null')).toEqual({ uuid: BOOK_UUID })
  })
})

test.describe('with a camera showing a code that is not a book', () => {
  test.describe.configure({ timeout: 90_000 })
  const notABookVideo = qrVideo('not-a-book', NOT_A_BOOK)

  for (const brand of [
    { id: 'knn', origin: `http://localhost:${E2E_PORT}` },
    { id: 'phenom', origin: `http://phenom.localhost:${E2E_PORT}` },
  ]) {
    test(`${brand.id}: live video with its framing guide, and a clear message for a code without a book`, async () => {
      const page = await cameraPage(notABookVideo, { origin: brand.origin })
      await watchCameraStreams(page)
      await page.goto('/login/qr-code')
      // A browser of its own, a first visit to the brand's origin and the reader's WebAssembly:
      // on a busy 2-core machine the live view can take longer than the default 10 s.
      await expect(page.getByRole('img', { name: /Imagem da câmera ao vivo/ })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('status').filter({ hasText: 'Procurando o QR code' })).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: 'Este QR code não é de um livro' })).toBeVisible({ timeout: 20_000 })
      expect(await page.evaluate(() => document.querySelector('video')?.videoWidth)).toBe(640)
      expect(await storedBookInfo(page)).toBeNull()
      await expect(page).toHaveURL(/\/login\/qr-code$/)
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await expectNoAxeViolations(page)

      // Leaving by the keyboard turns the camera off.
      await page.getByRole('link', { name: 'Voltar para o login' }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/login\/main$/)
      await expect.poll(() => cameraState(page)).toEqual({ opened: 1, live: 0 })
    })
  }
})

test.describe('without a camera', () => {
  withServiceWorker(() => {
    test('a desktop without a camera is told so and reads a photo; a photo without a code or a book is explained', async ({
      page,
      context,
    }) => {
      await page.goto('/login/qr-code')
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar com QR code' })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Nenhuma câmera encontrada' })).toBeVisible()
      // Nothing to retry on a device without a camera.
      await expect(page.getByRole('button', { name: 'Tentar usar a câmera de novo' })).toHaveCount(0)
      // The file input behind the "Escolher uma foto do QR code" button.
      const photo = page.locator('input[type=file]')

      // A picture with no QR code in it (the brand's icon).
      await photo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: readFileSync('public/icons/knn-192.png') })
      await expect(page.getByRole('alert').filter({ hasText: 'Nenhum QR code nesta foto' })).toBeVisible()
      // A QR code that is not a book's.
      await photo.setInputFiles(await codePhoto(NOT_A_BOOK))
      await expect(page.getByRole('alert').filter({ hasText: 'Este QR code não é de um livro' })).toBeVisible()
      await expect(page.getByRole('alert').filter({ hasText: 'Nenhum QR code nesta foto' })).toHaveCount(0)
      // A file that is no picture at all.
      await photo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') })
      await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível abrir esta imagem' })).toBeVisible()
      expect(await storedBookInfo(page)).toBeNull()

      // Offline the screen says so, and still reads a photo.
      await context.setOffline(true)
      await expect(page.getByText('Você está sem internet. O leitor funciona assim mesmo', { exact: false })).toBeVisible()
      const reached = formReached(page)
      await photo.setInputFiles(await codePhoto(BOOK_UUID.toUpperCase()))
      await reached
      expect(JSON.parse((await storedBookInfo(page)) ?? 'null')).toEqual({ uuid: BOOK_UUID })
      await context.setOffline(false)
    })
  })
})
