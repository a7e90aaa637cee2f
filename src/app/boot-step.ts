/**
 * Imported between main.tsx's imports: the modules above it evaluate in one task, those
 * below in the next (a top-level await keeps the bundle's order), so the entry's graph is
 * not one long task on a slow phone (issue 7 TBT).
 */
import { yieldToBrowser } from '../lib/yield-to-browser.ts'

await yieldToBrowser()
