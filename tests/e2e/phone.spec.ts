// Every page fits a phone: each visit of the route table (tests/e2e/visits.ts) at 320, 360, 390 and 768 px wide
// — the coach's own pages at 1280 px, the width she works at — must not scroll sideways, must not show any part
// of itself beyond the screen's edges, and must not hide a focused control under a fixed element (the menu
// button, 'Acceder'), nor leave a heading out of the text the browser renders (find-in-page). A route of the
// router without an entry in the table fails the first test.
import { expect, type Page } from '@playwright/test';
import { expectEveryRouteVisited, openVisit, ROUTES, test, type Visit } from './visits';

const PHONE_WIDTHS = [320, 360, 390, 768];
const DESK_WIDTH = 1280;

// The cards fade in on scroll; under reduced motion they are in their final place from the start.
test.use({ reducedMotion: 'reduce' });

test('the route table names every route of the router, and nothing else', expectEveryRouteVisited);

type Problem = string;

/**
 * What is wrong with the layout at the current width: the page scrolls sideways, or a visible element reaches
 * past the screen's left or right edge without a scrolling box of its own around it (a wide table in a box
 * that scrolls is fine; content clipped by `overflow: hidden` on the page is not).
 */
function layoutProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide in a ${width} px screen`);

    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}>${text ? ` “${text}”` : ''}`;
    };
    const scrollsOrClips = (el: Element) => {
      const { overflowX } = getComputedStyle(el);
      return overflowX !== 'visible';
    };
    const hasOwnBox = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body && parent !== root; parent = parent.parentElement) {
        if (scrollsOrClips(parent)) return true;
      }
      return false;
    };

    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (out.length >= 5) break;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      if (hasOwnBox(el)) continue;
      // Report the outermost element that overflows, not each of its children.
      const parent = el.parentElement;
      if (parent && out.some((o) => o === describe(parent))) continue;
      out.push(describe(el));
      problems.push(`${describe(el)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
    }
    return problems;
  });
}

/**
 * Focuses every control of the page in turn, as the Tab key does (the browser scrolls each into view), and
 * reports those that a fixed or sticky element covers: the element on top where the two overlap is the
 * floating one. While a modal dialog is open, only its own controls can take focus.
 */
function coveredControls(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    const visible = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const modal = [...document.querySelectorAll('[aria-modal="true"], dialog')].find(
      (el) => visible(el) && (el.getAttribute('aria-modal') === 'true' || el.matches(':modal')),
    );
    const floating = [...document.body.querySelectorAll('*')].filter((el) => {
      const { position } = getComputedStyle(el);
      return (position === 'fixed' || position === 'sticky') && visible(el);
    });
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}> “${((el as HTMLElement).innerText || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40)}”`;
    const problems: string[] = [];
    const before = window.scrollY;
    for (const control of (modal ?? document).querySelectorAll<HTMLElement>(selector)) {
      if (!visible(control) || control.closest('[inert]')) continue;
      control.focus();
      if (document.activeElement !== control) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const over of floating) {
        if (over.contains(control) || control.contains(over)) continue;
        const cover = over.getBoundingClientRect();
        const left = Math.max(box.left, cover.left);
        const right = Math.min(box.right, cover.right);
        const top = Math.max(box.top, cover.top);
        const bottom = Math.min(box.bottom, cover.bottom);
        if (right <= left || bottom <= top) continue;
        const onTop = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (onTop && over.contains(onTop) && !control.contains(onTop)) problems.push(`${describe(over)} covers the focused ${describe(control)}`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, before);
    return problems;
  });
}

/**
 * Text the browser skips rendering (`content-visibility`, say) is missing from find-in-page and from what some
 * screen readers read: every visible heading of the page must be in the page's rendered text.
 */
