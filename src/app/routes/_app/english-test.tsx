import { createFileRoute } from '@tanstack/react-router'
import i18next from 'i18next'
import { EnglishTestView } from '../../../features/english-test/components/english-test-view.tsx'
import { englishTestQueryOptions } from '../../../features/english-test/api/english-test.ts'

export const Route = createFileRoute('/_app/english-test')({
  // Its texts are a chunk of their own, like the QR login's: few students open it.
  // Issue 7: the screen's request starts with `/users/me/`; the screen draws from the device meanwhile.
  loader: async ({ context }) => {
    void context.queryClient.prefetchQuery(englishTestQueryOptions)
    const { default: texts } = await import('../../../i18n/pt-BR/english-test.json')
    i18next.addResourceBundle('pt-BR', 'englishTest', texts, true, false)
  },
  component: EnglishTestView,
})
