// main.tsx's second step (see boot-step.ts): a module evaluates once, so each step is one.
import { yieldToBrowser } from '../lib/yield-to-browser.ts'

await yieldToBrowser()
