/**
 * Which brand a host serves (SPEC §1, D5): a hostname containing "phenom" is brand phenom,
 * any other is knn. Shared by the app (run-time brand), the service worker and the server
 * (the shell they hand out), so all three always agree.
 */
export type BrandId = 'knn' | 'phenom'

export function brandIdForHost(hostname: string): BrandId {
  return hostname.toLowerCase().includes('phenom') ? 'phenom' : 'knn'
}

/**
 * The built index.html names brand knn's manifest, favicon, icons and theme colour. A
 * browser reads the manifest link while parsing, before any script runs, so a phenom host
 * must get the shell with phenom's files already in place (install dialog, installed app).
 */
export function brandShellHtml(html: string, hostname: string): string {
  if (brandIdForHost(hostname) !== 'phenom') return html
  return html
    .replace(/\/(manifest|favicon)-knn\./g, '/$1-phenom.')
    .replace(/\/icons\/knn-/g, '/icons/phenom-')
    .replace(/(<meta name="theme-color" media="\(prefers-color-scheme: light\)" content=")#3E009F"/i, '$1#F70052"')
    .replace(/<title>KNN Idiomas/, '<title>Phenom Idiomas')
}

/**
 * What the server needs of each brand too (the e-mails it sends): the name and the
 * shade that carries white text. src/app/brand.ts builds the full brands on these.
 */
export const BRAND_IDENTITY = {
  knn: { name: 'KNN Idiomas', primaryStrong: '#3E009F' },
  phenom: { name: 'Phenom Idiomas', primaryStrong: '#D10047' },
} as const satisfies Record<BrandId, { name: string; primaryStrong: string }>
