import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import type { Extrato, IndicacaoGestao, IndicacoesPage, ResgateResult } from '../../src/contract/schemas/club.ts'
import { bearer, expectNoAxeViolations, expectPanelErrorRetry, field, holdApi, login, MANAGER, tokenOf, startSignedIn } from './fixtures.ts'

/**
 * The managers' KNN Club screens (issue 13, D24, D25, D31) against the real
 * server, each change then seen on her own device by the demo club member Larissa (clube@,
 * server/db/seed.ts): only these tests move her balance, so club.spec's exact arithmetic on
 * Ana never races them. Every attempt makes its own lead, orders and reward (random
 * names), and each test earns the points it spends, so none depends on another's order.
 *
 * The referral endpoint allows 10 posts per address in 15 minutes: these tests post at
 * most 2 (one lead per flow), and a retry reuses a lead an earlier attempt left unenrolled;
 * tests/e2e/indicacao.spec.ts posts 4.
 */

// The tests read and move Larissa's balance: one after the other, in one worker.
test.describe.configure({ mode: 'default' })

/** The demo club member the managers' e2e run credits and debits (server/db/seed.ts). */
const MEMBER = { username: 'clube@example.com', password: 'demo1234', name: 'Larissa Fontes' }

const API = '/api/v1'
const suffix = () => String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')

async function statementOf(request: APIRequestContext, token: string): Promise<Extrato> {
  const answer = await request.get(`${API}/transactions/extrato/`, { headers: bearer(token) })
  expect(answer.status()).toBe(200)
  return (await answer.json()) as Extrato
}

const balanceOf = async (request: APIRequestContext, token: string) => (await statementOf(request, token)).saldo

/**
 * A lead through Larissa's referral code (made on her first statement), named `prefix` and a
 * random number: one an earlier attempt left "novo" is reused rather than posting again.
 */
async function memberLead(request: APIRequestContext, managerToken: string, prefix: string, friendPage?: Page): Promise<IndicacaoGestao> {
  const list = await request.get(`${API}/club/gestao/indicacoes/?status=novo&limit=100`, { headers: bearer(managerToken) })
  expect(list.status()).toBe(200)
  const left = ((await list.json()) as IndicacoesPage).items.find(
    (lead) => lead.indicado_por.email === MEMBER.username && lead.nome.startsWith(`${prefix} `),
  )
  if (left) return left
  const { codigo_indicacao } = await statementOf(request, await tokenOf(request, MEMBER.username, MEMBER.password))
  const n = suffix()
  const friend = { nome: `${prefix} ${n}`, telefone: `219${n}`, email: `${prefix.toLowerCase().replace(' ', '.')}.${n}@example.com` }
  if (friendPage) {
    // The friend opens Larissa's link, logged out, and fills the public page.
    await friendPage.goto(`/indicacao/${codigo_indicacao}`)
    await expect(friendPage.getByRole('heading', { level: 1, name: 'Você foi indicado(a) para a KNN Idiomas' })).toBeVisible()
    await field(friendPage, 'Nome completo').fill(friend.nome)
    await field(friendPage, 'Telefone com DDD').fill(friend.telefone)
    await field(friendPage, 'E-mail').fill(friend.email)
    await friendPage.getByRole('checkbox', { name: /^Aceito que a KNN Idiomas entre em contato comigo/ }).check()
    await friendPage.getByRole('button', { name: 'Enviar' }).click()
    await expect(friendPage.getByRole('heading', { level: 2, name: 'Indicação enviada!' })).toBeFocused()
  } else {
    const sent = await request.post(`${API}/transactions/credit/indicacao/`, {
      data: { ...friend, codigo: codigo_indicacao, consentimento: true },
    })
    expect(sent.status(), await sent.text()).toBe(200)
    expect(((await sent.json()) as { situacao: string }).situacao).toBe('registrada')
  }
  const listed = await request.get(`${API}/club/gestao/indicacoes/?status=novo&limit=100`, { headers: bearer(managerToken) })
  const lead = ((await listed.json()) as IndicacoesPage).items.find((item) => item.email === friend.email)
  expect(lead).toMatchObject({ ...friend, status: 'novo', indicado_por: { nome: MEMBER.name, email: MEMBER.username } })
  return lead!
}

async function managerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await startSignedIn(page, 'manager')
  return page
}

