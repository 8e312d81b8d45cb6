// Accessibility of every route: axe-core with the WCAG 2.0/2.1 A and AA rules on each visit of the route table
// (tests/e2e/visits.ts). A serious or critical violation fails the test and is printed with its rule, impact,
// help and the elements concerned.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { expectEveryRouteVisited, openVisit, ROUTES, test } from './visits';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

// Everything visible at once: the public pages fade sections in as they scroll into view, and axe skips
// what is still transparent. Under reduced motion they are shown from the start, in their final colours.
test.use({ reducedMotion: 'reduce' });

test('the route table names every route of the router, and nothing else', expectEveryRouteVisited);

// ---------------------------------------------------------------------------------------------------------
// One test per visit.

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describeViolations(where: string, violations: Violation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((n) => `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`);
      return `  [${v.impact}] ${v.id} on ${where}: ${v.help}\n    ${v.helpUrl}\n${targets.join('\n')}`;
    })
    .join('\n');
}

for (const [route, visits] of Object.entries(ROUTES)) {
  for (const visit of visits) {
    test.describe(route, () => {
      test.use({ role: visit.as });
      test(`${visit.name}: no serious or critical axe violation`, async ({ page, sessions }) => {
        const url = await openVisit(page, visit, sessions);

        // Not inside a frame sandboxed without scripts (the letter editor's preview): axe runs as a script in each
        // frame and waits for one that cannot run it. The letter itself is checked on its archive page.
        const results = await new AxeBuilder({ page }).withTags(WCAG).exclude('iframe[sandbox]').analyze();
        // The whole result (lesser violations, what axe could not decide) for whoever reviews the run.
        await test.info().attach('axe-results.json', {
          body: JSON.stringify(
            { url, as: visit.as, violations: results.violations, incomplete: results.incomplete, passes: results.passes.map((p) => p.id) },
            null,
            1,
          ),
          contentType: 'application/json',
        });
        const blocking = results.violations.filter((v) => v.impact && BLOCKING.has(v.impact));
        const where = `${visit.name} (${url}, as ${visit.as})`;
        expect(blocking, `axe found serious or critical violations:\n${describeViolations(where, blocking)}`).toEqual([]);
      });
    });
  }
}
