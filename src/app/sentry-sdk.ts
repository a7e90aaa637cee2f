/**
 * The part of the Sentry SDK the app uses, behind one dynamic import (monitoring.ts). Its
 * own module gives the chunk a stable name, `sentry-sdk-<hash>.js`, which the service
 * worker leaves out of its precache (vite.config.ts): most deployments run without a DSN
 * and must not store the SDK on every phone (issue 7 §3).
 */
export { browserTracingIntegration, captureException, init } from '@sentry/react'
