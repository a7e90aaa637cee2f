import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, field, login } from './fixtures.ts'

/**
 * KNN Orlando and London by Phenom, the student's side (issue 14, D28, D29),
 * against the real server and its demo accounts (README): orlando.menor@ (16 on every
 * departure, no request) sends one and at the end deletes it; orlando@ resends the passport the school asked again;
 * london@ pays an approved request by Pix. One after another: the first two and the last share a student.
 */
test.describe.configure({ mode: 'serial' })

const MINOR = { username: 'orlando.menor@example.com', password: 'demo1234' }
const PENDING = { username: 'orlando@example.com', password: 'demo1234' }
const APPROVED = { username: 'london@example.com', password: 'demo1234' }

const PDF = {
  name: 'passaporte.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
}
const PNG = {
  name: 'autorizacao.png',
  mimeType: 'image/png',
  buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
}

async function openProgramme(page: Page, user: { username: string; password: string }, path: string) {
  await login(page, user.username, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto(path)
}

test('a half-filled request is kept on the device across a reload; a wrong file type is refused before any upload', async ({ page }) => {
  test.setTimeout(90_000)
  await openProgramme(page, MINOR, '/knn-orlando')
  await expect(page.getByRole('heading', { level: 1, name: 'KNN Orlando' })).toBeVisible()
  const julho = page.getByRole('article', { name: 'KNN Orlando — Férias de julho' })
  await expect(julho).toContainText('US$ 3.490,00')
  // 30 seats, one held by orlando@'s request.
  await expect(julho).toContainText('29 vagas restantes')
  await expect(julho).toContainText('Orlando Experience — Travel Journal')
  await expect(julho).toContainText(/≈ R\$\s[\d.]+,\d\d pela taxa de \d\d\/\d\d\/\d{4}/)
  await expect(page.getByRole('link', { name: 'Simular câmbio' })).toHaveAttribute('href', '/cambio?moeda=USD')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Quero participar' }).click()
  await expect(page.getByRole('heading', { name: 'Solicitar participação' })).toBeFocused()
  // The birth date comes from the profile: 16 on the departure, so the guardian is asked.
  await expect(field(page, 'Data de nascimento')).not.toHaveValue('')
  await page.getByRole('combobox', { name: /^Turma/ }).click()
  await page.getByRole('option', { name: /Férias de julho/ }).click()
  await field(page, 'Número do passaporte').fill('FZ123456')
  await expect(field(page, 'Nome do responsável')).toBeVisible()
  await field(page, 'Nome do responsável').fill('Maria Teixeira')

  // A text file named as a document: refused on the device, nothing sent.
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/knn-usa/request/')) posts.push(request.url())
  })
  await page
    .getByLabel('Passaporte', { exact: true })
    .setInputFiles({ name: 'passaporte.txt', mimeType: 'text/plain', buffer: Buffer.from('not a passport') })
  await expect(page.getByText('Tipo de arquivo não aceito. Envie PDF, JPEG, PNG ou WEBP.')).toBeVisible()
  // A "PDF" whose bytes are not a PDF: refused too.
  await page
    .getByLabel('Passaporte', { exact: true })
    .setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a fake') })
  await expect(page.getByText('Tipo de arquivo não aceito. Envie PDF, JPEG, PNG ou WEBP.')).toBeVisible()
  await expectNoAxeViolations(page)
  expect(posts).toEqual([])

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Solicitar participação' })).toBeVisible()
  await expect(field(page, 'Número do passaporte')).toHaveValue('FZ123456')
  await expect(field(page, 'Nome do responsável')).toHaveValue('Maria Teixeira')
  await expect(page.getByRole('combobox', { name: /^Turma/ })).toContainText('Férias de julho')
})

