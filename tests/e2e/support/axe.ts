import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** Fails on the accessibility violations `counted` picks, listing them so the failure says what to fix. */
async function expectNoViolations(
  page: Page,
  counted: (violation: Violation) => boolean,
  exclude: readonly string[] = [],
): Promise<void> {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.filter(counted).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} -> ${v.nodes
        .map((n) => `${n.target.join(' ')} [${n.failureSummary ?? ''}]`)
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Fails on serious or critical accessibility violations (outside `exclude`, which another test checks). */
export const expectNoSeriousA11yViolations = (page: Page, exclude: readonly string[] = []) =>
  expectNoViolations(page, (v) => v.impact === 'serious' || v.impact === 'critical', exclude);

/**
 * Fails on any violation, whatever its impact: for the public page types, which Lighthouse scores with minor rules
 * too (an image whose alt repeats its caption cost the listing page a point).
 */
export const expectNoA11yViolations = (page: Page) => expectNoViolations(page, () => true);
