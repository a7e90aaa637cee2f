import '../aula-online.css'
import { useTranslation } from 'react-i18next'
import type { AulaOnline } from '../../../contract/schemas/aula-online.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { offlineStateOf } from '../../../ui/offline-state.ts'
import { PageHeader } from '../../../ui/page-header.tsx'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { useAulaOnline } from '../api/aulas-online.ts'
import { formatClock } from '../../../ui/format.ts'
import { formatDay } from '../format.ts'
import { JoinPanel } from './join-panel.tsx'

/** /aula-online/details/{id}: when, who, the topic and the join button (countdown before). */
export function AulaOnlineDetails({ id }: { id: number }) {
  const { t } = useTranslation('aulaOnline')
  const data = useAulaOnline(id)
  const aula = data.snapshot?.value
  const loading = offlineStateOf(data) === 'loading'
  return (
    <div className="page">
      <PageHeader
        back="/aula-online/list"
        backLabel={t('back')}
        title={aula ? aula.tema : t('title')}
        subtitle={aula?.turma_nome}
        loading={loading}
      />
      <OfflineContent {...data} emptyText={t('notFound')} isEmpty={(value) => value === undefined} skeleton={<Facts />}>
        {(value) => (
          <div className="stack">
            <Facts aula={value!} />
            <JoinPanel aula={value!} refresh={data.refresh} />
          </div>
        )}
      </OfflineContent>
    </div>
  )
}

/** When, the teacher, the class and the topic; without `aula`, their skeleton. */
function Facts({ aula }: { aula?: AulaOnline }) {
  const { t } = useTranslation('aulaOnline')
  const fact = (label: string, value: string | undefined, width: string) => (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? <SkeletonText width={width} />}</dd>
    </div>
  )
  return (
    <dl className="aula-facts" aria-hidden={aula ? undefined : true}>
      {fact(
        t('when'),
        aula && t('timeRange', { date: formatDay(aula.inicio), start: formatClock(aula.inicio), end: formatClock(aula.fim) }),
        '12rem',
      )}
      {fact(t('teacher'), aula && (aula.professor ?? t('noTeacher')), '9rem')}
      {fact(t('class'), aula?.turma_nome, '10rem')}
      {fact(t('topic'), aula?.tema, '14rem')}
    </dl>
  )
}
