import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import webpush from 'web-push'
import type { Config, VapidKeys } from './config.ts'

/**
 * The signing secret and the VAPID key pair (D17). Configuration wins; otherwise they are
 * generated once and kept in `${DATA_DIR}/secrets.json` (mode 0600), so tokens and push
 * subscriptions survive a restart. There is never a secret constant in the code.
 */
export interface Secrets {
  jwtSecret: string
  vapid: VapidKeys
}

const SecretsFile = v.object({
  jwt_secret: v.optional(v.pipe(v.string(), v.minLength(32))),
  vapid_public_key: v.optional(v.string()),
  vapid_private_key: v.optional(v.string()),
})
type SecretsFile = v.InferOutput<typeof SecretsFile>

export function secretsPath(dataDir: string): string {
  return path.join(dataDir, 'secrets.json')
}

export function resolveSecrets(config: Pick<Config, 'dataDir' | 'jwtSecret' | 'vapid'>): Secrets {
  if (config.jwtSecret && config.vapid) return { jwtSecret: config.jwtSecret, vapid: config.vapid }

  const file = secretsPath(config.dataDir)
  const stored = readSecretsFile(file)
  const complete: Required<SecretsFile> = {
    jwt_secret: stored?.jwt_secret ?? randomBytes(32).toString('base64url'),
    ...(stored?.vapid_public_key && stored.vapid_private_key
      ? { vapid_public_key: stored.vapid_public_key, vapid_private_key: stored.vapid_private_key }
      : keyPairAsFile(webpush.generateVAPIDKeys())),
  }
  if (
    !stored ||
    stored.jwt_secret !== complete.jwt_secret ||
    stored.vapid_public_key !== complete.vapid_public_key ||
    stored.vapid_private_key !== complete.vapid_private_key
  ) {
    writeSecretsFile(file, complete)
  }

  return {
    jwtSecret: config.jwtSecret ?? complete.jwt_secret,
    vapid: config.vapid ?? { publicKey: complete.vapid_public_key, privateKey: complete.vapid_private_key },
  }
}

function keyPairAsFile(keys: VapidKeys) {
  return { vapid_public_key: keys.publicKey, vapid_private_key: keys.privateKey }
}

function readSecretsFile(file: string): SecretsFile | null {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`${file} não é um JSON válido; corrija-o ou apague-o para gerar novos segredos.`)
  }
  const parsed = v.safeParse(SecretsFile, json)
  if (!parsed.success) throw new Error(`${file} tem um formato inesperado: ${parsed.issues[0].message}`)
  // Tighten a file someone copied in with looser permissions.
  chmodSync(file, 0o600)
  return parsed.output
}

/** Write-then-rename, so a crash never leaves a half-written file with lost keys. */
function writeSecretsFile(file: string, secrets: Required<SecretsFile>): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, file)
}
