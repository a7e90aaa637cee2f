import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDataDir, ConfigError, loadConfig, PUBLIC_URLS_IN_PRODUCTION, testConfig } from './config.ts'

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/portal')
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  it('runs the embedded demo with no variables at all (D3)', () => {
    const config = loadConfig({}, '/srv/portal')
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: path.resolve('/srv/portal/data'),
      databaseUrl: null,
      jwtSecret: null,
      accessTokenTtlMinutes: 8 * 24 * 60,
      vapid: null,
      driveBasePath: '/drive/api/v1',
      drivePublicUrl: null,
      cepServiceUrl: 'https://viacep.com.br',
      sentryDsn: null,
      chatwootUrl: null,
      chatwootWebsiteToken: null,
      productionUrl: null,
      staticDir: path.resolve('/srv/portal/dist'),
      bodyLimitBytes: 1024 * 1024,
      seedDemo: true,
      logLevel: 'info',
      validateResponses: false,
    })
  })

  it('reads and normalises every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/portal',
        DATABASE_URL: 'postgres://portal@db:5432/portal',
        ACCESS_TOKEN_TTL_MINUTES: '60',
        DRIVE_BASE_PATH: '/billing/v1/',
        DRIVE_PUBLIC_URL: 'https://drive.example.com/api/v1/',
        CEP_SERVICE_URL: 'http://127.0.0.1:8181/',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'WARN',
        BODY_LIMIT_BYTES: '2048',
      },
      '/srv/portal',
    )
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://portal@db:5432/portal',
      accessTokenTtlMinutes: 60,
      driveBasePath: '/billing/v1',
      drivePublicUrl: 'https://drive.example.com/api/v1',
      cepServiceUrl: 'http://127.0.0.1:8181',
      seedDemo: false,
      logLevel: 'warn',
      bodyLimitBytes: 2048,
    })
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', SENTRY_DSN: '  ' }, '/srv').port).toBe(8080)
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['ACCESS_TOKEN_TTL_MINUTES', '0'],
    ['DRIVE_BASE_PATH', 'drive'],
    ['DRIVE_PUBLIC_URL', 'drive.example.com'],
    ['CEP_SERVICE_URL', 'ftp://cep.example.com'],
    ['SENTRY_DSN', 'not a url'],
    ['BODY_LIMIT_BYTES', '-1'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['VAPID_SUBJECT', 'someone@example.com'],
    ['VAPID_PUBLIC_KEY', 'abc'],
    ['TRUST_PROXY', 'sim'],
    ['TRUST_PROXY', '10.0.0.1; rm'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'smtp://'],
    ['MAIL_FROM', 'portal'],
    ['PORTAL_PUBLIC_URLS', 'portal.knn.com.br'],
    ['PORTAL_PUBLIC_URLS', 'https://portal.knn.com.br/app'],
  ])('names %s in the error for %j', (variable, value) => {
    const error = configError({ [variable]: value })
    expect(error.variable).toBe(variable)
    expect(error.message).toContain(variable)
  })

  it('never prints a secret value in the error', () => {
    expect(configError({ JWT_SECRET: 'hunter2' }).message).not.toContain('hunter2')
    expect(configError({ SMTP_URL: 'ftp://portal:hunter2@mail' }).message).not.toContain('hunter2')
  })

  it('reads the mail settings (D10): outbox and the local origins by default, demo pages off in production', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({
      production: false,
      smtpUrl: null,
      mailFrom: 'nao-responda@example.com',
      portalPublicUrls: null,
    })
    expect(
      loadConfig(
        {
          NODE_ENV: 'production',
          SMTP_URL: 'smtps://portal:s3nha@mail.example.com:465',
          MAIL_FROM: 'portal@knn.com.br',
          PORTAL_PUBLIC_URLS: 'https://portal.knn.com.br/, https://portal.phenom.com.br',
        },
        '/srv',
      ),
    ).toMatchObject({
      production: true,
      smtpUrl: 'smtps://portal:s3nha@mail.example.com:465',
      mailFrom: 'portal@knn.com.br',
      portalPublicUrls: ['https://portal.knn.com.br', 'https://portal.phenom.com.br'],
    })
  })

  it('refuses production without PORTAL_PUBLIC_URLS, naming it (issue 36: e-mail links never come from the request)', () => {
    const error = configError({ NODE_ENV: 'production' })
    expect(error.variable).toBe('PORTAL_PUBLIC_URLS')
    expect(error.message).toBe(`Configuração inválida: PORTAL_PUBLIC_URLS ${PUBLIC_URLS_IN_PRODUCTION}`)
    expect(loadConfig({ NODE_ENV: 'production', PORTAL_PUBLIC_URLS: 'https://portal.knn.com.br' }, '/srv').production).toBe(true)
    // Outside production the local demo's origins serve (server/mail/links.ts).
    expect(loadConfig({}, '/srv').portalPublicUrls).toBeNull()
  })

  it('wants both VAPID keys or neither', () => {
    const { publicKey } = testConfig().vapid!
    expect(configError({ VAPID_PUBLIC_KEY: publicKey }).variable).toBe('VAPID_PRIVATE_KEY')
    const { privateKey } = testConfig().vapid!
    const error = configError({ VAPID_PRIVATE_KEY: privateKey })
    expect(error.variable).toBe('VAPID_PUBLIC_KEY')
    expect(error.message).toBe('Configuração inválida: VAPID_PUBLIC_KEY é obrigatória quando a outra chave VAPID é informada')
  })

  it('keeps files on local disk by default, and in S3 when S3_BUCKET is set', () => {
    expect(loadConfig({}, '/srv').s3).toBeNull()
    expect(
      loadConfig(
        {
          S3_BUCKET: 'portal-arquivos',
          S3_ENDPOINT: 'http://minio.interno:9000/',
          S3_ACCESS_KEY_ID: 'portal',
          S3_SECRET_ACCESS_KEY: 'segredo-s3',
          S3_PREFIX: 'knn/uploads/',
        },
        '/srv',
      ).s3,
    ).toEqual({
      bucket: 'portal-arquivos',
      endpoint: 'http://minio.interno:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'portal', secretAccessKey: 'segredo-s3' },
      forcePathStyle: true,
      prefix: 'knn/uploads/',
    })
    // AWS itself: the SDK's credentials (an instance role) and virtual-host URLs.
    expect(loadConfig({ S3_BUCKET: 'portal-arquivos', S3_REGION: 'sa-east-1' }, '/srv').s3).toEqual({
      bucket: 'portal-arquivos',
      endpoint: null,
      region: 'sa-east-1',
      credentials: null,
      forcePathStyle: false,
      prefix: '',
    })
  })

  it('refuses half an S3 configuration, naming what is missing and never the secret', () => {
    const forgotten = configError({ S3_ENDPOINT: 'http://minio:9000', S3_SECRET_ACCESS_KEY: 'segredo-s3' })
    expect(forgotten.variable).toBe('S3_BUCKET')
    expect(forgotten.message).toBe('Configuração inválida: S3_BUCKET é obrigatório quando outra variável S3_ é informada')
    expect(forgotten.message).not.toContain('segredo-s3')
    expect(configError({ S3_BUCKET: 'portal-arquivos', S3_SECRET_ACCESS_KEY: 'segredo-s3' }).variable).toBe('S3_ACCESS_KEY_ID')
    expect(configError({ S3_BUCKET: 'Portal_Arquivos' }).variable).toBe('S3_BUCKET')
    expect(configError({ S3_BUCKET: 'portal-arquivos', S3_PREFIX: '/absoluto' }).variable).toBe('S3_PREFIX')
  })

  it('reads TRUST_PROXY as Fastify takes it: off by default, true, hops or proxy addresses', () => {
    expect(loadConfig({}, '/srv').trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }, '/srv').trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }, '/srv').trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }, '/srv').trustProxy).toEqual(['10.0.0.0/8', '::1'])
  })

  it("reads the Pix receiver: the demo's by default, refusing what a BR Code field cannot hold", () => {
    expect(loadConfig({}, '/srv').pix).toEqual({ key: 'pix@example.com', merchantName: 'Escola Demonstração', merchantCity: 'São Paulo' })
    expect(
      loadConfig({ PIX_KEY: ' +5511999998888 ', PIX_MERCHANT_NAME: 'KNN Idiomas Paulista', PIX_MERCHANT_CITY: 'Brasília' }, '/srv').pix,
    ).toEqual({ key: '+5511999998888', merchantName: 'KNN Idiomas Paulista', merchantCity: 'Brasília' })
    // 25 characters once the accents go.
    expect(loadConfig({ PIX_MERCHANT_NAME: 'Associação de Idiomas São' }, '/srv').pix.merchantName).toBe('Associação de Idiomas São')
    expect(configError({ PIX_MERCHANT_NAME: 'Associação Educacional de Idiomas' }).message).toBe(
      'Configuração inválida: PIX_MERCHANT_NAME deve ter no máximo 25 caracteres',
    )
    expect(configError({ PIX_MERCHANT_CITY: 'São José dos Campos' }).variable).toBe('PIX_MERCHANT_CITY')
    expect(configError({ PIX_MERCHANT_CITY: '✓✓' }).message).toBe('Configuração inválida: PIX_MERCHANT_CITY deve ter letras ou números')
    expect(configError({ PIX_KEY: 'chave com espaço' }).variable).toBe('PIX_KEY')
    expect(configError({ PIX_KEY: 'x'.repeat(78) }).variable).toBe('PIX_KEY')
  })
})