async function memberPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await login(page, MEMBER.username, MEMBER.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

function panelNav(page: Page) {
  return page.getByRole('navigation', { name: 'Painel da equipe' })
}

test('referral: a friend fills the page of Larissa’s link, the manager marks it enrolled (a stale colleague is refused), her statement shows +500 once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  // The friend fills the public referral page of Larissa's link (the code her statement gives).
  const friendPage = await (await browser.newContext()).newPage()
  const friend = await memberLead(request, await tokenOf(request, MANAGER.username, MANAGER.password), 'Amigo Matriculado', friendPage)
  const n = friend.telefone.slice(3)

  const manager = await managerPage(browser)
  await manager.goto('/manager-panel')
  await panelNav(manager).getByRole('link', { name: 'Indicações' }).click()
  await expect(manager).toHaveURL(/\/manager-panel\/indicacoes$/)
  await expect(manager.getByRole('heading', { level: 1, name: 'Indicações do KNN Club' })).toBeFocused()
  // The "Novo" filter lists it, with its contact and its referrer.
  await manager.getByRole('radio', { name: 'Novo' }).check()
  await expect(manager.getByRole('heading', { level: 2, name: 'Indicações: Novo' })).toBeVisible()
  const card = manager.getByTestId('lead-row').filter({ hasText: friend.nome })
  await expect(card.locator('.mp-status')).toHaveText('Novo')
  await expect(card).toContainText(`(21) 9${n.slice(0, 4)}-${n.slice(4)} · ${friend.email}`)
  await expect(card).toContainText(`Indicado por ${MEMBER.name} (${MEMBER.username})`)

  // A colleague's tab, open on the whole list before the lead is enrolled.
  const colleague = await manager.context().newPage()
  await colleague.goto('/manager-panel/indicacoes')
  const staleCard = colleague.getByTestId('lead-row').filter({ hasText: friend.nome })
  await expect(staleCard.locator('.mp-status')).toHaveText('Novo')

  // "Marcar como matriculado" asks first and says what it does; "Voltar" changes nothing.
  const enrol = card.getByRole('button', { name: `Marcar como matriculado (${friend.nome})` })
  await enrol.click()
  const dialog = manager.getByRole('alertdialog', { name: `Marcar como matriculado: ${friend.nome}?` })
  await expect(dialog).toContainText('De "Novo" para "Matriculado".')
  await expect(dialog).toContainText(`${MEMBER.name}, que indicou, recebe 500 pontos no KNN Club`)
  await expectNoAxeViolations(manager)
  await dialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(dialog).toBeHidden()
  await expect(enrol).toBeFocused()

  await enrol.click()
  await dialog.getByRole('button', { name: 'Marcar como matriculado' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    manager
      .getByRole('status')
      .filter({ hasText: `Indicação de ${friend.nome} agora está "Matriculado". 500 pontos creditados para ${MEMBER.name}.` }),
  ).toBeVisible()
  // Read again: it left "Novo"; under "Matriculado" it is final, with the credit and no action.
  await expect(card).toHaveCount(0)
  await manager.getByRole('radio', { name: 'Matriculado' }).check()
  await expect(card.locator('.mp-status')).toHaveText('Matriculado')
  await expect(card).toContainText(`500 pontos creditados para ${MEMBER.name}.`)
  await expect(card.getByRole('button')).toHaveCount(0)

  // The colleague's list is out of date: discarding the enrolled lead is refused in the dialog.
  await staleCard.getByRole('button', { name: `Descartar (${friend.nome})` }).click()
  const staleDialog = colleague.getByRole('alertdialog', { name: `Descartar: ${friend.nome}?` })
  await staleDialog.getByRole('button', { name: 'Descartar' }).click()
  await expect(staleDialog.getByRole('alert')).toContainText('Esta indicação já foi marcada como matriculada e não muda mais.')
  await staleDialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(staleCard.locator('.mp-status')).toHaveText('Matriculado')
  await manager.context().close()

  // Larissa, on her own device: the credit in her statement, once.
  const member = await memberPage(browser)
  await member.goto('/knn-club/meu-extrato')
  await expect(member.getByRole('heading', { level: 1, name: 'KNN Club · Meu extrato' })).toBeVisible()
  const credit = member.getByTestId('club-movement').filter({ hasText: `Indicação matriculada: ${friend.nome}` })
  await expect(credit).toHaveCount(1)
  await expect(credit).toContainText('+500 pontos')
  await member.context().close()
})

test('reward orders: the manager delivers one and cancels another (a stale colleague is refused); Larissa sees both statuses and gets the points back', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  // Larissa earns the 500 points the two rewards cost (200 + 300) on her own: a lead of hers the
  // manager marks enrolled through the API, unless an earlier attempt left her that much.
  const memberToken = await tokenOf(request, MEMBER.username, MEMBER.password)
  const seeded = await balanceOf(request, memberToken)
  if (seeded < 500) {
    const managerToken = await tokenOf(request, MANAGER.username, MANAGER.password)
    const lead = await memberLead(request, managerToken, 'Amigo Resgate')
    const enrolled = await request.put(`${API}/club/gestao/indicacoes/${lead.id}/`, {
      headers: bearer(managerToken),
      data: { status: 'matriculado' },
    })
    expect(enrolled.status(), await enrolled.text()).toBe(200)
    expect(await balanceOf(request, memberToken)).toBe(seeded + 500)
  }
  const rewards = (await (await request.get(`${API}/rewards/`, { headers: bearer(memberToken) })).json()) as { id: number; nome: string }[]
  const redeem = async (nome: string) => {
    const reward = rewards.find((item) => item.nome === nome)!
    const answer = await request.post(`${API}/transactions/debit/`, { headers: bearer(memberToken), data: { recompensa_id: reward.id } })
    expect(answer.status(), `${nome}: ${await answer.text()}`).toBe(201)
    return ((await answer.json()) as ResgateResult).pedido.id
  }
  const delivered = await redeem('Marcador de páginas KNN')
  const cancelled = await redeem('Caneca KNN')

  const manager = await managerPage(browser)
  await manager.goto('/manager-panel')
  await panelNav(manager).getByRole('link', { name: 'Resgates do KNN Club' }).click()
  await expect(manager).toHaveURL(/\/manager-panel\/resgates$/)
  await expect(manager.getByRole('heading', { level: 1, name: 'Resgates do KNN Club' })).toBeFocused()
  const row = (id: number, page = manager) => page.getByTestId('reward-order-row').filter({ hasText: `resgate nº ${id}` })
  await expect(row(delivered)).toContainText(`${MEMBER.name} · ${MEMBER.username}`)
  await expect(row(delivered)).toContainText('200 pontos')
  await expect(row(delivered).locator('.mp-status')).toHaveText('Solicitado')
  // The filter by status, with counts.
  await manager.getByRole('radio', { name: /^Solicitado \(\d+\)$/ }).check()
  await expect(manager.getByRole('heading', { level: 2, name: 'Resgates: Solicitado' })).toBeVisible()
  await expect(row(cancelled)).toBeVisible()
  await manager.getByRole('radio', { name: /^Todos \(\d+\)$/ }).check()

  // A colleague's tab on the same list, before the moves.
  const colleague = await manager.context().newPage()
  await colleague.goto('/manager-panel/resgates')
  await expect(row(delivered, colleague).locator('.mp-status')).toHaveText('Solicitado')

  // solicitado → separado → entregue, each confirmed.
  for (const [from, to] of [
    ['Solicitado', 'Separado'],
    ['Separado', 'Entregue'],
  ] as const) {
    await row(delivered)
      .getByRole('button', { name: `Marcar como ${to.toLowerCase()} (resgate nº ${delivered})` })
      .click()
    const dialog = manager.getByRole('alertdialog', {
      name: `Marcar o resgate nº ${delivered} (Marcador de páginas KNN) como ${to.toLowerCase()}?`,
    })
    await expect(dialog).toContainText(`De "${from}" para "${to}".`)
    await dialog.getByRole('button', { name: `Marcar como ${to.toLowerCase()}` }).click()
    await expect(manager.getByRole('status').filter({ hasText: `Resgate nº ${delivered} agora está "${to}".` })).toBeVisible()
    await expect(row(delivered).locator('.mp-status')).toHaveText(to)
  }
  await expect(row(delivered).getByRole('button')).toHaveCount(0)

  // Cancelling says the points go back; the balance is read right before it.
  const before = await balanceOf(request, memberToken)
  await row(cancelled)
    .getByRole('button', { name: `Cancelar resgate nº ${cancelled}` })
    .click()
  const cancelDialog = manager.getByRole('alertdialog', { name: `Cancelar o resgate nº ${cancelled} (Caneca KNN)?` })
  await expect(cancelDialog).toContainText(`Os 300 pontos voltam para o saldo de ${MEMBER.name} e a unidade volta ao estoque.`)
  await expectNoAxeViolations(manager)
  await cancelDialog.getByRole('button', { name: 'Cancelar resgate' }).click()
  await expect(
    manager.getByRole('status').filter({ hasText: `Resgate nº ${cancelled} cancelado: 300 pontos devolvidos a ${MEMBER.name}.` }),
  ).toBeVisible()
  await expect(row(cancelled).locator('.mp-status')).toHaveText('Cancelado')

  // The colleague's list still says "Solicitado": her move is refused with the reason, and her list is read again.
  await row(delivered, colleague)
    .getByRole('button', { name: `Marcar como separado (resgate nº ${delivered})` })
    .click()
  const staleDialog = colleague.getByRole('alertdialog', { name: /^Marcar o resgate nº \d+ .* como separado\?$/ })
  await staleDialog.getByRole('button', { name: 'Marcar como separado' }).click()
  await expect(staleDialog.getByRole('alert')).toContainText('Este pedido já foi entregue: não há mais o que mudar.')
  await staleDialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(row(delivered, colleague).locator('.mp-status')).toHaveText('Entregue')

  // Offline the screen says it needs a connection and its buttons wait.
  await manager.context().setOffline(true)
  await expect(manager.getByText('Os resgates do KNN Club precisam de conexão com a internet.', { exact: false })).toBeVisible()
  for (const button of await manager.getByTestId('reward-order-row').getByRole('button').all()) await expect(button).toBeDisabled()
  await manager.context().close()

  // Larissa: both statuses in meus-pedidos, and the 300 points back in her balance and statement.
  const member = await memberPage(browser)
  await member.goto('/knn-club/meus-pedidos')
  await expect(member.getByTestId('club-order').filter({ hasText: 'Caneca KNN' }).first()).toContainText('Cancelado')
  await expect(member.getByTestId('club-order').filter({ hasText: 'Marcador de páginas KNN' }).first()).toContainText('Entregue')
  await member.goto('/knn-club/meu-extrato')
  await expect(member.getByTestId('club-saldo')).toHaveText(`${before + 300} pontos`)
  const refund = member.getByTestId('club-movement').filter({ hasText: 'Resgate cancelado: Caneca KNN' }).first()
  await expect(refund).toContainText('+300 pontos')
  await expect(refund).toContainText(`Saldo: ${before + 300} pontos`)
  await member.context().close()
})

