import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

/** Fails on accessibility violations of the given impacts, listing them so the failure says what to fix. */
async function expectNoViolations(page: Page, impacts: readonly Impact[]): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const counted = results.violations.filter((v) => impacts.includes(v.impact as Impact));
  const summary = counted.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Fails on serious or critical accessibility violations. */
export const expectNoSeriousA11yViolations = (page: Page) => expectNoViolations(page, ['serious', 'critical']);

/**
 * Fails on a violation of any impact: for the public page types, which Lighthouse scores with minor rules too (an
 * image whose alt repeats its caption cost the listing page a point).
 */
export const expectNoA11yViolations = (page: Page) =>
  expectNoViolations(page, ['minor', 'moderate', 'serious', 'critical']);
