import { birthDateSchema, emailSchema, passwordSchema } from '@hunab/contracts';
import { describe, expect, it } from 'vitest';
import {
  birthDateError,
  emailError,
  localToday,
  nameError,
  passwordConfirmError,
  passwordError,
  requiredEmailError,
  requiredPasswordError,
  validateNewPassword,
  validateRegistration,
} from '../src/features/auth/validation.ts';

const TODAY = '2025-03-15';

describe('login fields', () => {
  it('only asks that email and password are filled', () => {
    expect(requiredEmailError('')?.key).toBe('validation.emailRequired');
    expect(requiredEmailError('   ')?.key).toBe('validation.emailRequired');
    expect(requiredEmailError('not an email')).toBeNull();
    expect(requiredPasswordError('')?.key).toBe('validation.passwordRequired');
    expect(requiredPasswordError('x')).toBeNull();
  });
});

describe('email', () => {
  it.each([
    ['', 'validation.emailRequired'],
    ['  ', 'validation.emailRequired'],
    ['a@b', 'validation.emailTooShort'],
    ['name@example', 'validation.emailInvalid'],
    ['name example.com', 'validation.emailInvalid'],
    [`${'a'.repeat(250)}@example.com`, 'validation.emailTooLong'],
  ])('%j gives %s', (value, key) => {
    expect(emailError(value)?.key).toBe(key);
  });

  it('gives the limit as the count of the message', () => {
    expect(emailError('a@b')?.values).toEqual({ count: 5 });
    expect(emailError(`${'a'.repeat(250)}@example.com`)?.values).toEqual({ count: 254 });
  });

  it('accepts what the server accepts, spaces around included', () => {
    expect(emailError('name@example.com')).toBeNull();
    expect(emailError('  name@mail.example.org ')).toBeNull();
  });
});

describe('password', () => {
  it('is required, at least 6 and at most 128 characters', () => {
    expect(passwordError('')?.key).toBe('validation.passwordRequired');
    expect(passwordError('12345')).toEqual({ key: 'validation.passwordTooShort', values: { count: 6 } });
    expect(passwordError('123456')).toBeNull();
    expect(passwordError('x'.repeat(129))).toEqual({ key: 'validation.passwordTooLong', values: { count: 128 } });
  });

  it('refuses characters that cannot be stored', () => {
    expect(passwordError('abc\u0000def')?.key).toBe('validation.invalidCharacters');
  });

  it('confirmation must be given and match', () => {
    expect(passwordConfirmError('secret1', '')?.key).toBe('validation.passwordConfirmRequired');
    expect(passwordConfirmError('secret1', 'secret2')?.key).toBe('validation.passwordMismatch');
    expect(passwordConfirmError('secret1', 'secret1')).toBeNull();
  });
});

describe('birth date', () => {
  it.each([
    ['', 'validation.birthDateRequired'],
    ['2020-02-30', 'validation.birthDateInvalid'],
    ['15.03.1990', 'validation.birthDateInvalid'],
    ['2025-03-16', 'validation.birthDateFuture'],
    ['2019-03-16', 'validation.birthDateTooYoung'],
    ['1904-03-14', 'validation.birthDateTooOld'],
  ])('%j gives %s', (value, key) => {
    expect(birthDateError(value, TODAY)?.key).toBe(key);
  });

  it('accepts ages 6 to 120, birthday counted', () => {
    expect(birthDateError('2019-03-15', TODAY)).toBeNull();
    expect(birthDateError('1905-03-15', TODAY)).toBeNull();
    expect(birthDateError('1990-07-26', TODAY)).toBeNull();
  });

  it('agrees with the server schema on every date it is given', () => {
    const schema = birthDateSchema(() => TODAY);
    const dates = [
      '1899-12-31',
      '1900-01-01',
      '1904-03-15',
      '1905-03-15',
      '1905-03-16',
      '1987-07-26',
      '2019-03-14',
      '2019-03-15',
      '2019-03-16',
      '2025-03-15',
      '2025-03-16',
      '2024-02-29',
      '2023-02-29',
      '2000-13-01',
    ];
    for (const date of dates) {
      expect(birthDateError(date, TODAY) === null, date).toBe(schema.safeParse(date).success);
    }
  });
});

describe('the same rules as the server', () => {
  it('email and password pass exactly when the contracts schemas pass', () => {
    const emails = ['', 'a@b.c', 'ab@c.de', 'x@y', 'user@example.com', ' user@example.com ', 'a b@c.de', 'a@@b.cd'];
    for (const email of emails) expect(emailError(email) === null, email).toBe(emailSchema.safeParse(email).success);
    const passwords = ['', '12345', '123456', ' '.repeat(6), 'x'.repeat(128), 'x'.repeat(129)];
    for (const password of passwords) {
      expect(passwordError(password) === null, password).toBe(passwordSchema.safeParse(password).success);
    }
  });
});

describe('name', () => {
  it('is optional and at most 100 characters', () => {
    expect(nameError('')).toBeNull();
    expect(nameError('Luna')).toBeNull();
    expect(nameError(` ${'x'.repeat(100)} `)).toBeNull();
    expect(nameError('x'.repeat(101))).toEqual({ key: 'validation.nameTooLong', values: { count: 100 } });
  });
});

describe('whole forms', () => {
  it('reports each field of the registration form', () => {
    const errors = validateRegistration(
      { email: 'bad', password: '123', passwordConfirm: '124', name: '', birthDate: '2022-01-01' },
      TODAY,
    );
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.key]))).toEqual({
      email: 'validation.emailTooShort',
      password: 'validation.passwordTooShort',
      passwordConfirm: 'validation.passwordMismatch',
      birthDate: 'validation.birthDateTooYoung',
    });
  });

  it('has nothing to say about a good registration', () => {
    expect(
      validateRegistration(
        {
          email: 'luna@example.com',
          password: 'secret1',
          passwordConfirm: 'secret1',
          name: 'Luna',
          birthDate: '1987-07-26',
        },
        TODAY,
      ),
    ).toEqual({});
  });

  it('checks a new password and its confirmation', () => {
    expect(validateNewPassword({ password: 'secret1', passwordConfirm: 'secret1' })).toEqual({});
    expect(Object.keys(validateNewPassword({ password: '1', passwordConfirm: '2' }))).toEqual([
      'password',
      'passwordConfirm',
    ]);
  });
});

describe('localToday', () => {
  it('is the device date, zero-padded', () => {
    expect(localToday(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(localToday(new Date(2025, 11, 31, 0, 1))).toBe('2025-12-31');
  });
});
