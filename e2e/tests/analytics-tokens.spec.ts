import { expect } from '@playwright/test';
import { createAccount, createAdmin, test, useSession } from './fixtures.ts';

/**
 * A one-time link's page (a password reset, an account restore, a data export, an address confirmation) sends its
 * page view like any page, and the token of its address is in none of what the server keeps: not in the stored
 * events an administrator lists, not in their CSV, not in the reader's recent actions.
 */
test('the token pages leave no token in the analytics', async ({ page, request }) => {
  const reader = await createAccount(request);
  const admin = await createAdmin(request);
  const secret = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const pages = [
    ['/reset-password?token=', secret('reset')],
    ['/account/restore?token=', secret('restore')],
    ['/account?export=', secret('export')],
    ['/verify-email?token=', secret('verify')],
  ] as const;
  await useSession(page, reader);
  const auth = { authorization: `Bearer ${admin.token}` };
  const events = async () => {
    const reply = await request.get(`/api/admin/analytics/events?event=page_view&limit=100`, { headers: auth });
    expect(reply.ok(), await reply.text()).toBe(true);
    return (await reply.json()) as { data: { url: string | null; userId: string | null }[] };
  };
  for (const [path, token] of pages) {
    await page.goto(`${path}${token}&utm_source=mail`);
    const expected = path.split('?')[0];
    // The page view is stored: its address kept the path and the campaign tag only.
    await expect
      .poll(async () =>
        (await events()).data.some((row) => row.userId === reader.user.id && row.url === `${expected}?utm_source=mail`),
      )
      .toBe(true);
  }
  const answers = [
    JSON.stringify(await events()),
    await (await request.get('/api/admin/analytics/events?format=csv', { headers: auth })).text(),
    await (await request.get(`/api/admin/users/${reader.user.id}`, { headers: auth })).text(),
  ];
  for (const answer of answers) for (const [, token] of pages) expect(answer).not.toContain(token);
});