test('an underage student sends an Orlando request with two documents and sees "Em análise"', async ({ page }) => {
  test.setTimeout(90_000)
  await openProgramme(page, MINOR, '/knn-orlando')
  // A new browser (the first test's draft stayed on its device).
  await page.getByRole('button', { name: 'Quero participar' }).click()
  await page.getByRole('combobox', { name: /^Turma/ }).click()
  await page.getByRole('option', { name: /Férias de julho/ }).click()
  await field(page, 'Número do passaporte').fill('FZ123456')
  await field(page, 'Nome do responsável').fill('Maria Teixeira')
  await page.getByRole('button', { name: 'Enviar solicitação' }).click()
  await expect(page.getByText('Informe o CPF do responsável: você terá menos de 18 anos na data da viagem.')).toBeVisible()
  await expect(page.getByText('Escolha o arquivo: Autorização de viagem.')).toBeVisible()
  await field(page, 'Validade do passaporte').fill('01012035')
  await field(page, 'CPF do responsável').fill('52998224725')
  await page.getByLabel('Passaporte', { exact: true }).setInputFiles(PDF)
  await page.getByLabel('Autorização de viagem', { exact: true }).setInputFiles(PNG)
  await expect(page.getByText('Escolhido: autorizacao.png', { exact: false })).toBeVisible()

  // The send is held on its way out, so the upload's progress bar is there to be read.
  let releaseSend = () => {}
  const held = new Promise<void>((resolve) => (releaseSend = resolve))
  await page.route(/\/knn-usa\/request\/$/, async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  const sent = page.waitForResponse((response) => response.request().method() === 'POST' && /\/knn-usa\/request\/$/.test(response.url()))
  await page.getByRole('button', { name: 'Enviar solicitação' }).click()
  await expect(page.getByRole('progressbar', { name: /^Enviando os documentos · \d+%/ })).toBeVisible()
  releaseSend()
  const answer = await sent
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  expect(answer.status()).toBe(201)
  const body = (await answer.json()) as { status: string; menor: boolean; documentos: { tipo: string }[]; responsavel_cpf: string }
  expect(body).toMatchObject({ status: 'em_analise', menor: true, responsavel_cpf: '52998224725' })
  expect(body.documentos.map((doc) => doc.tipo).sort()).toEqual(['autorizacao_viagem', 'passaporte'])

  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toBeVisible()
  await expect(page.getByText('A escola está analisando os seus documentos.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Quero participar' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Excluir solicitação' })).toBeVisible()
  await expectNoAxeViolations(page)
  // The seat it holds: 28 left.
  await expect(page.getByRole('article', { name: 'KNN Orlando — Férias de julho' })).toContainText('28 vagas restantes')
  // Sent: the draft is gone, a reload shows the request from the device.
  await page.reload()
  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Solicitar participação' })).toHaveCount(0)
})

test('the student whose passport the school asked again resends it and the request is back in analysis', async ({ page }) => {
  test.setTimeout(90_000)
  await openProgramme(page, PENDING, '/knn-orlando')
  await expect(page.getByRole('status', { name: 'Situação: Documentos pendentes' })).toBeVisible()
  await expect(page.getByText('A escola pediu de novo: Passaporte.', { exact: false })).toBeVisible()
  await expect(page.getByText('A foto do passaporte está cortada', { exact: false }).first()).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Reenviar documentos' }).click()
  await expect(page.getByText('Escolha o arquivo: Passaporte.')).toBeVisible()
  await page.getByLabel('Passaporte', { exact: true }).setInputFiles({ ...PDF, name: 'passaporte-inteiro.pdf' })
  const resent = page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/resend-document\/$/.test(response.url()))
  await page.getByRole('button', { name: 'Reenviar documentos' }).click()
  expect((await resent).status()).toBe(200)
  await expect(page.getByText('Documentos reenviados: a solicitação voltou para análise.')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toBeVisible()
  await expect(page.getByText('passaporte-inteiro.pdf', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the approved London request is paid by Pix at the day’s rate and shows "Pago"', async ({ page, request }) => {
  test.setTimeout(90_000)
  await openProgramme(page, APPROVED, '/london-by-phenom')
  await expect(page.getByRole('heading', { level: 1, name: 'London by Phenom' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'London by Phenom — Summer School' })).toContainText('£ 2.890,00')
  await expect(page.getByRole('status', { name: 'Situação: Aprovado' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Valor em reais' })
  await expect(summary).toContainText(/R\$\s[\d.]+,\d\d/)
  await expect(summary).toContainText('£ 2.890,00 ×')
  await expect(page.getByRole('radio', { name: 'Pix' })).toBeChecked()
  await expectNoAxeViolations(page)

  const answer = page.waitForResponse((response) => response.request().method() === 'POST' && /\/knn-usa\/payment\/$/.test(response.url()))
  await page.getByRole('button', { name: 'Gerar código Pix' }).click()
  const charge = (await (await answer).json()) as { txid: string; copia_e_cola: string }
  await expect(page.getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(charge.copia_e_cola)
  const confirmed = await request.post(`/dev/pix/confirm/${charge.txid}`)
  expect(confirmed.status()).toBe(200)
  await expect(page.getByText('Pagamento confirmado: a sua solicitação está paga.')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Situação: Pago' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Excluir solicitação' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.reload()
  await expect(page.getByRole('status', { name: 'Situação: Pago' })).toBeVisible()
  await expect(page.getByText(/^Pago em .+: R\$/)).toBeVisible()
})

test('the underage student deletes the request he sent: "Voltar" keeps it, "Excluir" frees the seat and the form comes back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await openProgramme(page, MINOR, '/knn-orlando')
  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toBeVisible()
  const julho = page.getByRole('article', { name: 'KNN Orlando — Férias de julho' })
  await expect(julho).toContainText('28 vagas restantes')

  const deleteButton = page.getByRole('button', { name: 'Excluir solicitação' })
  await deleteButton.click()
  const dialog = page.getByRole('alertdialog', { name: 'Excluir a solicitação?' })
  await expect(dialog).toContainText('a vaga, liberada')
  await expectNoAxeViolations(page)
  // "Voltar" changes nothing and gives the focus back to the button.
  await dialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(deleteButton).toBeFocused()
  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toBeVisible()

  await deleteButton.click()
  const deleted = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && /\/knn-usa\/request\/\d+\/$/.test(response.url()),
  )
  await page.getByRole('alertdialog', { name: 'Excluir a solicitação?' }).getByRole('button', { name: 'Excluir', exact: true }).click()
  expect((await deleted).status()).toBeLessThan(300)
  await expect(page.getByText('Solicitação excluída.')).toBeVisible()
  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Quero participar' })).toBeVisible()
  await expect(julho).toContainText('29 vagas restantes')
  // The server holds no open request for him: a reload shows the classes and "Quero participar".
  await page.reload()
  await expect(page.getByRole('button', { name: 'Quero participar' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Situação: Em análise' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Excluir solicitação' })).toHaveCount(0)
})
