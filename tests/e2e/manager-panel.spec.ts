import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { bearer, expectNoAxeViolations, holdApi, mainNav, startSignedIn, STUDENT, tokenOf } from './fixtures.ts'
import { failNextPushes, newStandInDevice } from './push-helpers.ts'

/** The history's list, a page at a time (`?limit=…&offset=…`), not a sending's own path. */
const HISTORY = /\/api\/v1\/push-sending\/(\?.*)?$/

/**
 * The managers' notifications panel (issue 11, D7): compose to a class, review, send, and
 * the history with its counts and delivery log, through the real server and the
 * push-service stand-in; a student is kept out with the reason.
 */

async function subscribeStudentDevice(request: APIRequestContext, baseURL: string): Promise<number> {
  const headers = bearer(await tokenOf(request, STUDENT.username, STUDENT.password))
  const me = (await (await request.get('/api/v1/users/me/', { headers })).json()) as { id: number }
  const device = await newStandInDevice(request, baseURL)
  const subscribed = await request.post('/api/v1/push-notifications/subscribe/', {
    headers,
    data: { user_id: me.id, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, is_pwa: false, device_type: 'mobile' },
  })
  expect(subscribed.status()).toBe(201)
  return ((await subscribed.json()) as { id: number }).id
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).click()
}

test('a student who opens the panel lands on the dashboard with the reason', async ({ page }) => {
  await startSignedIn(page, 'ana')
  await page.goto('/manager-panel/create')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText('Área restrita à equipe da escola')).toBeVisible()
})

test('a manager composes to a class, sends, and follows the history', async ({ page, request, baseURL }) => {
  await subscribeStudentDevice(request, baseURL!)
  await startSignedIn(page, 'manager')
  const nav = await mainNav(page)
  await nav.getByRole('link', { name: 'Notificações (gestão)' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações da escola' })).toBeFocused()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Nova notificação' }).click()
  await expect(page).toHaveURL(/\/manager-panel\/create$/)
  // Nothing filled: each field says what it needs, and nothing is saved.
  await page.getByRole('button', { name: 'Salvar rascunho' }).click()
  await expect(page.getByText('Este campo é obrigatório')).toHaveCount(2)

  const title = `Prova de espanhol ${randomBytes(2).toString('hex')}`
  await page.getByLabel('Título').fill(title)
  await page.getByLabel('Texto').fill('Revise o capítulo 3 para sexta.')
  await choose(page, 'Página que a notificação abre', 'Pedagógico')
  await page.getByRole('radio', { name: 'Uma turma' }).check()
  await page.getByRole('button', { name: 'Salvar rascunho' }).click()
  await expect(page.getByText('Escolha a turma')).toBeVisible()
  await choose(page, 'Turma', /^Espanhol — Básico 1/)
  // The preview shows what a phone will.
  const preview = page.getByRole('figure', { name: 'Prévia no celular' })
  await expect(preview).toContainText(title)
  await expect(preview).toContainText('Abre: Pedagógico')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Salvar e revisar envio' }).click()
  await expect(page).toHaveURL(/\/manager-panel\/send\/\d+$/)
  const sendingId = Number(/send\/(\d+)$/.exec(page.url())![1])
  await expect(page.getByText('Turma Espanhol — Básico 1')).toBeVisible()
  await expect.poll(async () => Number(await page.getByTestId('audience-size').textContent())).toBeGreaterThanOrEqual(1)
  await page.getByRole('button', { name: 'Enviar agora' }).click()

  await expect(page).toHaveURL(new RegExp(`/manager-panel/history/${sendingId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico do envio' })).toBeVisible()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  // The log updates while the send runs: the student's device ends as sent.
  await expect(
    page.getByTestId('delivery-row').filter({ hasText: 'Ana Beatriz Souza' }).filter({ hasText: 'Enviada' }).first(),
  ).toBeVisible()
  await expect(page.getByText('Concluído').first()).toBeVisible()
  await expectNoAxeViolations(page)

  // The base page lists it with its counts; the history link leads back here. The panel's
  // "Histórico" is the list, whatever sending was open (the link names no id).
  await page.getByRole('link', { name: 'Histórico', exact: true }).click()
  await expect(page).toHaveURL(/\/manager-panel\/history$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de notificações' })).toBeFocused()
  const row = page.getByTestId('sending-row').filter({ hasText: title })
  await expect(row).toContainText('Concluído')
  await row.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/manager-panel/history/${sendingId}$`))
})