describe('checkDataDir', () => {
  function dataDirError(dir: string): string {
    try {
      checkDataDir(dir)
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      expect((error as ConfigError).variable).toBe('DATA_DIR')
      return (error as Error).message
    }
    throw new Error(`expected ${dir} to be refused`)
  }

  it('creates a missing directory and leaves no probe behind', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'portal-datadir-'))
    try {
      checkDataDir(path.join(parent, 'a', 'b'))
      expect(readdirSync(path.join(parent, 'a', 'b'))).toEqual([])
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })

  it('refuses a file, a path under a file and virtual file systems, with the reason', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'portal-datadir-'))
    try {
      const file = path.join(parent, 'arquivo')
      writeFileSync(file, 'x')
      expect(dataDirError(file)).toBe(`Configuração inválida: DATA_DIR (${file}) não é um diretório`)
      expect(dataDirError(path.join(file, 'sub'))).toContain('não é um diretório')
      expect(dataDirError('/proc')).toBe('Configuração inválida: DATA_DIR (/proc) não aceita arquivos (sistema de arquivos virtual?)')
      expect(dataDirError('/sys')).toMatch(/DATA_DIR \(\/sys\) (sem permissão de escrita|está num sistema de arquivos somente leitura)/)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})

describe('testConfig', () => {
  it('draws fresh secrets on every call', () => {
    const a = testConfig()
    const b = testConfig()
    expect(a.jwtSecret).not.toBe(b.jwtSecret)
    expect(a.vapid!.publicKey).not.toBe(b.vapid!.publicKey)
    expect(a.validateResponses).toBe(true)
  })
})
