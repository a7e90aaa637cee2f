// Vite's `build()` for the bench's own pages (the Dexie read page, the floor page). Vite sets
// process.env.NODE_ENV to "production" in the process that calls it and leaves it there: every
// server the bench started afterwards inherited it and, in production, refused to start
// without PORTAL_PUBLIC_URLS. The bench's environment is put back after each build.
import { build, type InlineConfig } from 'vite'

export async function viteBuild(config: InlineConfig): ReturnType<typeof build> {
  const nodeEnv = process.env.NODE_ENV
  try {
    return await build(config)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}
