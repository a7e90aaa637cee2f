import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { DocumentoExigido, KnnUsaRequest, ProgramaUsa, TipoDocumentoUsa, TurmaUsa } from '../../../contract/schemas/knn-usa.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { formatDate } from '../../../ui/format.ts'
import { MASKS } from '../../../ui/mask.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { Select } from '../../../ui/select.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { sendRequest } from '../api.ts'
import {
  clearRequestDraft,
  documentsFor,
  initialValues,
  isMinorFor,
  readRequestDraft,
  requestBody,
  sendFailure,
  validateRequest,
  writeRequestDraft,
  type RequestErrors,
  type RequestField,
  type RequestValues,
} from '../request-form.ts'
import { DocumentInput, UploadProgress } from './document-input.tsx'

/**
 * "Quero participar" (issue 14, D28): the class, the passport, the birth date
 * (the profile's, when it has one), the guardian of a minor on the departure day and the
 * documents asked, each file checked before the upload; the upload's progress; the
 * server's refusals under the fields. The typed values are a draft on the device until sent.
 */
export function RequestForm({
  programa,
  turmas,
  documentos,
  userId,
  birthDate,
  turmaInicial,
  onSent,
  onCancel,
}: {
  programa: ProgramaUsa
  turmas: TurmaUsa[]
  documentos: DocumentoExigido[]
  userId: number
  birthDate: string | null | undefined
  turmaInicial: number | undefined
  onSent: (request: KnnUsaRequest) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('knnUsa')
  const online = useOnlineStatus()
  const [values, setValues] = useState<RequestValues>(() => {
    const start = initialValues(readRequestDraft(userId, programa), birthDate)
    return turmaInicial && !start.turma_id ? { ...start, turma_id: String(turmaInicial) } : start
  })
  const [files, setFiles] = useState<Partial<Record<TipoDocumentoUsa, File>>>({})
  const [errors, setErrors] = useState<RequestErrors>({})
  const [progress, setProgress] = useState<number | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const formError = useRef<HTMLDivElement>(null)

  useEffect(() => heading.current?.focus(), [])

  const turma = turmas.find((item) => String(item.id) === values.turma_id)
  const minor = isMinorFor(values, turma)
  const asked = documentsFor(values, turma)
  const nomes = Object.fromEntries(documentos.map((doc) => [doc.tipo, doc.nome])) as Partial<Record<TipoDocumentoUsa, string>>

  const set = (field: RequestField) => (value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value }
      writeRequestDraft(userId, programa, next)
      return next
    })
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!online) return
    const found = validateRequest(values, turma, files, nomes)
    if (Object.keys(found).length > 0) {
      setErrors({ ...found, form: t('form.checkFields') })
      return
    }
    setErrors({})
    setProgress(0)
    try {
      const request = await sendRequest(requestBody(values, turma), files, setProgress)
      clearRequestDraft()
      onSent(request)
    } catch (error) {
      setErrors(sendFailure(error, asked))
      requestAnimationFrame(() => formError.current?.focus())
    } finally {
      setProgress(null)
    }
  }

  const field = (name: RequestField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      required
      disabled={progress !== null}
      {...extra}
    />
  )
  const sending = progress !== null

  return (
    <section className="usa-form" aria-labelledby="usa-form-heading">
      <h2 id="usa-form-heading" ref={heading} tabIndex={-1}>
        {t('form.heading')}
      </h2>
      <p className="usa-muted">{t('form.draftKept')}</p>
      {online ? null : <Alert tone="warning">{t('form.offline')}</Alert>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Select
          label={t('form.turma')}
          placeholder={t('form.turmaPlaceholder')}
          value={values.turma_id}
          onValueChange={set('turma_id')}
          error={errors.turma_id}
          required
          disabled={sending}
          options={turmas.map((item) => ({
            value: String(item.id),
            label: t('form.turmaOption', { nome: item.nome, cidade: item.cidade, ida: formatDate(item.data_ida) }),
            disabled: item.vagas_restantes <= 0,
          }))}
        />
        {field('passaporte_numero', t('form.passaporteNumero'), { autoComplete: 'off', autoCapitalize: 'characters' })}
        {field('passaporte_validade', t('form.passaporteValidade'), {
          mask: MASKS.date,
          inputMode: 'numeric',
          hint: t('form.validadeHint'),
          persistentHint: true,
        })}
        {field('data_nascimento', t('form.dataNascimento'), {
          mask: MASKS.date,
          inputMode: 'numeric',
          autoComplete: 'bday',
          hint: t('form.nascimentoHint'),
          persistentHint: true,
        })}
        {minor ? (
          <fieldset className="usa-form__guardian">
            <legend>{t('form.minorNotice')}</legend>
            {field('responsavel_nome', t('form.responsavelNome'), { autoComplete: 'off' })}
            {field('responsavel_cpf', t('form.responsavelCpf'), { mask: MASKS.cpf, inputMode: 'numeric' })}
          </fieldset>
        ) : null}
        <fieldset className="usa-form__documents">
          <legend>{t('form.documents')}</legend>
          {documentos
            .filter((doc) => asked.includes(doc.tipo))
            .map((doc) => (
              <DocumentInput
                key={doc.tipo}
                documento={doc}
                file={files[doc.tipo]}
                error={errors[doc.tipo]}
                disabled={sending}
                onChange={(file, problem) => {
                  setFiles((current) => ({ ...current, [doc.tipo]: file }))
                  setErrors(({ [doc.tipo]: _, ...rest }) => (problem ? { ...rest, [doc.tipo]: problem } : rest))
                }}
              />
            ))}
        </fieldset>
        {sending ? <UploadProgress fraction={progress} /> : null}
        <div ref={formError} tabIndex={-1}>
          {errors.form ? (
            <Alert tone="error" role="alert">
              {errors.form}
            </Alert>
          ) : null}
        </div>
        <div className="usa-actions">
          <Button type="submit" loading={sending} disabled={!online || sending}>
            {t('form.submit')}
          </Button>
          <Button type="button" variant="text" onClick={onCancel} disabled={sending}>
            {t('form.cancel')}
          </Button>
        </div>
      </form>
    </section>
  )
}
