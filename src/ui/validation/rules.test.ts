import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import '../../i18n/index.ts'
import {
  birthDate,
  capitalLettersOnly,
  cpf,
  email,
  EMAIL_PATTERN,
  exactLength,
  excludeCharacters,
  integer,
  maxLength,
  minLength,
  notEmpty,
  numeric,
  pattern,
  required,
  validateField,
  validateForm,
} from './rules.ts'
import { withRules } from './schema-rules.ts'

// The default messages of SPEC §5, verbatim ({0} replaced by the number).
const SPEC = {
  required: 'Este campo é obrigatório',
  email: 'Por favor, insira um e-mail válido',
  number: 'Este campo só pode conter números',
  integer: 'Este campo só pode conter valores inteiros',
  max: (n: number) => `Você deve inserir no máximo ${n} caracteres`,
  min: (n: number) => `Você deve inserir no mínimo ${n} caracteres`,
  strict: 'O comprimento do campo inserido é inválido',
  notEmpty: 'Por favor, escolha pelo menos um valor',
  pattern: 'Formato inválido',
}

describe('required', () => {
  it('rejects empty values with the SPEC message', () => {
    for (const empty of [undefined, null, '', '   ', [], false, Number.NaN]) {
      expect(validateField(empty, [required()])).toBe(SPEC.required)
    }
  })
  it('accepts filled values', () => {
    for (const filled of ['a', 0, ['x'], true, ' x ']) {
      expect(validateField(filled, [required()])).toBeUndefined()
    }
  })
})

describe('format rules', () => {
  it('email', () => {
    expect(validateField('aluno@escola.com.br', [email()])).toBeUndefined()
    expect(validateField('aluno@escola', [email()])).toBe(SPEC.email)
    expect(validateField('aluno escola.com', [email()])).toBe(SPEC.email)
  })

  it('numeric accepts integers and decimals with . or ,', () => {
    for (const ok of ['12', '-3', '1.5', '1,5', 42, 0]) {
      expect(validateField(ok, [numeric()])).toBeUndefined()
    }
    for (const bad of ['12a', '1.2.3', 'abc', '1 2', ['1']]) {
      expect(validateField(bad, [numeric()])).toBe(SPEC.number)
    }
  })

  it('integer', () => {
    expect(validateField('120', [integer()])).toBeUndefined()
    expect(validateField(7, [integer()])).toBeUndefined()
    expect(validateField('1.5', [integer()])).toBe(SPEC.integer)
    expect(validateField(1.5, [integer()])).toBe(SPEC.integer)
  })

  it('pattern', () => {
    const cep = pattern(/^\d{5}-\d{3}$/g)
    expect(validateField('01310-100', [cep])).toBeUndefined()
    // a global regex must not keep state between calls
    expect(validateField('01310-100', [cep])).toBeUndefined()
    expect(validateField('01310100', [cep])).toBe(SPEC.pattern)
  })

  it('capital letters only', () => {
    expect(validateField('SÃO PAULO', [capitalLettersOnly()])).toBeUndefined()
    expect(validateField('ABC1D23', [capitalLettersOnly()])).toBeUndefined()
    expect(validateField('São Paulo', [capitalLettersOnly()])).toBe('Use apenas letras maiúsculas')
    expect(validateField('AÇãO', [capitalLettersOnly()])).toBe('Use apenas letras maiúsculas')
  })

  it('excluded characters', () => {
    const rule = excludeCharacters('<>&')
    expect(validateField('Rua das Flores, 10', [rule])).toBeUndefined()
    expect(validateField('a<b', [rule])).toBe('Este campo não pode conter os caracteres < > &')
    expect(validateField('x;y', [excludeCharacters([';', '--'])])).toBe('Este campo não pode conter os caracteres ; --')
    expect(validateField('a--b', [excludeCharacters([';', '--'])])).toBeDefined()
  })

  it('cpf and birth date', () => {
    expect(validateField('529.982.247-25', [cpf()])).toBeUndefined()
    expect(validateField('529.982.247-26', [cpf()])).toBe('Por favor, insira um CPF válido')
    expect(validateField('2000-02-29', [birthDate()])).toBeUndefined()
    expect(validateField('2001-02-29', [birthDate()])).toBe('Por favor, insira uma data válida')
  })

  it('let an empty optional value pass', () => {
    for (const r of [email(), numeric(), integer(), pattern(/^x$/), cpf(), minLength(3)]) {
      expect(validateField('', [r])).toBeUndefined()
      expect(validateField(undefined, [r])).toBeUndefined()
    }
  })
})

describe('length rules', () => {
  it('render the SPEC text with the number', () => {
    expect(validateField('abcdef', [maxLength(5)])).toBe(SPEC.max(5))
    expect(validateField('ab', [minLength(8)])).toBe(SPEC.min(8))
    expect(validateField('abc', [minLength(1), maxLength(1)])).toBe(SPEC.max(1))
    expect(validateField('1234', [exactLength(11)])).toBe(SPEC.strict)
  })

  it('accept the boundaries', () => {
    expect(validateField('abcde', [maxLength(5)])).toBeUndefined()
    expect(validateField('abcdefgh', [minLength(8)])).toBeUndefined()
    expect(validateField('12345678909', [exactLength(11)])).toBeUndefined()
  })

  it('count characters, not UTF-16 units, and list items', () => {
    expect(validateField('ação😀', [maxLength(5)])).toBeUndefined()
    expect(validateField(['a', 'b', 'c'], [maxLength(2)])).toBe(SPEC.max(2))
  })
})

describe('notEmpty', () => {
  it('asks for at least one choice', () => {
    expect(validateField([], [notEmpty()])).toBe(SPEC.notEmpty)
    expect(validateField(['1'], [notEmpty()])).toBeUndefined()
  })
})

describe('validateField', () => {
  it('returns the first failing rule only', () => {
    const rules = [required(), email(), maxLength(10)]
    expect(validateField('', rules)).toBe(SPEC.required)
    expect(validateField('not-an-email-at-all', rules)).toBe(SPEC.email)
    expect(validateField('a@bcdefg.com', rules)).toBe(SPEC.max(10))
    expect(validateField('a@b.com', rules)).toBeUndefined()
    expect(validateField('anything', [])).toBeUndefined()
  })

  it('uses a custom message when given', () => {
    expect(validateField('', [required('Informe o CPF')])).toBe('Informe o CPF')
  })
})

describe('validateForm and withRules', () => {
  it('collects the first error of each field', () => {
    const errors = validateForm(
      { email: 'x', name: '', phone: '11987654321' },
      { email: [required(), email()], name: [required()], phone: [required(), numeric()] },
    )
    expect(errors).toEqual({ email: SPEC.email, name: SPEC.required })
  })

  it('checks e-mails with the pattern of the contract’s valibot schemas', () => {
    expect(EMAIL_PATTERN.source).toBe(v.EMAIL_REGEX.source)
    expect(EMAIL_PATTERN.flags).toBe(v.EMAIL_REGEX.flags)
  })

  it('adds the rules to a valibot schema', () => {
    const schema = v.object({ email: withRules(v.string(), [required(), email()]) })
    const bad = v.safeParse(schema, { email: '' })
    expect(bad.success).toBe(false)
    expect(bad.issues?.[0].message).toBe(SPEC.required)
    const good = v.safeParse(schema, { email: 'a@b.co' })
    expect(good.success && good.output.email).toBe('a@b.co')
  })
})
