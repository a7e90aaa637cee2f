import Ajv2020 from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { contract } from '../../src/contract/contract.ts'
import { answersFile, schemaEntries, type Endpoint } from '../../src/contract/define.ts'
import { bearer, demoToken, testAppForFile } from '../test/app.ts'

/**
 * The published API (issue 39 item 6): every contract endpoint is in /api/openapi.json with its
 * access, and the real server's answers validate against the schemas it publishes.
 */
const t = testAppForFile()

interface Operation {
  operationId: string
  'x-access': string
  security: unknown[]
  parameters: { name: string; in: string; required: boolean }[]
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}

async function published() {
  const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(answer.statusCode).toBe(200)
  return answer.json() as { openapi: string; paths: Record<string, Record<string, Operation>> }
}

const basePath = (endpoint: Endpoint) => (endpoint.service === 'portal' ? '/api/v1' : t.app.basePaths.drive)

describe('GET /api/openapi.json', () => {
  it('holds every endpoint of the contract once, with its access, parameters, headers and body', async () => {
    const document = await published()
    expect(document.openapi).toBe('3.1.0')
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods))
    expect(operations).toHaveLength(Object.keys(contract).length)
    for (const [name, endpoint] of Object.entries(contract) as [string, Endpoint][]) {
      const operation = document.paths[`${basePath(endpoint)}${endpoint.path}`]?.[endpoint.method.toLowerCase()]
      expect(operation?.operationId, name).toBe(name)
      expect(operation!['x-access'], name).toBe(endpoint.access)
      expect(operation!.security, name).toEqual(endpoint.access === 'public' ? [] : [{ bearer: [] }])
      for (const param of Object.keys(schemaEntries(endpoint.params)))
        expect(operation!.parameters, `${name} ${param}`).toContainEqual(
          expect.objectContaining({ name: param, in: 'path', required: true }),
        )
      for (const header of Object.keys(schemaEntries(endpoint.headers)))
        expect(operation!.parameters, `${name} ${header}`).toContainEqual(expect.objectContaining({ name: header, in: 'header' }))
      if (endpoint.multipart) {
        const properties = operation!.requestBody!.content['multipart/form-data']!.schema.properties!
        for (const part of Object.keys(endpoint.multipart.files)) expect(properties, `${name} ${part}`).toHaveProperty(part)
      }
      expect(operation!.responses, name).toHaveProperty('2XX')
      expect(operation!.responses, name).toHaveProperty('5XX')
    }
  })

  it('is what the real answers are: every GET without parameters, as a student and as a manager, validates', async () => {
    const document = await published()
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    const validated: string[] = []
    for (const [who, access] of [
      ['ana', ['user', 'student']],
      ['gestor', ['user', 'manager']],
    ] as const) {
      const token = await demoToken(t.app, who)
      for (const [name, endpoint] of Object.entries(contract) as [string, Endpoint][]) {
        if (
          endpoint.method !== 'GET' ||
          !(access as readonly string[]).includes(endpoint.access) ||
          endpoint.params ||
          answersFile(endpoint)
        )
          continue
        if (
          Object.values(schemaEntries(endpoint.query)).some((entry) => !['optional', 'nullish'].includes((entry as { type: string }).type))
        )
          continue
        const answer = await t.app.inject({ method: 'GET', url: `${basePath(endpoint)}${endpoint.path}`, headers: bearer(token) })
        if (answer.statusCode !== 200) continue
        const schema = document.paths[`${basePath(endpoint)}${endpoint.path}`]!.get!.responses['2XX']!.content!['application/json']!.schema
        const valid = ajv.validate(schema as object, answer.json())
        expect(valid, `${who} ${name}: ${ajv.errorsText()}`).toBe(true)
        validated.push(`${who} ${name}`)
      }
    }
    expect(validated.length).toBeGreaterThanOrEqual(20)
  })
})

describe('GET /api/docs', () => {
  it('is a page that loads the viewer from this origin, and only the files it needs are served', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('<script src="/api/docs/assets/swagger-ui-bundle.js"></script>')
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' })
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['content-type']).toMatch(/javascript/)
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/init.js' })).body).toContain("url: '/api/openapi.json'")
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js.map' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/assets/package.json' })).statusCode).toBe(404)
  })
})
