import { expect } from '@playwright/test';
import { test } from './fixtures.ts';

/** The header's settings menu with the keyboard alone (WAI-ARIA menu button pattern). */
test('the settings menu opens, moves, closes and gives focus back with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/en/tzolkin');
  const button = page.getByTestId('settings-button');
  const menu = page.getByTestId('settings-menu');
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // Focus lands on the language in use, and the arrows move through the items, wrapping at both ends.
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  expect(await focused()).not.toBe('English');
  await page.keyboard.press('End');
  await expect(page.getByTestId('theme-toggle')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('theme-toggle')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();

  // Escape closes the menu and focus returns to its button, not to the page.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();

  // ArrowUp on the button opens at the last item; Tab closes the menu on the way to the next control.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('theme-toggle')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  const after = await page.evaluate(() => {
    const active = document.activeElement;
    return { body: active === document.body, inMenu: !!active?.closest('[data-testid="settings-menu"]') };
  });
  expect(after).toEqual({ body: false, inMenu: false });
  await expect(button).not.toBeFocused();
});
