import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from './db/seed.ts'
import { resolveSecrets, secretsPath } from './secrets.ts'
import { createTestApp, loginToken } from './test/app.ts'

const directories: string[] = []
async function dataDir() {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-secrets-'))
  directories.push(directory)
  return directory
}
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })))
})

describe('generated secrets (D17)', () => {
  it('are generated once in DATA_DIR/secrets.json (0600) and reused by the next buildApp', async () => {
    const directory = await dataDir()
    const first = await createTestApp({ dataDir: directory, jwtSecret: null, vapid: null })
    const token = await loginToken(first.app, 'aluno@example.com', DEMO_PASSWORD)
    const firstKey = (await first.app.inject({ method: 'GET', url: '/api/v1/config/' })).json().vapid_public_key
    await first.close()

    const file = secretsPath(directory)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(await readFile(file, 'utf8'))
    expect(stored.jwt_secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(stored.vapid_public_key).toBe(firstKey)

    // The second app (same DATA_DIR, fresh database clone) accepts the first app's token.
    const second = await createTestApp({ dataDir: directory, jwtSecret: null, vapid: null })
    try {
      expect((await second.app.inject({ method: 'GET', url: '/api/v1/config/' })).json().vapid_public_key).toBe(firstKey)
      // Its signature, that is: the session the token names lives in the first app's database.
      expect(second.app.auth.verifyAccessToken(token)).toMatchObject({ userId: expect.any(Number) })
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(stored)
    } finally {
      await second.close()
    }
  })

  it('differ between installations: nothing is a constant in the code', async () => {
    const a = resolveSecrets({ dataDir: await dataDir(), jwtSecret: null, vapid: null })
    const b = resolveSecrets({ dataDir: await dataDir(), jwtSecret: null, vapid: null })
    expect(a.jwtSecret).not.toBe(b.jwtSecret)
    expect(a.vapid.publicKey).not.toBe(b.vapid.publicKey)
    expect(a.vapid.privateKey).not.toBe(b.vapid.privateKey)
  })

  it('yield to configured values, and configuration alone touches no file', async () => {
    const directory = await dataDir()
    const vapid = { publicKey: 'configured-public', privateKey: 'configured-private' }
    const configured = resolveSecrets({ dataDir: directory, jwtSecret: 'j'.repeat(40), vapid })
    expect(configured).toEqual({ jwtSecret: 'j'.repeat(40), vapid })
    await expect(stat(secretsPath(directory))).rejects.toThrow()

    const partly = resolveSecrets({ dataDir: directory, jwtSecret: 'j'.repeat(40), vapid: null })
    expect(partly.jwtSecret).toBe('j'.repeat(40))
    const stored = JSON.parse(await readFile(secretsPath(directory), 'utf8'))
    expect(stored.vapid_public_key).toBe(partly.vapid.publicKey)
    // The configured secret is not copied to disk.
    expect(stored.jwt_secret).not.toBe('j'.repeat(40))
  })
})
