import '../pratica.css'
import { Tabs } from 'radix-ui'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Pratica } from '../../../contract/schemas/pratica.ts'
import { OfflineContent } from '../../../ui/offline-content.tsx'
import { offlineStateOf } from '../../../ui/offline-state.ts'
import { PageHeader } from '../../../ui/page-header.tsx'
import { SkeletonText } from '../../../ui/skeleton.tsx'
import { usePratica } from '../api/get-pratica.ts'
import { AudioPanel } from './audio-panel.tsx'
import { TestsPanel } from './tests-panel.tsx'
import { VocabPanel } from './vocab-panel.tsx'

type Aba = 'audios' | 'vocabulario' | 'testes'
const ABAS: readonly Aba[] = ['audios', 'vocabulario', 'testes']

/** /pedagogico/minha-pratica/{id}: the practice area of a class (SPEC §2; issue 10). */
export function PraticaView({ turmaId, userId }: { turmaId: number; userId: number }) {
  const { t } = useTranslation('pratica')
  const data = usePratica(turmaId)
  const value = data.snapshot?.value
  const loading = offlineStateOf(data) === 'loading'
  return (
    <div className="page pratica">
      <PageHeader
        back="/pedagogico/list"
        backLabel={t('back')}
        title={t('title')}
        subtitle={value?.turmaNome}
        loading={loading}
        tour="pratica-area"
      />
      <OfflineContent
        {...data}
        emptyText={t('empty')}
        isEmpty={({ pratica }) => pratica.audios.length + pratica.vocabulario.length + pratica.testes.length === 0}
        skeleton={<PraticaSkeleton />}
      >
        {({ pratica }) => <PraticaTabs turmaId={turmaId} userId={userId} pratica={pratica} />}
      </OfflineContent>
    </div>
  )
}

function PraticaTabs({ turmaId, userId, pratica }: { turmaId: number; userId: number; pratica: Pratica }) {
  const { t } = useTranslation('pratica')
  const [aba, setAba] = useState<Aba>('audios')
  // Where each track stopped: kept here, above the tabs, so it survives moving between them.
  const positions = useRef(new Map<number, number>())
  return (
    <Tabs.Root value={aba} onValueChange={(next) => setAba(next as Aba)} className="pratica-tabs">
      <Tabs.List className="pratica-tabs__list" aria-label={t('choose')} data-tour="pratica-atividades">
        {ABAS.map((id) => (
          <Tabs.Trigger key={id} value={id} className="pratica-tabs__tab">
            {t(`tabs.${id}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div data-tour="pratica-conteudo">
        <Tabs.Content value="audios" className="pratica-tabs__panel">
          <AudioPanel audios={pratica.audios} positions={positions.current} />
        </Tabs.Content>
        <Tabs.Content value="vocabulario" className="pratica-tabs__panel">
          <VocabPanel vocabulario={pratica.vocabulario} />
        </Tabs.Content>
        <Tabs.Content value="testes" className="pratica-tabs__panel">
          <TestsPanel turmaId={turmaId} userId={userId} testes={pratica.testes} />
        </Tabs.Content>
      </div>
    </Tabs.Root>
  )
}

/** The tabs and a list of three rows, the size of the audio tab that replaces it. */
function PraticaSkeleton() {
  const { t } = useTranslation('pratica')
  return (
    <div className="pratica-tabs" aria-hidden="true">
      <div className="pratica-tabs__list">
        {ABAS.map((id) => (
          <span key={id} className="pratica-tabs__tab">
            {t(`tabs.${id}`)}
          </span>
        ))}
      </div>
      <div className="pratica-tabs__panel">
        <div className="pratica-player">
          <SkeletonText width="14rem" />
        </div>
        <ul className="pratica-list">
          {[0, 1, 2].map((row) => (
            <li key={row} className="pratica-list__row">
              <SkeletonText width="12rem" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
