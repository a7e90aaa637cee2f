/**
 * The two brands of D5 (SPEC §1, §9) in one typed table, chosen at run time from the
 * hostname. One build serves both: applyBrand() switches colours, manifest, favicon and
 * title on the live document. index.html carries brand `knn` so the first paint matches
 * the default brand.
 */
import { BRAND_IDENTITY, brandIdForHost, type BrandId } from '../contract/brand-host.ts'

export type { BrandId }

export interface BrandColors {
  /** The exact brand colour: theme-color, icons, accents. */
  primary: string
  /**
   * A shade of the brand colour for white text on it and primary-coloured text on white,
   * with at least 4.5:1 contrast (WCAG AA). For knn it is the brand colour itself; the
   * phenom pink reaches only 4.1:1 with white, so a slightly deeper pink is used there.
   */
  primaryStrong: string
  /** Text and icons on primaryStrong. */
  onPrimary: string
  /** A light tint for highlighted rows and hovered secondary buttons (text stays dark). */
  primarySoft: string
  /** Splash-screen background of the installed app (light theme, SPEC §1). */
  background: string
  /**
   * The same roles in the dark scheme (issue 40 item 9), on dark surfaces: light tints of the
   * brand for accents and for primary-coloured text, dark text on the strong one, a deep tint
   * for highlighted rows. brand.test.ts checks each pair reaches AA.
   */
  dark: Omit<BrandColors, 'background' | 'dark'>
}

/** The browser's bar in the dark scheme: the app's dark top bar (--color-surface of styles.css). */
export const DARK_THEME_COLOR = '#1D1B20'

export interface Brand {
  id: BrandId
  name: string
  shortName: string
  /** The franchise variant is the first-named brand (SPEC §1). */
  franchise: boolean
  /** Portuguese, for the manifest and <meta name=description>. */
  description: string
  /** document.title of the app shell. */
  title: string
  colors: BrandColors
  /** Web app manifest URL (public/). */
  manifest: string
  /** SVG favicon URL (public/), also usable as a logo mark. */
  favicon: string
  /** 180×180 PNG for iOS home screens. */
  appleTouchIcon: string
}

export const BRANDS = {
  knn: {
    id: 'knn',
    name: BRAND_IDENTITY.knn.name,
    shortName: 'KNN',
    franchise: true,
    description: 'Portal do aluno KNN Idiomas: aulas, notas, financeiro e pedidos, mesmo sem internet.',
    title: 'KNN Idiomas · Portal do aluno',
    colors: {
      primary: '#3E009F',
      primaryStrong: BRAND_IDENTITY.knn.primaryStrong,
      onPrimary: '#FFFFFF',
      primarySoft: '#ECE5F7',
      background: '#FFFFFF',
      dark: { primary: '#A88BF0', primaryStrong: '#C9B6FF', onPrimary: '#1D1B20', primarySoft: '#2F2548' },
    },
    manifest: '/manifest-knn.webmanifest',
    favicon: '/favicon-knn.svg',
    appleTouchIcon: '/icons/knn-apple-touch-icon.png',
  },
  phenom: {
    id: 'phenom',
    name: BRAND_IDENTITY.phenom.name,
    shortName: 'Phenom',
    franchise: false,
    description: 'Portal do aluno Phenom Idiomas: aulas, notas, financeiro e pedidos, mesmo sem internet.',
    title: 'Phenom Idiomas · Portal do aluno',
    colors: {
      primary: '#F70052',
      primaryStrong: BRAND_IDENTITY.phenom.primaryStrong,
      onPrimary: '#FFFFFF',
      primarySoft: '#FDE6EE',
      background: '#FFFFFF',
      dark: { primary: '#FF7A9C', primaryStrong: '#FFB0C2', onPrimary: '#1D1B20', primarySoft: '#3E1D29' },
    },
    manifest: '/manifest-phenom.webmanifest',
    favicon: '/favicon-phenom.svg',
    appleTouchIcon: '/icons/phenom-apple-touch-icon.png',
  },
} as const satisfies Record<BrandId, Brand>

export const DEFAULT_BRAND_ID: BrandId = 'knn'

/** D5: a hostname containing "phenom" selects phenom; every other host gets knn. */
export function brandFromHostname(hostname: string): Brand {
  return BRANDS[brandIdForHost(hostname)]
}

/**
 * The brand's custom properties, which src/ui/styles.css reads into its colour tokens: the
 * light scheme's `--brand-*` and the dark scheme's `--brand-dark-*` (the stylesheet picks by
 * prefers-color-scheme; an inline token would win over its media query).
 */
export function brandCssVariables(brand: Brand): Record<string, string> {
  const { colors } = brand
  return {
    '--brand-primary': colors.primary,
    '--brand-primary-strong': colors.primaryStrong,
    '--brand-on-primary': colors.onPrimary,
    '--brand-primary-soft': colors.primarySoft,
    '--brand-dark-primary': colors.dark.primary,
    '--brand-dark-primary-strong': colors.dark.primaryStrong,
    '--brand-dark-on-primary': colors.dark.onPrimary,
    '--brand-dark-primary-soft': colors.dark.primarySoft,
  }
}

/** The element `selector` in <head>, created from `create` when missing. */
function headElement<T extends HTMLElement>(doc: Document, selector: string, create: () => T): T {
  const found = doc.head.querySelector<T>(selector)
  if (found) return found
  const element = create()
  doc.head.append(element)
  return element
}

function meta(doc: Document, name: string): HTMLMetaElement {
  return headElement(doc, `meta[name="${name}"]`, () => {
    const element = doc.createElement('meta')
    element.name = name
    return element
  })
}

function link(doc: Document, rel: string, type?: string): HTMLLinkElement {
  const selector = type ? `link[rel="${rel}"][type="${type}"]` : `link[rel="${rel}"]`
  return headElement(doc, selector, () => {
    const element = doc.createElement('link')
    element.rel = rel
    if (type) element.type = type
    return element
  })
}

/** The theme-color of one scheme (index.html has both: the browser's bar follows the device's scheme). */
function themeColor(doc: Document, scheme: 'light' | 'dark'): HTMLMetaElement {
  const media = `(prefers-color-scheme: ${scheme})`
  return headElement(doc, `meta[name="theme-color"][media="${media}"]`, () => {
    const element = doc.createElement('meta')
    element.name = 'theme-color'
    element.setAttribute('media', media)
    return element
  })
}

/**
 * Puts `brand` on the document: colour tokens and data-brand on <html>, theme-color,
 * manifest, favicon, apple-touch-icon, app titles and document.title. Idempotent.
 */
export function applyBrand(brand: Brand, doc: Document = document): void {
  const root = doc.documentElement
  root.dataset.brand = brand.id
  for (const [name, value] of Object.entries(brandCssVariables(brand))) {
    root.style.setProperty(name, value)
  }
  themeColor(doc, 'light').content = brand.colors.primary
  themeColor(doc, 'dark').content = DARK_THEME_COLOR
  meta(doc, 'description').content = brand.description
  meta(doc, 'application-name').content = brand.shortName
  meta(doc, 'apple-mobile-web-app-title').content = brand.shortName
  link(doc, 'manifest').href = brand.manifest
  link(doc, 'icon', 'image/svg+xml').href = brand.favicon
  link(doc, 'apple-touch-icon').href = brand.appleTouchIcon
  doc.title = brand.title
}
