import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, field, login, mainNav } from './fixtures.ts'

/**
 * Issue 9 journey 7 (profile part) against the real server: Meu perfil edits the contact
 * details through PUT /users/profile/. The demo account perfil@ exists for this test
 * alone: it changes her name, phone and e-mail.
 */
const PROFILE_STUDENT = { username: 'perfil@example.com', password: 'demo1234', name: 'Marcos Vieira' }
const NEW_EMAIL = 'marcos.vieira@example.com'

const profileCard = (page: Page) => page.getByRole('region', { name: 'Dados cadastrais' })

function profileRequests(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/users/profile/')) sent.push(request.method())
  })
  return sent
}

test('Meu perfil: edit with SPEC §5 messages, a taken e-mail, no connection keeping what was typed, then saved and unconfirmed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const sent = profileRequests(page)
  await login(page, PROFILE_STUDENT.username, PROFILE_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/me')
  const card = profileCard(page)
  await expect(card.locator('.profile-list')).toContainText(PROFILE_STUDENT.name)
  await expect(card.locator('.profile-list')).toContainText('(81) 98765-4321')
  await expect(page.getByRole('region', { name: 'Confirmação de e-mail' })).toContainText(
    `Seu e-mail ${PROFILE_STUDENT.username} está confirmado.`,
  )

  // The form opens with the stored values, the keyboard on its first field.
  await card.getByRole('button', { name: 'Editar dados' }).click()
  const form = page.getByRole('form', { name: 'Editar dados cadastrais' })
  await expect(field(page, 'Nome completo')).toBeFocused()
  await expect(field(page, 'Nome completo')).toHaveValue(PROFILE_STUDENT.name)
  await expect(field(page, 'E-mail')).toHaveValue(PROFILE_STUDENT.username)
  await expect(field(page, 'Telefone')).toHaveValue('(81) 98765-4321')
  await expect(field(page, 'CEP')).toHaveValue('50030-230')
  await expect(field(page, 'Rua')).toHaveValue('Rua da Aurora')
  await expect(field(page, 'Número')).toHaveValue('325')

  // Malformed input: SPEC §5 texts beside the fields, the keyboard on the first one, nothing sent.
  await field(page, 'Nome completo').fill('')
  await field(page, 'E-mail').fill('marcos@')
  await field(page, 'Telefone').fill('8198')
  await field(page, 'Número').fill('')
  await form.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(form.getByText('Este campo é obrigatório')).toHaveCount(2)
  await expect(form.getByText('Por favor, insira um e-mail válido')).toBeVisible()
  await expect(form.getByText('Formato inválido')).toBeVisible()
  await expect(field(page, 'Nome completo')).toBeFocused()
  await expect(field(page, 'Nome completo')).toHaveAttribute('aria-invalid', 'true')
  expect(sent).toEqual([])
  await expectNoAxeViolations(page)

  // Another account's e-mail: the server's text beside the e-mail field, nothing saved.
  await field(page, 'Nome completo').fill('Marcos Vieira Lima')
  await field(page, 'Telefone').fill('21998765432')
  await field(page, 'Número').fill('400')
  await field(page, 'E-mail').fill('aluno@example.com')
  await expect(form.getByText('Ao trocar o e-mail, você precisará confirmá-lo de novo.')).toBeVisible()
  await form.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(form.getByText('Este e-mail já está em uso por outra conta.')).toBeVisible()
  await expect(field(page, 'E-mail')).toBeFocused()
  expect(sent).toEqual(['PUT'])

  // No connection: the form says saving needs one and keeps what was typed.
  await field(page, 'E-mail').fill(NEW_EMAIL)
  await context.setOffline(true)
  await expect(form.getByText('Sem conexão: para salvar é preciso estar conectado.', { exact: false })).toBeVisible()
  await expect(form.getByRole('button', { name: 'Salvar alterações' })).toBeDisabled()
  await expect(field(page, 'Nome completo')).toHaveValue('Marcos Vieira Lima')
  await expect(field(page, 'E-mail')).toHaveValue(NEW_EMAIL)
  await field(page, 'Rua').fill('Rua da Aurora, bloco B')
  await context.setOffline(false)
  await expect(form.getByText('Sem conexão', { exact: false })).toHaveCount(0)
  await expect(field(page, 'Telefone')).toHaveValue('(21) 99876-5432')
  await expect(field(page, 'Rua')).toHaveValue('Rua da Aurora, bloco B')

  // Saved: the profile shows it, the keyboard is back on "Editar dados", the new e-mail is unconfirmed.
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/users/profile/') && response.status() === 200)
  await form.getByRole('button', { name: 'Salvar alterações' }).click()
  await saved
  await expect(card.getByRole('status')).toHaveText(
    'Dados atualizados. Confirme o novo e-mail com o link que você pode enviar logo abaixo.',
  )
  await expect(card.getByRole('button', { name: 'Editar dados' })).toBeFocused()
  const list = card.locator('.profile-list')
  await expect(list).toContainText('Marcos Vieira Lima')
  await expect(list).toContainText(NEW_EMAIL)
  await expect(list).toContainText('(21) 99876-5432')
  await expect(list).toContainText('Rua da Aurora, bloco B, 400')
  await expect(page.getByRole('region', { name: 'Confirmação de e-mail' })).toContainText(`Confirme o e-mail ${NEW_EMAIL}`)
  // The top bar's name follows the session's user.
  await expect(page.getByRole('banner')).toContainText('Marcos Vieira Lima')

  // Stored on the server: after a reload, and the new e-mail is the login now.
  await page.reload()
  await expect(profileCard(page).locator('.profile-list')).toContainText(NEW_EMAIL)
  await (await mainNav(page)).getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/login\/main$/)
  await login(page, PROFILE_STUDENT.username, PROFILE_STUDENT.password)
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha incorreta.')
  await login(page, NEW_EMAIL, PROFILE_STUDENT.password)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('Meu perfil: "Cancelar" leaves the profile as it was', async ({ page }) => {
  await login(page, 'novo.aluno@example.com', 'demo1234')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/me')
  const card = profileCard(page)
  await card.getByRole('button', { name: 'Editar dados' }).click()
  await field(page, 'Nome completo').fill('Outro Nome')
  await page.getByRole('button', { name: 'Cancelar' }).click()
  await expect(card.getByRole('button', { name: 'Editar dados' })).toBeFocused()
  await expect(card.locator('.profile-list')).toContainText('Rafael Costa')
  await page.reload()
  await expect(profileCard(page).locator('.profile-list')).toContainText('Rafael Costa')
})
