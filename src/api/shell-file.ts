/**
 * Which pre-rendered shell a page request gets (issue 7 item 2): the login screen for
 * /login paths, the signed-in frame with skeletons for every other page, each per brand
 * (D5). Shared by the build (scripts/prerender.ts writes them), the server (sendShell) and
 * the service worker (offline navigations), so all three pick the same file.
 */
import { brandIdForHost, type BrandId } from './brand-host.ts'

export type ShellKind = 'login' | 'app'

export const SHELL_KINDS: readonly ShellKind[] = ['login', 'app']

export function shellKindForPath(pathname: string): ShellKind {
  return pathname === '/login' || pathname.startsWith('/login/') ? 'login' : 'app'
}

/** File name in dist/, served and precached at `/${name}`. */
export function shellFileName(kind: ShellKind, brand: BrandId): string {
  return `shell-${kind}-${brand}.html`
}

export function shellFileFor(pathname: string, hostname: string): string {
  return shellFileName(shellKindForPath(pathname), brandIdForHost(hostname))
}
