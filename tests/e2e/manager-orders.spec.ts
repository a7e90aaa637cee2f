import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, expectPanelErrorRetry, holdApi, login, MANAGER, serviceWorkerInControl, startSignedIn } from './fixtures.ts'

// The service worker is part of what these tests check (offline reloads, its cache, push, sync).
test.use({ serviceWorkers: 'allow' })

/**
 * The managers' order fulfilment (issue 12, D11, D31) against the real server: the
 * manager advances Tiago Moreira's paid order PV-000501 (entrega@example.com, seeded at
 * "A atender"); Tiago then sees the new status on /pedidos, and again offline after a reload,
 * from the device. Two browser contexts: two people on two devices.
 */
const NUMERO = 'PV-000501'
const STUDENT = { username: 'entrega@example.com', password: 'demo1234', name: 'Tiago Moreira' }
/** SPEC §4's fulfilment statuses, in order. */
const STEPS = ['A atender', 'Liberado para separação', 'Em separação', 'Aguardando transportadora', 'Retirado pela transportadora']

test('a manager advances an order two steps (a colleague with an old list is refused); the student sees the new status on /pedidos, offline too after a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const managerContext = await browser.newContext()
  const manager = await managerContext.newPage()
  await login(manager, MANAGER.username, MANAGER.password)
  await expect(manager).toHaveURL(/\/dashboard$/)

  // From the panel's navigation to the orders to fulfil.
  await manager.goto('/manager-panel')
  await manager.getByRole('navigation', { name: 'Painel da equipe' }).getByRole('link', { name: 'Pedidos a atender' }).click()
  await expect(manager).toHaveURL(/\/manager-panel\/pedidos$/)
  await expect(manager.getByRole('heading', { level: 1, name: 'Pedidos a atender' })).toBeVisible()
  const row = manager.getByTestId('order-row').filter({ hasText: NUMERO })
  await expect(row).toContainText(STUDENT.name)
  await expect(row).toContainText(STUDENT.username)

  // Where the order is now (a retry of this test finds it where the first attempt left it).
  const advanceButton = row.getByRole('button', { name: /^Avançar para / })
  let step = STEPS.indexOf((await row.locator('.mp-status').textContent()) ?? '')
  expect(step).toBeGreaterThanOrEqual(0)
  expect(step).toBeLessThan(STEPS.length - 2)

  // "Voltar" changes nothing and gives the focus back to the button.
  await advanceButton.click()
  const dialog = manager.getByRole('alertdialog', { name: `Avançar o pedido ${NUMERO}?` })
  await expect(dialog).toContainText(`De "${STEPS[step]}" para "${STEPS[step + 1]}".`)
  await expectNoAxeViolations(manager)
  await dialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(dialog).toBeHidden()
  await expect(advanceButton).toBeFocused()
  await expect(row).toContainText(STEPS[step]!)

  // A second manager's tab, open on the same list before the moves below.
  const colleague = await managerContext.newPage()
  await colleague.goto('/manager-panel/pedidos')
  const staleRow = colleague.getByTestId('order-row').filter({ hasText: NUMERO })
  await expect(staleRow.locator('.mp-status')).toHaveText(STEPS[step]!)

  // Two steps, each confirmed.
  for (let moves = 0; moves < 2; moves++) {
    const next = STEPS[step + 1]!
    await expect(advanceButton).toHaveAccessibleName(`Avançar para ${next} (pedido ${NUMERO})`)
    await advanceButton.click()
    await dialog.getByRole('button', { name: `Avançar para ${next}` }).click()
    await expect(manager.getByRole('status').filter({ hasText: `Pedido ${NUMERO} agora está "${next}".` })).toBeVisible()
    await expect(row.locator('.mp-status')).toHaveText(next)
    step++
  }
  const reached = STEPS[step]!

  // The colleague's list is out of date: her move is refused with the reason, nothing moves,
  // and her list is read again.
  await staleRow.getByRole('button', { name: /^Avançar para / }).click()
  const staleDialog = colleague.getByRole('alertdialog', { name: `Avançar o pedido ${NUMERO}?` })
  await staleDialog.getByRole('button', { name: /^Avançar para / }).click()
  await expect(staleDialog.getByRole('alert')).toContainText(`Este pedido já está "${reached}": outra pessoa da equipe o moveu.`)
  await staleDialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(staleRow.locator('.mp-status')).toHaveText(reached)
  await colleague.close()
  // Stored on the server: the list read again says the same, the filter by status finds it there.
  await manager.reload()
  await expect(manager.getByTestId('order-row').filter({ hasText: NUMERO }).locator('.mp-status')).toHaveText(reached)
  await manager.getByRole('radio', { name: new RegExp(`^${reached} \\(\\d+\\)$`) }).check()
  await expect(manager.getByRole('heading', { level: 2, name: reached })).toBeVisible()
  await expect(manager.getByTestId('order-row').filter({ hasText: NUMERO })).toBeVisible()

  // Offline the panel says it needs a connection and moves nothing.
  await managerContext.setOffline(true)
  await expect(manager.getByText('Os pedidos a atender precisam de conexão com a internet.', { exact: false })).toBeVisible()
  await expect(
    manager
      .getByTestId('order-row')
      .filter({ hasText: NUMERO })
      .getByRole('button', { name: /^Avançar para / }),
  ).toBeDisabled()
  await managerContext.close()

  // The student, on her own device: the new status, then the same offline after a reload.
  const studentContext = await browser.newContext()
  const student = await studentContext.newPage()
  await login(student, STUDENT.username, STUDENT.password)
  await expect(student).toHaveURL(/\/dashboard$/)
  await student.goto('/pedidos')
  const card = student.getByRole('article').filter({ hasText: NUMERO })
  await expect(card).toContainText(reached)
  await serviceWorkerInControl(student)
  await student.waitForFunction(() => localStorage.getItem('portal-kept-user') !== null)
  await studentContext.setOffline(true)
  await student.reload()
  await expect(student.getByText('Você está sem internet.', { exact: false })).toBeVisible()
  await expect(student.getByRole('article').filter({ hasText: NUMERO })).toContainText(reached)
  await studentContext.close()
})

