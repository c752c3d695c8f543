import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { bootstrapAdmin, DEMO_ADMIN_EMAIL } from '../src/modules/auth/admin-bootstrap.ts';
import { useTestApp } from './helpers/app.ts';
import { client, newEmail, registration } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

describe('the administrator at boot', () => {
  it('creates a demo administrator once on a new embedded database, and it can sign in', async () => {
    const first = await bootstrapAdmin(ctx.database.db, { allowDemo: true, now: new Date() });
    expect(first.action).toBe('demo-created');
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const login = await http.post('/api/auth/login', { email: DEMO_ADMIN_EMAIL, password: first.password });
    expect(login.body.user).toMatchObject({ is_admin: true, email_verified: true });
    const second = await bootstrapAdmin(ctx.database.db, { allowDemo: true, now: new Date() });
    expect(second.action).toBe('none');
    const [row] = await ctx.database.db.select().from(users).where(sql`${users.email} = ${DEMO_ADMIN_EMAIL}`);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('creates the administrator of ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const email = newEmail('boss');
    const result = await bootstrapAdmin(ctx.database.db, {
      email,
      password: 'admin password',
      allowDemo: false,
      now: new Date(),
    });
    expect(result.action).toBe('created');
    const login = await http.post('/api/auth/login', { email, password: 'admin password' });
    expect(login.body.user.is_admin).toBe(true);
    expect(
      (await bootstrapAdmin(ctx.database.db, { email, password: 'admin password', allowDemo: false, now: new Date() }))
        .action,
    ).toBe('unchanged');
  });

  it('promotes an existing account without touching its password', async () => {
    const body = registration();
    await http.post('/api/auth/register', body);
    const result = await bootstrapAdmin(ctx.database.db, {
      email: body.email.toUpperCase(),
      password: 'other password',
      allowDemo: false,
      now: new Date(),
    });
    expect(result.action).toBe('promoted');
    const login = await http.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.body.user.is_admin).toBe(true);
  });
});
