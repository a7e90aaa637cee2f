import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { bookEndpoints } from '../../../contract/endpoints/books.ts'
import { canCall, type Role } from '../../../contract/define.ts'
import { bookUuidIn } from '../../../lib/local-store.ts'
import type { AtHomeBook, UserBook } from '../../../contract/schemas/book.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Card } from '../../../ui/card.tsx'
import { formatDate, localIsoDate } from '../../../ui/format.ts'
import { useOnlineStatus } from '../../../ui/online-status.ts'
import { LoadingStatus, SkeletonText } from '../../../ui/skeleton.tsx'
import { TextField } from '../../../ui/text-field.tsx'
import { required, validateField } from '../../../ui/validation/rules.ts'
import { atHomeBooksQueryOptions, useAddUserBook, userBooksQueryOptions, useUnlinkBook } from '../api/books.ts'

/**
 * Two rows of bars while the first answer is on its way, each in the shape of the list's
 * own rows (issue 7: a skeleton of its real size): a class's book has two lines; a linked
 * book three and its "Desvincular" button, whose label needs no data.
 */
function BookListSkeleton({ linked }: { linked: boolean }) {
  const { t } = useTranslation('books')
  return (
    <ul className="my-books__list" aria-hidden="true">
      {[0, 1].map((index) => (
        <li key={index} className="my-books__item">
          <span className="my-books__name">
            <SkeletonText width="55%" />
          </span>
          <span className="my-books__detail">
            <SkeletonText width="35%" />
          </span>
          {linked ? (
            <>
              <span className="my-books__detail">
                <SkeletonText width="70%" />
              </span>
              <div className="my-books__actions">
                <span className="ui-button ui-button--text" aria-disabled="true">
                  {t('me.unlink')}
                </span>
              </div>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * The honest states of one list: a skeleton while it loads, a message when the device
 * has nothing and there is no connection, the error with a retry, the empty text, the list.
 */
function ListState<T>({
  query,
  emptyText,
  linked,
  children,
}: {
  query: { data: T[] | undefined; isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown }
  emptyText: string
  /** The linked books' list: its skeleton rows carry a linked book's lines and button. */
  linked: boolean
  children: (items: T[]) => ReactNode
}) {
  const { t } = useTranslation('books')
  const online = useOnlineStatus()
  if (query.data) return query.data.length === 0 ? <p>{emptyText}</p> : children(query.data)
  if (!online) return <p role="status">{t('me.offline')}</p>
  if (query.isError) {
    return (
      <Alert tone="error">
        <span>{query.error?.message} </span>
        <Button type="button" variant="text" onClick={() => void query.refetch()}>
          {t('me.retry')}
        </Button>
      </Alert>
    )
  }
  return (
    <>
      <LoadingStatus />
      <BookListSkeleton linked={linked} />
    </>
  )
}

function LinkedBook({ book }: { book: UserBook }) {
  const { t } = useTranslation('books')
  const [confirming, setConfirming] = useState(false)
  const unlink = useUnlinkBook()
  const nome = book.livro.nome
  return (
    <li className="my-books__item">
      <span className="my-books__name">{nome}</span>
      <span className="my-books__detail">
        {book.linked_at ? t('me.linkedAt', { date: formatDate(localIsoDate(new Date(book.linked_at))) }) : t('me.notLinkedYet')}
      </span>
      <span className="my-books__detail">{t('me.code', { uuid: book.uuid })}</span>
      {unlink.isError ? <Alert tone="error">{unlink.error.message}</Alert> : null}
      {confirming ? (
        <div className="my-books__confirm" role="group" aria-label={t('me.unlinkLabel', { nome })}>
          <p>{t('me.confirmUnlink', { nome })}</p>
          <div className="my-books__actions">
            <Button type="button" variant="secondary" loading={unlink.isPending} onClick={() => unlink.mutate(book.id)}>
              {t('me.confirm')}
            </Button>
            <Button type="button" variant="text" onClick={() => setConfirming(false)} autoFocus>
              {t('me.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="my-books__actions">
          <Button type="button" variant="text" aria-label={t('me.unlinkLabel', { nome })} onClick={() => setConfirming(true)}>
            {t('me.unlink')}
          </Button>
        </div>
      )}
    </li>
  )
}

function AtHomeBookItem({ book }: { book: AtHomeBook }) {
  const { t } = useTranslation('books')
  return (
    <li className="my-books__item">
      <span className="my-books__name">{book.livro.nome}</span>
      <span className="my-books__detail">
        {book.turma_nome}
        {book.somente_digital ? ` · ${t('me.digital')}` : ''}
      </span>
    </li>
  )
}

function AddBookForm() {
  const { t } = useTranslation('books')
  const add = useAddUserBook()
  const [code, setCode] = useState('')
  const [touched, setTouched] = useState(false)
  const problem = (value: string) => validateField(value.trim(), [required()]) ?? (bookUuidIn(value) ? undefined : t('login.codeInvalid'))

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    const uuid = bookUuidIn(code)
    if (problem(code) || !uuid) {
      document.getElementById('my-books-code')?.focus()
      return
    }
    add.mutate(uuid, {
      onSuccess: () => {
        setCode('')
        setTouched(false)
      },
    })
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('me.addTitle')}>
      <TextField
        id="my-books-code"
        label={t('me.addCode')}
        hint={t('me.addHint')}
        persistentHint
        name="uuid"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={setCode}
        error={touched ? problem(code) : undefined}
        required
      />
      {add.isSuccess ? (
        <Alert tone="success" role="status">
          {t('me.added', { nome: add.data.livro.nome })}
        </Alert>
      ) : null}
      {add.isError ? <Alert tone="error">{add.error.message}</Alert> : null}
      <Button type="submit" variant="secondary" loading={add.isPending}>
        {t('me.add')}
      </Button>
    </form>
  )
}

/**
 * /me "Meus livros" (issue 9 journey 7, D8): linked books, the classes' books, add and
 * unlink. Books are a student's: a manager's profile has no such section.
 */
export function MyBooks({ role }: { role: Role }) {
  return canCall(bookEndpoints.userBooks, role) ? <MyBooksCard /> : null
}

function MyBooksCard() {
  const { t } = useTranslation('books')
  const userBooks = useQuery(userBooksQueryOptions())
  const atHomeBooks = useQuery(atHomeBooksQueryOptions())
  return (
    <Card title={t('me.title')} className="my-books">
      <div className="stack">
        <section className="stack" aria-labelledby="my-books-linked">
          <h3 id="my-books-linked" className="my-books__heading">
            {t('me.linked')}
          </h3>
          <ListState query={userBooks} emptyText={t('me.emptyLinked')} linked>
            {(books) => (
              <ul className="my-books__list">
                {books.map((book) => (
                  <LinkedBook key={book.id} book={book} />
                ))}
              </ul>
            )}
          </ListState>
          <AddBookForm />
        </section>
        <section className="stack" aria-labelledby="my-books-at-home">
          <h3 id="my-books-at-home" className="my-books__heading">
            {t('me.atHome')}
          </h3>
          <ListState query={atHomeBooks} emptyText={t('me.emptyAtHome')} linked={false}>
            {(books) => (
              <ul className="my-books__list">
                {books.map((book) => (
                  <AtHomeBookItem key={`${book.turma_id}-${book.livro.id}`} book={book} />
                ))}
              </ul>
            )}
          </ListState>
        </section>
      </div>
    </Card>
  )
}
