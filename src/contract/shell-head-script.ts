import { SHELL_EARLY_ANSWERS_SCRIPT } from './early-answers.ts'
import { SHELL_EARLY_INPUT_SCRIPT, SHELL_PREFERENCES_SCRIPT } from './shell-file.ts'

/**
 * The one inline script of a shell's head (allowed by its hash, server/plugins/security-headers.ts):
 * the drawer preference, the early input and the early answers. The server and the pre-render
 * use it; the app's bundle never imports this module.
 */
export const SHELL_HEAD_SCRIPT = [SHELL_PREFERENCES_SCRIPT, SHELL_EARLY_INPUT_SCRIPT, SHELL_EARLY_ANSWERS_SCRIPT].join(';')
