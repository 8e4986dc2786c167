import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Accessibility checks in Chromium with axe-core: the page is checked as the user sees it
// (contrast included) and any serious or critical violation fails the test, listed by rule
// and element so the failure says what to fix. A screen is added with one line:
//   await expectAccessible(app.page, 'Letters list');

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Mantine's transitions (menus, drawers, modals) run 150–250 ms; a half-faded element
  // would be judged on a contrast it never keeps.
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    // Runs in the page; this file is type-checked without the DOM library, hence globalThis.
    const win = globalThis as unknown as { document: unknown; axe: { run: (context: unknown, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } };
    const { violations } = await win.axe.run(win.document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => `${node.target.map(String).join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
      }));
  });
}

/** Fails with the findings when the screen has any serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, `${screen}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
}
