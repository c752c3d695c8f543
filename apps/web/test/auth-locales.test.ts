import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const LOCALES = join(import.meta.dirname, '../public/locales');
const SOURCES = join(import.meta.dirname, '../src/features/auth');
const load = (lang: string): Tree => JSON.parse(readFileSync(join(LOCALES, lang, 'auth.json'), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const ru = flatten(load('ru'));
const en = flatten(load('en'));
const PLURALS = ['_one', '_few', '_many', '_other'];

/** Every key the auth code names: t('x'), i18nKey="x", and key/detailKey values of error and validation results. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const patterns = [
    /\bt\(\s*'([a-zA-Z][\w.]*)'/g,
    /i18nKey="([\w.]+)"/g,
    /'((?:errors|validation|verify|register|login|forgot|reset|common|fields)\.[\w.]+)'/g,
  ];
  for (const file of sourceFiles(SOURCES)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) keys.add(match[1] as string);
  }
  // validation.ts builds `${prefix}Required` etc. from the field name.
  for (const field of ['email', 'password']) {
    for (const suffix of ['Required', 'TooShort', 'TooLong']) keys.add(`validation.${field}${suffix}`);
  }
  return keys;
}

describe('auth translations', () => {
  it('ru and en have the same keys, none empty', () => {
    expect([...en.keys()].sort()).toEqual([...ru.keys()].sort());
    for (const [key, value] of [...ru, ...en]) expect(value.trim(), key).not.toBe('');
  });

  it('keep the same placeholders and tags in both languages', () => {
    const marks = (text: string) => [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();
    for (const [key, value] of ru) {
      const other = en.get(key) ?? '';
      expect(marks(other), key).toEqual(marks(value));
    }
  });

  it('give every plural all four forms', () => {
    const bases = new Set(
      [...ru.keys()].filter((key) => /_(one|few|many|other)$/.test(key)).map((key) => key.replace(/_\w+$/, '')),
    );
    for (const base of bases)
      for (const suffix of PLURALS) expect(ru.has(`${base}${suffix}`), `${base}${suffix}`).toBe(true);
  });

  it('have every key the code uses', () => {
    for (const key of usedKeys()) {
      const present = ru.has(key) || PLURALS.every((suffix) => ru.has(`${key}${suffix}`));
      expect(present, key).toBe(true);
    }
  });

  it('use the wording of the spec', () => {
    expect(en.get('validation.emailRequired')).toBe('Email is required');
    expect(en.get('validation.passwordRequired')).toBe('Password is required');
    expect(en.get('errors.login.unauthorized')).toBe('Invalid email or password');
    expect(en.get('errors.invalidResponse')).toBe('Server returned unexpected format');
    expect(en.get('errors.register.emailExists')).toBe('Email already exists');
    expect(en.get('errors.register.invalidResponse')).toBe('Registration failed with unexpected response format');
    expect(en.get('verify.failed')).toBe('Email verification failed');
    expect(en.get('errors.forgot.failed')).toBe('Failed to request password reset');
    expect(en.get('errors.reset.failed')).toBe('Failed to reset password');
    expect(ru.get('errors.reset.failed')).toBe('Ошибка сброса пароля');
  });
});
