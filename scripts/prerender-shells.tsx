/**
 * The first screens as static HTML (issue 7 item 2), rendered from the app itself by
 * scripts/prerender.ts through Vite's SSR loader:
 * - login: /login/main as a logged-out visitor sees it (logo, brand colours, form);
 * - indicacao: the friend's referral form of /indicacao/{code}, public like login;
 * - app: /dashboard inside the signed-in frame (header, drawer) with the cards in their
 *   loading state, so the skeletons have the size of the cards that replace them; and each
 *   screen shell (SCREEN_SHELL_PATHS) the same way, its screen in the frame.
 * Whatever the routes, layout and screens render today is what the shells show.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import { createActor } from 'xstate'
import type { ScreenShellPath, ShellKind } from '../src/contract/shell-file.ts'
import type { CurrentUser } from '../src/contract/schemas/user.ts'
import { BrandProvider } from '../src/app/brand-context.tsx'
import type { Brand } from '../src/app/brand.ts'
import { routeTree } from '../src/app/route-tree.gen.ts'
import type { SessionActor } from '../src/app/session-runtime.ts'
import { SessionProvider } from '../src/app/session.tsx'
import { loadScreenTexts } from '../src/i18n/index.ts'
import { sessionMachine } from '../src/machines/session.ts'

/**
 * Stands in for the signed-in student the shell cannot know: a student of a school (as
 * students are) with a name of common length, so the greeting, the school line, the name in
 * the header and the avatar keep about their place (prerender.ts hides their text until
 * React runs).
 */
const PLACEHOLDER_USER = {
  id: 0,
  full_name: 'Nome Sobrenome',
  email: null,
  role: 'student',
  drive_user: { company: { name: '\u00a0' } },
  driver_tour: {},
} as unknown as CurrentUser

/**
 * The session the first screen is drawn for: logged out for the public pages; for the frame,
 * logged in as the placeholder student (never started: nothing is fetched).
 */
function sessionFor(kind: ShellKind): SessionActor {
  const loggedOut = createActor(sessionMachine, { input: { token: null } })
  if (kind !== 'app') return loggedOut
  const context = { ...loggedOut.getSnapshot().context, currentUser: PLACEHOLDER_USER }
  return createActor(sessionMachine, { input: { token: null }, snapshot: sessionMachine.resolveState({ value: 'loggedIn', context }) })
}

/**
 * The first URL each shell is drawn at: the login form, a referral form (the page shows no
 * part of its code: every link draws the same), and the dashboard inside the frame.
 */
const SHELL_PATHS: Record<ShellKind, string> = { login: '/login/main', indicacao: '/indicacao/CODIGO', app: '/dashboard' }

/**
 * The markup that goes inside <div id="root"> for `kind`: the app's own router, routes,
 * guards and screens, as main.tsx mounts them, with no data yet (cards in their loading
 * state) and the brand's name and logo.
 */
export async function renderShell(kind: ShellKind, brand: Brand, screen: ScreenShellPath | null = null): Promise<string> {
  await loadScreenTexts()
  const path = screen ?? SHELL_PATHS[kind]
  const queryClient = new QueryClient()
  // The route loaders prefetch each screen's data; at build time there is none to fetch, and
  // a failed fetch would draw "not yet on this device" into every student's first paint.
  // The shell shows the cards as they are while the first answer is on its way: loading.
  queryClient.prefetchQuery = () => Promise.resolve()
  const session = sessionFor(kind)
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { queryClient, session } })
  await router.load()
  const drawn = router.state.location.pathname
  if (drawn !== path)
    throw new Error(`the ${kind} shell was sent from ${path} to ${drawn}: the session stand-in no longer passes the route guards`)
  const { prelude } = await prerender(
    <BrandProvider brand={brand}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider actor={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </BrandProvider>,
  )
  return new Response(prelude).text()
}