test('an address the panel does not have goes to the start, as any unknown address (SPEC §2)', async ({ page }) => {
  await startSignedIn(page, 'manager')
  await page.goto('/manager-panel/outra/1')
  await expect(page).toHaveURL(/\/dashboard$/)
  // An unreadable id is none: the history's list.
  await page.goto('/manager-panel/history/abc')
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de notificações' })).toBeVisible()
})

test('a draft is edited, then deleted after a confirmation', async ({ page }) => {
  await startSignedIn(page, 'manager')
  await page.goto('/manager-panel/create')
  const title = `Rascunho ${randomBytes(2).toString('hex')}`
  await page.getByLabel('Título').fill(title)
  await page.getByLabel('Texto').fill('Primeira versão.')
  await page.getByRole('button', { name: 'Salvar rascunho' }).click()
  await expect(page).toHaveURL(/\/manager-panel\/create\/\d+$/)
  await page.reload()
  await expect(page.getByLabel('Título')).toHaveValue(title)
  await page.getByLabel('Texto').fill('Segunda versão.')
  await page.getByRole('button', { name: 'Salvar rascunho' }).click()
  await expect(page.getByText('Rascunho salvo.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Texto')).toHaveValue('Segunda versão.')
  // "Nova notificação" from a draft opens an empty form, and the draft is still there.
  const draftUrl = page.url()
  await page.getByRole('link', { name: 'Nova notificação' }).click()
  await expect(page).toHaveURL(/\/manager-panel\/create$/)
  await expect(page.getByLabel('Título')).toHaveValue('')
  await page.goto(draftUrl)
  await expect(page.getByLabel('Texto')).toHaveValue('Segunda versão.')
  await page.getByRole('button', { name: 'Excluir rascunho' }).click()
  await page.getByRole('group', { name: 'Confirmar exclusão' }).getByRole('button', { name: 'Excluir' }).click()
  await expect(page).toHaveURL(/\/manager-panel$/)
  await expect(page.getByTestId('sending-row').filter({ hasText: title })).toHaveCount(0)
})

