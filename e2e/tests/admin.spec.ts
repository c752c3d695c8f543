import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Account, ADMIN, createAccount, loginAs, photograph, test, useSession } from './fixtures.ts';

const KIN = 41;

/** A screenshot for looking at, with SCREENSHOTS=1 (fixtures.ts). */
const shot = (page: Page, name: string) =>
  photograph(page, { path: `../screenshots/admin-${name}.png`, fullPage: true });

/** No sideways scrolling of the page itself: wide tables scroll inside their own box. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** 13 Days bought through the built-in test provider, paid, and processed by the server. */
async function paidOrder(request: APIRequestContext, buyer: Account): Promise<string> {
  const created = await request.post('/api/orders', {
    headers: auth(buyer),
    data: { product_id: '13days', provider: 'test', source: 'e2e' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { order, confirmation_url } = (await created.json()).data;
  const paymentId = new URL(confirmation_url).searchParams.get('test_payment');
  const paid = await request.post(`/api/payments/test-provider/${paymentId}/pay`, { headers: auth(buyer), data: {} });
  expect(paid.ok()).toBe(true);
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/orders/${order.id}`, { headers: auth(buyer) })).json()).data.order.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('paid');
  return order.id as string;
}

/** Fills and confirms the dialog of a change that asks for a reason. */
async function confirmWithReason(page: Page, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea[name="reason"]').fill(reason);
  await dialog.getByRole('button', { name: /./ }).filter({ hasNotText: 'Отмена' }).last().click();
  await expect(dialog).toBeHidden();
}

test.describe('the admin area', () => {
  test.describe.configure({ timeout: 180_000 });

  // The longest click journey of the suite on purpose: the clicks through four admin sections are what it is about, at
  // the two widths whose tables and menus differ; what it needs beforehand is made through the API.
  for (const width of [375, 1280]) {
    test(`an administrator finds a user, grants a plan, hides a comment and refunds a payment (${width} px)`, async ({
      page,
      request,
    }) => {
      const admin = await loginAs(request, ADMIN.email, ADMIN.password);
      const buyer = await createAccount(request, { username: `Buyer ${width}` });
      const orderId = await paidOrder(request, buyer);
      const text = `A comment to be hidden at ${width} px.`;
      const posted = await request.post('/api/comments', {
        headers: auth(buyer),
        data: { cycleType: 'kin', cycleValue: KIN, lang: 'ru', content: text },
      });
      expect(posted.status()).toBe(201);
      const commentId = (await posted.json()).data.id as number;

      await page.setViewportSize({ width, height: 900 });
      await useSession(page, admin);

      // Users: search, open, grant a plan with a reason.
      await page.goto('/admin/users');
      if (width < 992) await page.getByRole('button', { name: 'Фильтры' }).click();
      await page.getByPlaceholder('Email или имя').fill(buyer.email);
      const link = page.getByRole('button', { name: buyer.email });
      await expect(link).toBeVisible();
      await expect(page.locator('[data-section="users"] tbody tr')).toHaveCount(1);
      await expectNoPageOverflow(page);
      await shot(page, `admin-users-${width}`);
      await link.click();
      await page.getByRole('button', { name: 'Выдать тариф' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('select[name="plan"]').selectOption('premium');
      await dialog.locator('input[name="days"]').fill('30');
      await dialog.locator('textarea[name="reason"]').fill('Compensation for the outage');
      await dialog.getByRole('button', { name: 'Выдать тариф' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-field="plan"]')).toHaveText('Премиум (Активна)');
      // The records speak the admin's language: labelled columns, amounts in roubles, words for the stored codes.
      const subscriptions = page.locator('[data-records="subscriptions"]');
      await expect(subscriptions.locator('th')).toContainText(['Тариф', 'Статус', 'Период до']);
      await expect(subscriptions.locator('tbody')).toContainText('Премиум');
      await expect(subscriptions.locator('tbody')).toContainText('Выдал администратор');
      const payments = page.locator('[data-records="payments"]');
      await expect(payments.locator('tbody')).toContainText(/2\s?900\s?₽/);
      await expect(payments.locator('tbody')).toContainText('Оплачен');
      await expect(payments.locator('tbody')).toContainText('Тестовая оплата');
      await expect(page.locator('[data-records="purchases"] tbody')).toContainText('Тестовая оплата');
      await expect(page.locator('main')).not.toContainText(/plan_id|current_period_end|290000/);
      await expectNoPageOverflow(page);
      await shot(page, `admin-user-${width}`);

      // Comments: hide the buyer's comment; the public list no longer has it.
      await page.goto('/comments');
      const row = page.locator(`tr[data-comment="${commentId}"]`);
      await expect(row).toContainText(text);
      await row.getByRole('button', { name: 'Скрыть' }).click();
      await confirmWithReason(page, 'Off topic');
      await expect(row.getByText('Скрыт')).toBeVisible();
      await expectNoPageOverflow(page);
      await shot(page, `admin-comments-${width}`);
      const list = await request.get(`/api/comments?cycleType=kin&cycleValue=${KIN}&lang=ru`);
      expect(JSON.stringify(await list.json())).not.toContain(text);

      // Payments: find the buyer's payment and refund part of it.
      await page.goto('/payments');
      if (width < 992) await page.getByRole('button', { name: 'Фильтры' }).click();
      await page.getByPlaceholder('Email или id пользователя').fill(buyer.email);
      const payment = page.locator(`tr[data-payment="${orderId}"]`);
      await expect(payment).toBeVisible();
      await expect(page.locator('[data-section="payments"] tbody tr')).toHaveCount(1);
      await payment.getByRole('button').click();
      await page.getByRole('button', { name: 'Вернуть деньги' }).click();
      const refund = page.getByRole('dialog');
      await refund.locator('input[name="amount"]').fill('100');
      await refund.locator('textarea[name="reason"]').fill('A goodwill refund');
      await refund.getByRole('button', { name: 'Вернуть деньги' }).click();
      await expect(refund).toBeHidden();
      await expect(page.locator('[data-field="status"]')).toHaveText('Частично возвращён');
      await expect(page.locator('[data-field="refunded"]')).toHaveText(/100/);
      await expect(
        page.getByRole('listitem').filter({ hasText: /^Возврат · Оплачен → Частично возвращён/ }),
      ).toBeVisible();
      await expect(
        page.getByRole('listitem').filter({ hasText: /^Заказ создан · новый → Ожидает оплаты/ }),
      ).toBeVisible();
      await expectNoPageOverflow(page);
      await shot(page, `admin-payment-${width}`);

      // Every change is in the audit log.
      await page.goto('/admin/audit');
      for (const action of ['Выдал подписку', 'Скрыл комментарий', 'Вернул деньги']) {
        await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
      }
      // A change to a user names them by email beside the id.
      const grant = page
        .locator('[data-section="audit"] tbody tr')
        .filter({ hasText: 'Выдал подписку' })
        .filter({ hasText: buyer.email });
      await expect(grant).toContainText(buyer.user.id);
      if (width >= 1280) {
        // Every section's name in the side navigation is whole, wrapped where long, none cut off.
        const cut = await page
          .locator('.admin-nav .nav-link')
          .evaluateAll((links) =>
            links.filter((link) => link.scrollWidth > link.clientWidth).map((l) => l.textContent),
          );
        expect(cut).toEqual([]);
      }
      await shot(page, `admin-audit-${width}`);

      // The other sections open and fit the screen.
      const promo = await request.post('/api/admin/promo-codes', {
        headers: auth(admin),
        data: { code: `E2E${width}`, discount_percentage: 15, valid_until: '2099-12-31' },
      });
      expect(promo.ok()).toBe(true);
      // Withdrawn at once (the list still shows it): an active code lowers the prices other tests read.
      expect((await request.delete(`/api/admin/promo-codes/E2E${width}`, { headers: auth(admin) })).ok()).toBe(true);
      for (const [path, section] of [
        ['/subscriptions', 'subscriptions'],
        ['/promocodes', 'promocodes'],
        ['/admin/products', 'products'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(`[data-section="${section}"] tbody tr`).first()).toBeVisible();
        await expectNoPageOverflow(page);
        await shot(page, `admin-${section}-${width}`);
        // Dates as the admin's language writes them.
        if (section === 'promocodes') await expect(page.locator('tbody')).toContainText('31 дек. 2099 г.');
      }
      // Amounts and kinds in the admin's language, not the stored codes.
      const programme = page.locator('[data-product="13days"]');
      await expect(programme).toContainText('программа');
      await expect(programme).toContainText(/2\s?900\s?₽/);
      await expect(page.locator('[data-product="basic_monthly"]')).toContainText('подписка');
      await programme.getByRole('button', { name: 'Изменить' }).click();
      await expect(page.locator('[data-section="product"] input[name="name_i18n.ru"]')).toHaveValue('13 дней');
      await expectNoPageOverflow(page);
      await shot(page, `admin-product-${width}`);
    });
  }

  test('an administrator views the product as a user, with a banner and the way back', async ({ page, request }) => {
    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    const user = await createAccount(request, { username: 'Viewed' });
    await page.setViewportSize({ width: 375, height: 800 });
    await useSession(page, admin);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Фильтры' }).click();
    await page.getByPlaceholder('Email или имя').fill(user.email);
    await page.getByRole('button', { name: user.email }).click();
    await page.getByRole('button', { name: 'Войти как этот пользователь' }).click();
    await confirmWithReason(page, 'Checking a support ticket');
    const banner = page.locator('.impersonation-banner');
    await expect(banner).toContainText(`Вы смотрите как Viewed (${user.email})`);
    await expect(page).toHaveURL(/\/dash/);
    await shot(page, 'admin-impersonation-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'admin-impersonation-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    const me = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()))
        .user;
    });
    expect(me.email).toBe(user.email);
    // Viewing is read-only: the banner says so, and the server refuses a write made through the session.
    await expect(banner).toContainText('Только просмотр');
    const write = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      const reply = await fetch('/api/feed', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: reply.status, body: await reply.json() };
    });
    expect(write).toMatchObject({ status: 403, body: { error: { code: 'IMPERSONATION_READ_ONLY' } } });
    await banner.getByRole('button', { name: 'Вернуться в свой аккаунт' }).click();
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/users/);
    const back = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json()))
        .user;
    });
    expect(back.email).toBe(ADMIN.email);
  });

  test('a reader reports a comment, in Arabic on a phone, and it reaches the moderators', async ({ page, request }) => {
    const author = await createAccount(request, { lang: 'ar' });
    const reader = await createAccount(request, { lang: 'ar' });
    const text = 'تعليق سيُبلَّغ عنه.';
    const posted = await request.post('/api/comments', {
      headers: auth(author),
      data: { cycleType: 'kin', cycleValue: KIN + 1, lang: 'ar', content: text },
    });
    const commentId = (await posted.json()).data.id as number;
    await page.setViewportSize({ width: 375, height: 800 });
    await useSession(page, reader);
    await page.goto(`/ar/kin/${KIN + 1}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const comment = page.locator(`li[data-comment-id="${commentId}"]`);
    await comment.getByRole('button', { name: 'إبلاغ' }).click();
    const form = comment.getByTestId('comment-report-form');
    await form.getByLabel('إهانات أو تحرش').check();
    await form.locator('textarea').fill('كلام جارح');
    await shot(page, 'comment-report-ar-375');
    await form.getByRole('button', { name: 'إرسال البلاغ' }).click();
    await expect(comment.getByRole('status')).toHaveText('شكرًا لك، سيطّلع المشرفون على الأمر.');
    await expectNoPageOverflow(page);

    const admin = await loginAs(request, ADMIN.email, ADMIN.password);
    const queue = await request.get('/api/admin/comment-reports', { headers: auth(admin) });
    const reports = (await queue.json()).data as { comment_id: number; reason: string }[];
    expect(reports.find((r) => r.comment_id === commentId)?.reason).toBe('abuse');
  });
});
