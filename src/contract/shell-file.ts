/**
 * Which pre-rendered shell a page request gets (issue 7 item 2): the login screen for
 * /login paths, the friend's referral form for /indicacao/{code} (issue 13), the
 * signed-in frame with skeletons for every other page, each per brand (D5). Shared by the build (scripts/prerender.ts writes them), the server (sendShell) and
 * the service worker (offline navigations), so all three pick the same file.
 */
import { brandIdForHost, type BrandId } from './brand-host.ts'

export type ShellKind = 'login' | 'indicacao' | 'app'

export const SHELL_KINDS: readonly ShellKind[] = ['login', 'indicacao', 'app']

export function shellKindForPath(pathname: string): ShellKind {
  if (pathname === '/login' || pathname.startsWith('/login/')) return 'login'
  // A referral link is public: a friend who is not logged in must not see the signed-in frame first.
  return pathname.startsWith('/indicacao/') ? 'indicacao' : 'app'
}

/**
 * Signed-in screens opened directly often enough to have a shell of their own (issue 37):
 * the tab bar's areas, drawn in the frame in their loading state, so their first
 * paint is their own heading and skeletons rather than an empty frame that waits for the
 * app's code and data (their LCP was 4.6–5.7 s on slow 4G). Every other signed-in page gets
 * the dashboard's shell; the club's pages too, as what they draw depends on whether
 * the student is a member, which a shell cannot know.
 */
export const SCREEN_SHELL_PATHS = ['/pedagogico/list', '/financial', '/pedidos'] as const
export type ScreenShellPath = (typeof SCREEN_SHELL_PATHS)[number]

/** The screen shell for a path (a trailing slash is the same page), if it has one. */
export function screenShellPath(pathname: string): ScreenShellPath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return SCREEN_SHELL_PATHS.find((screen) => screen === path) ?? null
}

/** File name in dist/, served and precached at `/${name}`; a screen shell's names its screen. */
export function shellFileName(kind: ShellKind, brand: BrandId, screen: ScreenShellPath | null = null): string {
  const slug = screen ? `-${screen.slice(1).replaceAll('/', '-')}` : ''
  return `shell-${kind}${slug}-${brand}.html`
}

export function shellFileFor(pathname: string, hostname: string): string {
  const kind = shellKindForPath(pathname)
  return shellFileName(kind, brandIdForHost(hostname), kind === 'app' ? screenShellPath(pathname) : null)
}

/** Set on a screen shell's <html>: the page it draws, for the head script's check below. */
export const SHELL_SCREEN_ATTRIBUTE = 'data-shell-screen'

/** Local-storage key of the side drawer minimised to icons (SPEC §2 tour "minimize/expand menu"). */
export const DRAWER_MINIMIZED_KEY = 'drawer_minimized'

/**
 * Where the side drawer shows: `mediaQueryUp('lg')` of src/ui/breakpoints.ts (written out
 * here because that module loads React; shell-file.test.ts keeps the two equal).
 */
export const SIDE_DRAWER_MEDIA = '(min-width: 1050px)'

/**
 * Set on <html> when the app shell, which draws the dashboard, stands for another screen
 * (/me, /financial…): scripts/prerender.ts hides the dashboard's content there, keeping the
 * frame, so no student sees the home screen's cards flash before their own screen.
 */
export const SHELL_OTHER_SCREEN_CLASS = 'shell-other-screen'

/**
 * Runs in a shell's head before its first paint (issue 7 item 2): the side drawer as the
 * student left it, so nothing jumps when React takes over. Only where the side drawer shows:
 * a page's first read of local storage waits for the browser to load it, 7–17 ms
 * at 4× CPU before the first paint, and a phone has no side drawer to set. Then whether the
 * page is the one the shell draws: the dashboard, or a screen shell's own. The CSP allows exactly this text by its hash
 * (server/plugins/security-headers.ts).
 */
export const SHELL_PREFERENCES_SCRIPT = `try{matchMedia('${SIDE_DRAWER_MEDIA}').matches&&localStorage.getItem('${DRAWER_MINIMIZED_KEY}')==='1'&&document.documentElement.classList.add('drawer-minimized')}catch(e){}(function(s){(s?location.pathname.replace(/(.)\\/$/,'$1')===s:/^\\/(dashboard\\/?)?$/.test(location.pathname))||document.documentElement.classList.add('${SHELL_OTHER_SCREEN_CLASS}')})(document.documentElement.getAttribute('${SHELL_SCREEN_ATTRIBUTE}'))`

/** Set on <html> once a link of the pre-rendered frame was tapped: its screen is on its way (issue 37). */
export const SHELL_EARLY_NAV_CLASS = 'shell-early-nav'

/**
 * The pre-rendered first screen answers the student before the app's code has run (issue
 * 37): its fields take typing natively; this part of the head script makes "Entrar" (any
 * submit) show itself busy, the password's eye show or hide it, and a tapped link of the
 * frame become the current entry, and records the submit and the link on #root
 * (`data-early-submit`, the form's index; `data-early-nav`, the path). The app hands all of
 * it over at its first commit (src/app/early-input.ts). It does nothing once the app took over.
 */
export const SHELL_EARLY_INPUT_SCRIPT =
  "(function(){var d=document,R=function(e){var r=d.getElementById('root');return r&&r.hasAttribute('data-prerendered')&&r.contains(e.target)?r:null};" +
  "d.addEventListener('submit',function(e){var r=R(e);if(!r)return;e.preventDefault();if(r.hasAttribute('data-early-submit'))return;" +
  "r.setAttribute('data-early-submit',String([].indexOf.call(r.querySelectorAll('form'),e.target)));var b=e.target.querySelector('[type=submit]');" +
  "if(b){b.setAttribute('aria-busy','true');b.insertAdjacentHTML('afterbegin','<span class=\"ui-spinner ui-spinner--sm ui-button__spinner\" aria-hidden=\"true\"><span class=\"ui-spinner__circle\"></span></span>')}},true);" +
  "d.addEventListener('click',function(e){var r=R(e);if(!r||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;var t=e.target.closest('a[href^=\"/\"],.ui-field__reveal');if(!t)return;if(t.tagName==='A'&&r.getAttribute('data-prerendered')!=='app'){e.preventDefault();return}" +
  "if(t.tagName!=='A'){var i=d.getElementById(t.getAttribute('aria-controls'));if(i){var s=i.type==='password';i.type=s?'text':'password';i.toggleAttribute('data-early-revealed',s)}return}" +
  "e.preventDefault();var h=t.getAttribute('href');r.setAttribute('data-early-nav',h);" +
  `d.documentElement.classList.remove('${SHELL_OTHER_SCREEN_CLASS}');d.documentElement.classList.add('${SHELL_EARLY_NAV_CLASS}');` +
  "r.querySelectorAll('[aria-current=page]').forEach(function(a){a.removeAttribute('aria-current');a.classList.remove('tab-bar__item--active','drawer__item--active')});" +
  "r.querySelectorAll('a[href=\"'+h+'\"]').forEach(function(a){var c=a.classList;if(!c.contains('tab-bar__item')&&!c.contains('drawer__item'))return;a.setAttribute('aria-current','page');c.add(c.contains('tab-bar__item')?'tab-bar__item--active':'drawer__item--active')})},true)})()"
