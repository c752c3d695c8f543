import { expect } from '@playwright/test';
import { checkWidths, test, viewport } from './fixtures.ts';

/**
 * The glyph gallery at the hidden route /test/glyphs: every seal, tone, plasma and rune is a labelled image,
 * the kin cards fall back to the warning symbol, and screenshots at phone and desktop widths, dark and light,
 * go to ../screenshots/glyphs-*.png for review.
 */
for (const theme of ['dark', 'light'] as const) {
  test(`glyph gallery, ${theme}, at 375 and 1280 px`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize(viewport(375));
    await page.goto('/test/glyphs');
    await expect(page.getByTestId('glyph-gallery')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);

    const labelled = (section: string) => page.getByTestId(section).locator('svg[role="img"]');
    await expect(labelled('glyphs-seals')).toHaveCount(20);
    await expect(labelled('glyphs-tones')).toHaveCount(13);
    await expect(labelled('glyphs-plasmas')).toHaveCount(7);
    await expect(labelled('glyphs-runes')).toHaveCount(28);
    for (const section of ['glyphs-seals', 'glyphs-tones', 'glyphs-plasmas', 'glyphs-runes']) {
      for (const label of await labelled(section).evaluateAll((svgs) =>
        svgs.map((s) => s.getAttribute('aria-label')),
      )) {
        expect(label?.trim(), `an image in ${section} without a name`).toBeTruthy();
      }
    }
    await expect(page.getByTestId('glyphs-seals').locator('svg[data-glyph="seal"]').first()).toBeVisible();

    // Kin 0, 261 and 1.5 show the warning symbol; the selected card is a pressed button.
    await expect(page.locator('[data-testid="kin-card"][data-kin="invalid"] svg[data-glyph="warning"]')).toHaveCount(3);
    await expect(page.getByRole('button', { pressed: true }).first()).toBeVisible();

    await checkWidths(page, `glyphs-${theme}`);
  });
}
