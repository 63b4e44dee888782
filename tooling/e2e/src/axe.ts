import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page under test, with the WCAG 2.0/2.1/2.2 A and AA rules: every page the
 * browser tests open should be checked with `expectNoAxeViolations(page)` once it has settled.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** The violations on the page as it is now (injects axe-core once per document). */
export async function axeViolations(page: Page, exclude: readonly string[] = []): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, not a <script> tag: the product's CSP (nonces only)
  // would block an injected tag, and the check must not loosen the policy it runs under.
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclude }) => {
      type AxeResult = {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[] }[];
        }[];
      };
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } })
        .axe;
      const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
      const result = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    },
    { tags: WCAG_TAGS, exclude: [...exclude] },
  );
}

/** Resolves once no finite animation or transition runs in the page (spinners loop forever). */
export async function animationsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** Fails with a readable list (rule, help, the nodes) when the page has any violation. */
export async function expectNoAxeViolations(
  page: Page,
  where = page.url(),
  /** Parts audited by their own tests (a page framed inside this one, for example). */
  exclude: readonly string[] = [],
): Promise<void> {
  let violations = await axeViolations(page, exclude);
  if (violations.length > 0 && violations.every((violation) => violation.id === 'color-contrast')) {
    // Colours are measured as drawn: an element that entered during the check (a toast sliding
    // in while a busy machine ran axe) is read mid-fade. Checked once more when the running
    // animations have ended; a real contrast defect is there both times.
    await animationsEnded(page);
    violations = await axeViolations(page, exclude);
  }
  if (violations.length === 0) return;
  const lines = violations.map(
    (violation) =>
      `- ${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.targets.join('\n    ')}`,
  );
  throw new Error(`axe-core found ${violations.length} violation(s) on ${where}:\n${lines.join('\n')}`);
}
