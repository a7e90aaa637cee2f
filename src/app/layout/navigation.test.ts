import { describe, expect, it } from 'vitest'
import { atividadeEndpoints } from '../../contract/endpoints/atividades.ts'
import { aulaOnlineEndpoints } from '../../contract/endpoints/aula-online.ts'
import { englishTestEndpoints } from '../../contract/endpoints/english-test.ts'
import { financeiroEndpoints } from '../../contract/endpoints/financeiro.ts'
import { pedagogicoEndpoints } from '../../contract/endpoints/pedagogico.ts'
import { pedidoEndpoints } from '../../contract/endpoints/pedidos.ts'
import { pushEndpoints } from '../../contract/endpoints/push.ts'
import { isInSection, NAV_ITEMS, navItemsFor, TAB_ITEMS, tabItemsFor } from './navigation.ts'

const every = () => true

describe('navItemsFor', () => {
  it('lists only screens that exist: no dead ends', () => {
    const existing = new Set(['/dashboard', '/pedagogico/list', '/financial', '/pedidos', '/me'])
    const items = navItemsFor({ role: 'student', brand: 'knn', hasRoute: (path) => existing.has(path) })
    expect(items.map((item) => item.to)).toEqual(['/dashboard', '/pedagogico/list', '/financial', '/pedidos', '/me'])
  })

  it('shows only the brand’s own programmes (D29)', () => {
    const knn = navItemsFor({ role: 'student', brand: 'knn', hasRoute: every }).map((item) => item.to)
    const phenom = navItemsFor({ role: 'student', brand: 'phenom', hasRoute: every }).map((item) => item.to)
    expect(knn).toEqual(expect.arrayContaining(['/knn-abre-o-mundo', '/knn-orlando']))
    expect(knn).not.toContain('/london-by-phenom')
    expect(phenom).toContain('/london-by-phenom')
    expect(phenom).not.toContain('/knn-abre-o-mundo')
    expect(phenom).not.toContain('/knn-orlando')
  })

  it('keeps manager entries for managers (D7)', () => {
    expect(navItemsFor({ role: 'student', brand: 'knn', hasRoute: every }).map((i) => i.to)).not.toContain('/manager-panel')
    expect(navItemsFor({ role: 'manager', brand: 'knn', hasRoute: every }).map((i) => i.to)).toContain('/manager-panel')
  })

  it('gives a manager no student-only screen: the server answers them 403 (D7, canCall)', () => {
    const manager = navItemsFor({ role: 'manager', brand: 'knn', hasRoute: every }).map((i) => i.to)
    expect(manager).not.toContain('/financial')
    expect(manager).not.toContain('/pedidos')
    expect(manager).not.toContain('/pedagogico/list')
    expect(manager).not.toContain('/english-test')
    expect(manager).not.toContain('/knn-abre-o-mundo')
    expect(manager).not.toContain('/aula-online')
    expect(manager).toContain('/me')
    expect(tabItemsFor('manager').map((i) => i.to)).toEqual(['/dashboard'])
    expect(tabItemsFor('student').map((i) => i.to)).toEqual(TAB_ITEMS.map((i) => i.to))
  })

  it('gives each screen its main endpoint’s access from the contract (D7)', () => {
    // The table writes the access out so the frame loads no contract schemas; here the two
    // must agree, so a contract change that would hide or show an entry fails this test.
    const mainEndpoints: Record<string, { access: string } | undefined> = {
      '/pedagogico/list': pedagogicoEndpoints.turmas,
      '/aula-online': aulaOnlineEndpoints.aulasOnline,
      '/financial': financeiroEndpoints.financeiro,
      '/pedidos': pedidoEndpoints.pedidos,
      '/english-test': englishTestEndpoints.englishTest,
      '/envios-pendentes': atividadeEndpoints.enviarArquivoAtividade,
      '/avisos': pushEndpoints.avisos,
    }
    for (const item of [...NAV_ITEMS, ...TAB_ITEMS].filter((entry) => entry.to in mainEndpoints)) {
      expect({ to: item.to, access: item.endpoint?.access }).toEqual({ to: item.to, access: mainEndpoints[item.to]?.access })
    }
  })

  it('has each path once and every tab in the drawer too', () => {
    const paths = NAV_ITEMS.map((item) => item.to)
    expect(new Set(paths).size).toBe(paths.length)
    for (const tab of TAB_ITEMS) expect(paths).toContain(tab.to)
  })
})

describe('isInSection', () => {
  it('marks a class’s notas as Pedagógico, not a look-alike path', () => {
    expect(isInSection('/pedagogico/notas/3', '/pedagogico')).toBe(true)
    expect(isInSection('/pedagogico', '/pedagogico')).toBe(true)
    expect(isInSection('/pedagogicos', '/pedagogico')).toBe(false)
    expect(isInSection('/dashboard', '/pedagogico')).toBe(false)
  })
})
