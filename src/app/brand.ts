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
}

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

/** The CSS custom properties of src/ui/styles.css that belong to the brand. */
export function brandCssVariables(brand: Brand): Record<string, string> {
  return {
    '--color-primary': brand.colors.primary,
    '--color-primary-strong': brand.colors.primaryStrong,
    '--color-on-primary': brand.colors.onPrimary,
    '--color-primary-soft': brand.colors.primarySoft,
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
  meta(doc, 'theme-color').content = brand.colors.primary
  meta(doc, 'description').content = brand.description
  meta(doc, 'application-name').content = brand.shortName
  meta(doc, 'apple-mobile-web-app-title').content = brand.shortName
  link(doc, 'manifest').href = brand.manifest
  link(doc, 'icon', 'image/svg+xml').href = brand.favicon
  link(doc, 'apple-touch-icon').href = brand.appleTouchIcon
  doc.title = brand.title
}