test("the orders screen's honest states: a skeleton while loading, empty, an error with a retry, offline before any answer", async ({
  page,
  context,
}) => {
  await startSignedIn(page, 'manager')
  const LIST = /\/api\/v1\/pre-invoice\/atendimento\/(\?.*)?$/

  // Loading: the list's own cards with bars for their texts, and "Carregando…" for screen readers.
  const { release } = await holdApi(page, LIST)
  await page.goto('/manager-panel/pedidos')
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos a atender' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Carregando…')
  await expect(page.getByRole('heading', { level: 2, name: 'Pedidos pagos a entregar' })).toBeVisible()
  await expect(page.locator('.mp-order[aria-hidden="true"] .ui-skeleton-text').first()).toBeVisible()
  await release()
  await expect(page.getByTestId('order-row').first()).toBeVisible()
  await page.unroute(LIST)

  // Empty: an answer with nothing in it says so, not an empty table.
  const none = { items: [], total: 0, por_status: [2, 4, 5, 6, 7].map((status) => ({ status, total: 0 })) }
  await page.route(LIST, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(none) }))
  await page.reload()
  await expect(page.getByText('Nenhum pedido pago à espera de entrega.')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Todos (0)' })).toBeChecked()
  await page.unroute(LIST)

  // An error: the reason and a retry that reads again.
  await expectPanelErrorRetry(page, LIST, page.getByTestId('order-row').first())
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.unroute(LIST)

  // Offline before any answer (D31: online only): it says so instead of a skeleton for ever.
  await page.goto('/manager-panel')
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações da escola' })).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('navigation', { name: 'Painel da equipe' }).getByRole('link', { name: 'Pedidos a atender' }).click()
  await expect(page.getByText('Os pedidos a atender precisam de conexão com a internet.', { exact: false })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await context.setOffline(false)
  // Back online, the list comes by itself.
  await expect(page.getByTestId('order-row').first()).toBeVisible()
})