test('the catalogue: the server’s refusals under the fields, a name already used, then a new reward Larissa sees in usar-pontos', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const nome = `Garrafa térmica ${suffix()}`
  const manager = await managerPage(browser)
  await manager.goto('/manager-panel')
  await panelNav(manager).getByRole('link', { name: 'Recompensas' }).click()
  await expect(manager).toHaveURL(/\/manager-panel\/recompensas$/)
  await expect(manager.getByRole('heading', { level: 1, name: 'Recompensas do KNN Club' })).toBeFocused()
  const mochila = manager.getByTestId('reward-row').filter({ hasText: 'Mochila KNN' })
  await expect(mochila).toContainText('1500 pontos · Esgotada (estoque 0)')

  await manager.getByRole('link', { name: 'Nova recompensa' }).click()
  await expect(manager).toHaveURL(/\/manager-panel\/recompensas\/nova$/)
  await expect(manager.getByRole('heading', { level: 1, name: 'Nova recompensa' })).toBeFocused()

  // What the server refuses (422) shows under each field it names; everything typed stays.
  await field(manager, 'Imagem \\(opcional\\)').fill('javascript:alert(1)')
  await field(manager, 'Custo em pontos').fill('0')
  await field(manager, 'Estoque \\(unidades\\)').fill('3')
  const created = manager.waitForResponse(
    (answer) => answer.url().endsWith('/club/gestao/recompensas/') && answer.request().method() === 'POST',
  )
  await manager.getByRole('button', { name: 'Criar recompensa' }).click()
  expect((await created).status()).toBe(422)
  await expect(field(manager, 'Nome')).toHaveAccessibleDescription('Este campo é obrigatório')
  await expect(field(manager, 'Imagem \\(opcional\\)')).toHaveAccessibleDescription(
    /^Informe um endereço https:\/\/ ou um caminho começando com \/\./,
  )
  await expect(field(manager, 'Custo em pontos')).toHaveAccessibleDescription('O valor deve ser no mínimo 1')
  await expect(field(manager, 'Imagem \\(opcional\\)')).toHaveValue('javascript:alert(1)')

  // A name already in the catalogue (409) is said under the name.
  await field(manager, 'Nome').fill('Caneca KNN')
  await field(manager, 'Imagem \\(opcional\\)').fill('')
  await field(manager, 'Custo em pontos').fill('150')
  await manager.getByRole('button', { name: 'Criar recompensa' }).click()
  await expect(field(manager, 'Nome')).toHaveAccessibleDescription('Já existe uma recompensa com este nome.')
  await expect(field(manager, 'Custo em pontos')).not.toHaveAccessibleDescription(/mínimo/)

  await field(manager, 'Nome').fill(nome)
  await manager.getByLabel('Descrição').fill('Garrafa de inox de 500 ml.')
  await manager.getByRole('button', { name: 'Criar recompensa' }).click()
  await expect(manager.getByRole('status').filter({ hasText: `Recompensa "${nome}" criada.` })).toBeVisible()
  await expect(field(manager, 'Nome')).toHaveValue('')
  await manager.getByRole('link', { name: 'Ver o catálogo' }).click()
  const row = manager.getByTestId('reward-row').filter({ hasText: nome })
  await expect(row).toContainText('150 pontos · Estoque: 3')
  await expect(row.locator('.mp-status')).toHaveText('Ativa')

  // An edit: the stock goes to 4.
  await row.getByRole('link', { name: `Editar ${nome}` }).click()
  await expect(manager.getByRole('heading', { level: 1, name: 'Editar recompensa' })).toBeFocused()
  await expect(field(manager, 'Nome')).toHaveValue(nome)
  await field(manager, 'Estoque \\(unidades\\)').fill('4')
  await manager.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(manager.getByRole('status').filter({ hasText: `Alterações de "${nome}" salvas.` })).toBeVisible()
  await manager.getByRole('link', { name: 'Ver o catálogo' }).click()
  await expect(row).toContainText('150 pontos · Estoque: 4')
  await manager.context().close()

  // Larissa's catalogue has it, with its cost and stock.
  const member = await memberPage(browser)
  await member.goto('/knn-club/usar-pontos')
  const article = member.getByRole('article', { name: nome })
  await expect(article.getByText('150 pontos')).toBeVisible()
  await expect(article.getByText('4 disponíveis')).toBeVisible()
  await member.context().close()
})

