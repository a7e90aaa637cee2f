import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { KNN_USA_FILE } from '../../../contract/endpoints/knn-usa.ts'
import { fileProblem } from '../../../lib/file-problem.ts'
import type { DocumentoExigido } from '../../../contract/schemas/knn-usa.ts'
import { acceptedTypesText, formatBytes } from '../../../contract/uploads.ts'
import { describedBy } from '../../../ui/field.tsx'

/**
 * One document's file (D28): checked for type, size and first bytes as soon as it is
 * chosen (the server's rules, KNN_USA_FILE), a refused file is said in Portuguese under it
 * and never kept for the upload.
 */
export function DocumentInput({
  documento,
  file,
  error,
  onChange,
  disabled,
}: {
  documento: Pick<DocumentoExigido, 'tipo' | 'nome' | 'descricao'>
  file: File | undefined
  error: string | undefined
  onChange: (file: File | undefined, problem: string | null) => void
  disabled?: boolean
}) {
  const { t } = useTranslation('knnUsa')
  const id = useId()
  const [checking, setChecking] = useState(false)
  return (
    <div className="usa-file">
      <label className="usa-file__label" htmlFor={`${id}-input`}>
        {documento.nome}
      </label>
      <input
        id={`${id}-input`}
        className="usa-file__input"
        type="file"
        accept={KNN_USA_FILE.mediaTypes.join(',')}
        disabled={disabled || checking}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, file && `${id}-chosen`, error && `${id}-error`)}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          if (!chosen) return onChange(undefined, null)
          setChecking(true)
          void fileProblem(KNN_USA_FILE, chosen).then((problem) => {
            setChecking(false)
            if (problem) event.target.value = ''
            onChange(problem ? undefined : chosen, problem)
          })
        }}
      />
      <p id={`${id}-hint`} className="usa-file__hint">
        {t('form.fileHint', {
          descricao: documento.descricao,
          tipos: acceptedTypesText(KNN_USA_FILE),
          limite: formatBytes(KNN_USA_FILE.maxBytes),
        })}
      </p>
      {file ? (
        <p id={`${id}-chosen`} className="usa-file__chosen">
          {t('form.chosen', { nome: file.name, tamanho: formatBytes(file.size) })}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="ui-field__error usa-file__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The upload's progress bar while the files go. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation('knnUsa')
  const percent = Math.round(fraction * 100)
  return (
    <div className="usa-progress">
      <label className="usa-progress__label">
        {t('form.progress')} · {percent}%
        <progress max={100} value={percent} />
      </label>
    </div>
  )
}