test('the history goes a page at a time, and every draft can be chosen to send, however far back (issue 39)', async ({ page, request }) => {
  const manager = bearer(await tokenOf(request, 'gestor@example.com', 'demo1234'))
  const batch = randomBytes(3).toString('hex')
  // One page and one more: the oldest of them is on no first page once the newer ones exist.
  for (let index = 0; index <= 20; index++) {
    const created = await request.post('/api/v1/push-sending/', {
      headers: manager,
      data: {
        title: `Lote ${batch} nº ${index}`,
        body: 'Aviso de teste.',
        link: '/dashboard',
        image_url: null,
        audience: { kind: 'todos' },
      },
    })
    expect(created.status()).toBe(201)
  }
  await startSignedIn(page, 'manager')
  await page.goto('/manager-panel/history')
  const pages = page.getByRole('navigation', { name: 'Páginas de notificações' })
  await expect(pages).toContainText('Página 1 de')
  await expect(page.getByTestId('sending-row')).toHaveCount(20)
  await expect(page.getByRole('link', { name: `Lote ${batch} nº 20`, exact: true })).toBeVisible()
  await expect(pages.getByRole('button', { name: 'Anteriores' })).toBeDisabled()
  await pages.getByRole('button', { name: 'Próximos' }).click()
  await expect(pages).toContainText('Página 2 de')
  await expect(page.getByRole('link', { name: `Lote ${batch} nº 20`, exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)
  // The drafts to send are every draft, not the history's first page.
  await page.goto('/manager-panel/send')
  await expect(page.getByRole('link', { name: `Lote ${batch} nº 0`, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: `Lote ${batch} nº 20`, exact: true })).toBeVisible()
  // Deleted again, so the other tests' history reads as before.
  const { items } = (await (await request.get(`/api/v1/push-sending/?status=rascunho&limit=100`, { headers: manager })).json()) as {
    items: { id: number; title: string }[]
  }
  for (const { id } of items.filter((item) => item.title.startsWith(`Lote ${batch} `)))
    expect((await request.delete(`/api/v1/push-sending/${id}/`, { headers: manager })).status()).toBe(200)
})

test("the panel's honest states: a skeleton while loading, empty, offline and an error with a retry", async ({ page, context }) => {
  await startSignedIn(page, 'manager')

  // Loading: the form's own fields stand there while a saved draft arrives.
  const { release } = await holdApi(page, /\/api\/v1\/push-sending\/\d+\/$/)
  await page.goto('/manager-panel/create/1')
  await expect(page.getByRole('heading', { name: 'Editar notificação' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Carregando…')
  await expect(page.getByText('Página que a notificação abre')).toBeVisible()
  await release()

  // Empty: an answer with nothing in it.
  await page.route(HISTORY, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[],"total":0}' })
      : route.continue(),
  )
  await page.goto('/manager-panel')
  await expect(page.getByText('Nenhuma notificação enviada ainda.')).toBeVisible()
  await page.unroute(HISTORY)

  // An error, after the client's own retries: the server's reason and a retry that reads again.
  let failing = true
  await page.route(HISTORY, (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Erro interno do servidor"}' })
      : route.continue(),
  )
  await page.goto('/manager-panel/history')
  await expect(page.getByRole('alert')).toContainText('Não foi possível carregar')
  failing = false
  await page.getByRole('button', { name: 'Tentar novamente' }).click()
  // The server's own answer now: the rows other tests saved, or none yet.
  await expect(page.getByTestId('sending-row').or(page.getByText('Nenhuma notificação enviada ainda.')).first()).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  // Offline (D7: online only): it says so instead of loading for ever; saving waits too.
  await page.goto('/manager-panel/create')
  await expect(page.getByLabel('Título')).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText('O painel de notificações precisa de conexão com a internet.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Salvar rascunho' })).toBeDisabled()
  await context.setOffline(false)
})

test('a push service out of reach reads as such in the history, with the time of the next attempt (issue 40 item 6)', async ({
  page,
  request,
  baseURL,
}) => {
  // A student of its own (no other test sends to Lucas), with a device whose push service drops every connection.
  const headers = bearer(await tokenOf(request, 'lucas.pereira@example.com', 'demo1234'))
  const me = (await (await request.get('/api/v1/users/me/', { headers })).json()) as { id: number }
  const device = await newStandInDevice(request, baseURL!)
  await failNextPushes(request, baseURL!, device, 0, 10)
  const subscribed = await request.post('/api/v1/push-notifications/subscribe/', {
    headers,
    data: { user_id: me.id, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, is_pwa: false, device_type: 'mobile' },
  })
  expect(subscribed.status()).toBe(201)
  const manager = bearer(await tokenOf(request, 'gestor@example.com', 'demo1234'))
  const draft = await request.post('/api/v1/push-sending/', {
    headers: manager,
    data: {
      title: `Sem sinal ${randomBytes(3).toString('hex')}`,
      body: 'Aviso de teste.',
      link: '/dashboard',
      image_url: null,
      audience: { kind: 'alunos', user_ids: [me.id] },
    },
  })
  const { id } = (await draft.json()) as { id: number }
  expect((await request.post('/api/v1/push-sending/send/', { headers: manager, data: { id, scheduled_for: null } })).status()).toBe(202)

  await startSignedIn(page, 'manager', `/manager-panel/history/${id}`)
  const row = page.getByTestId('delivery-row').filter({ hasText: 'Lucas' })
  await expect(async () => {
    await page.reload()
    await expect(row).toContainText(/Serviço de notificações inacessível; nova tentativa (às \d\d:\d\d|em \d\d\/\d\d\/\d{4}, \d\d:\d\d)/, {
      timeout: 2_000,
    })
  }).toPass({ timeout: 30_000 })
  // The network's own words are for support, not for the manager.
  await expect(row).not.toContainText(/socket|ECONN|ENOTFOUND|hang up/)
  await expectNoAxeViolations(page)
})
