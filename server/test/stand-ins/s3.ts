// Stand-in for S3-compatible object storage (an outside system, D4): the `s3rver` package,
// a real S3 HTTP API on 127.0.0.1 keeping objects in a temporary folder, with one empty
// bucket. The portal talks to it with the real AWS SDK, as it would to S3 or MinIO.
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
// @ts-expect-error -- s3rver ships no types; only its constructor, run and close are used.
import S3rver from 's3rver'
import { s3Client, type S3Settings } from '../../storage/s3.ts'

interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}

export interface S3StandIn {
  /** Settings pointing the portal at the stand-in's bucket (what S3_* would say). */
  settings: S3Settings
  /** The environment variables that configure the same (server/config.ts). */
  env: Record<string, string>
  /** Every object key in the bucket, sorted. */
  keys(): Promise<string[]>
  close(): Promise<void>
}

export async function startS3StandIn(bucket = 'portal-arquivos'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portal-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  }) as S3rverInstance
  const { port } = await server.run()
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials,
    forcePathStyle: true,
    prefix: '',
  }
  const client = s3Client(settings)
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listed.Contents ?? []).map((object) => object.Key!).sort()
    },
    async close() {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