function unrenderedHeadings(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const text = document.body.innerText.replace(/\s+/g, ' ');
    return [...document.querySelectorAll<HTMLElement>('h1, h2, h3')]
      .filter((h) => h.checkVisibility({ visibilityProperty: true }))
      .map((h) => h.innerText.replace(/\s+/g, ' ').trim())
      .filter((heading) => heading && !text.includes(heading))
      .map((heading) => `the heading “${heading}” is not in the page's rendered text`);
  });
}

async function checkAt(page: Page, width: number, height: number): Promise<Problem[]> {
  await page.setViewportSize({ width, height });
  // One frame for the layout at the new width.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const problems = [...(await layoutProblems(page)), ...(await coveredControls(page)), ...(await unrenderedHeadings(page))];
  return problems.map((problem) => `${width} px: ${problem}`);
}

const onTheDesk = (route: string, visit: Visit) => route.startsWith('/coach') && visit.as === 'coach';

for (const [route, visits] of Object.entries(ROUTES)) {
  for (const visit of visits) {
    const desk = onTheDesk(route, visit);
    test.describe(route, () => {
      test.use(
        desk
          ? { role: visit.as, viewport: { width: DESK_WIDTH, height: 900 } }
          : { role: visit.as, viewport: { width: PHONE_WIDTHS[0]!, height: 844 }, isMobile: true, hasTouch: true },
      );
      const widths = desk ? [DESK_WIDTH] : PHONE_WIDTHS;
      test(`${visit.name}: fits ${widths.join(', ')} px`, async ({ page, sessions }) => {
        const url = await openVisit(page, visit, sessions);
        const problems: Problem[] = [];
        for (const width of widths) problems.push(...(await checkAt(page, width, desk ? 900 : 844)));
        expect(problems, `${visit.name} (${url}, as ${visit.as}):\n  ${problems.join('\n  ')}`).toEqual([]);
      });
    });
  }
}

test('headings and text are drawn in the site’s own two families, served from this site and named in its HTML', async ({ page, baseURL }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  const response = await page.goto('/reprograma');
  const html = (await response!.text()).replace(/\s+/g, ' ');
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);

  const preloaded = [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)"/g)].map((m) => m[1]!);
  expect(
    preloaded.some((href) => href.includes('fraunces')),
    html,
  ).toBe(true);
  expect(
    preloaded.some((href) => href.includes('nunito-sans')),
    html,
  ).toBe(true);
  expect(fonts.length).toBeGreaterThan(0);
  for (const url of fonts) expect(new URL(url).origin, url).toBe(new URL(baseURL!).origin);

  const drawn = await page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
    text: getComputedStyle(document.querySelector('main p')!).fontFamily,
    loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/"/g, '')),
  }));
  expect(drawn.heading.startsWith('Fraunces')).toBe(true);
  expect(drawn.text.startsWith('"Nunito Sans"')).toBe(true);
  expect(drawn.loaded).toEqual(expect.arrayContaining(['Fraunces', 'Nunito Sans']));
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: DESK_WIDTH, height: 900 } });
  for (const path of ['/reprograma', '/manifiesta', '/manifiesta-call', '/hielo', '/masterclasses', '/coaching', '/about']) {
    test(`${path} opens with two columns that line up with the sections below`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      const layout = await page.evaluate(() => {
        const hero = document.querySelector('main header')!;
        const [text, aside] = [...hero.children].filter((child) => child.tagName !== 'TITLE').map((child) => child.getBoundingClientRect());
        const h1 = document.querySelector('main h1')!.getBoundingClientRect();
        const h2 = document.querySelector('main section h2')!.getBoundingClientRect();
        return { h1Left: h1.left, h2Left: h2.left, text, aside };
      });
      expect(layout.h1Left).toBe(layout.h2Left);
      expect(layout.aside, 'a second column beside the text').toBeDefined();
      expect(layout.aside!.left).toBeGreaterThan(layout.text!.right);
      expect(layout.aside!.width).toBeGreaterThan(200);
    });
  }
});