test("the leads screen's honest states: a skeleton while loading, empty, an error with a retry, offline before any answer", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await startSignedIn(page, 'manager')
  const LIST = /\/api\/v1\/club\/gestao\/indicacoes\/(\?.*)?$/

  const { release } = await holdApi(page, LIST)
  await page.goto('/manager-panel/indicacoes')
  await expect(page.getByRole('heading', { level: 1, name: 'Indicações do KNN Club' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Carregando…')
  await expect(page.locator('.mp-order[aria-hidden="true"] .ui-skeleton-text').first()).toBeVisible()
  await expect(page.getByText('Nenhuma indicação recebida ainda.')).toHaveCount(0)
  await release()
  await expect(page.getByTestId('lead-row').first()).toBeVisible()
  await page.unroute(LIST)

  await page.route(LIST, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"items":[],"total":0}' }))
  await page.reload()
  await expect(page.getByText('Nenhuma indicação recebida ainda.')).toBeVisible()
  await page.unroute(LIST)

  await expectPanelErrorRetry(page, LIST, page.getByTestId('lead-row').first())
  await page.unroute(LIST)

  await page.goto('/manager-panel')
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações da escola' })).toBeVisible()
  await context.setOffline(true)
  await panelNav(page).getByRole('link', { name: 'Indicações' }).click()
  await expect(page.getByText('As indicações precisam de conexão com a internet.', { exact: false })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await context.setOffline(false)
  await expect(page.getByTestId('lead-row').first()).toBeVisible()
})
