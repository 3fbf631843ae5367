/**
 * Accessibility check for end-to-end tests: runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the
 * page as it stands and fails on any serious or critical violation, listing each with its targets.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, opts: { exclude?: string[] } = {}): Promise<void> {
  // A fading dialog or toast reads as low contrast: wait until every finite animation has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const sel of opts.exclude ?? []) builder = builder.exclude(sel);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe: serious or critical violations on ${page.url()}`).toEqual([]);
}
