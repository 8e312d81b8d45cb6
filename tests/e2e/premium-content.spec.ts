// What a paid activity teaches never ships to the browser unasked: its text comes from
// GET /api/course/lesson/{slug}, for premium learners only (server/features/course/lessons.ts). This reads the
// build `npm start` serves (dist/client: every script, stylesheet, page and manifest, and their .gz and .br
// copies) and fails on any sentence of those texts, sampled from the server's own source so that the check
// follows the content. It builds nothing. Then it looks at the same thing from the outside, as a visitor.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEDICATED_ACTIVITIES } from '../../course/lessons';
import { PREMIUM_SOUND_FILES } from '../../course/meditation';
import { ACTIVITIES } from '../../course/syllabus';
import { LESSON_TEXTS, type LessonText } from '../../server/features/course/lessons';
import { grantRole, verifiedAccount, type Account } from './accounts';
import { buildTexts, dist, filesUnder } from './build-files';

/** Every text a lesson holds: titles, mottos, paragraphs, examples, practices, its closing. */
const stringsOf = (lesson: LessonText) => [
  ...lesson.intro,
  ...lesson.sections.flatMap((s) => [s.title, s.motto, ...s.paragraphs, s.example, s.practice]),
  ...(lesson.closing ? [lesson.closing.title, ...lesson.closing.paragraphs] : []),
];

/**
 * A distinctive piece of each text: the whole of a short one (a law's name), the first 60 characters of a
 * long one, cut at a word. Texts under 20 characters ('Para llevarte') say nothing about the content.
 */
const sampleOf = (text: string) => (text.length <= 60 ? text : text.slice(0, text.lastIndexOf(' ', 60)));
const SAMPLES = Object.entries(LESSON_TEXTS).flatMap(([slug, lesson]) =>
  stringsOf(lesson)
    .filter((text): text is string => typeof text === 'string' && text.length >= 20)
    .map((text) => ({ slug, sample: sampleOf(text) })),
);

test.describe('premium text is not in the build', () => {
  test('every paid activity with a body of its own keeps its text on the server', () => {
    const paidWithBody = ACTIVITIES.filter((a) => !a.isFree && DEDICATED_ACTIVITIES.has(a.slug)).map((a) => a.slug);
    // Guards the scan below against passing vacuously.
    expect(paidWithBody.length).toBeGreaterThanOrEqual(3);
    expect(
      paidWithBody.filter((slug) => !LESSON_TEXTS[slug]),
      'paid activities whose text the server does not hold',
    ).toEqual([]);
    for (const slug of paidWithBody) expect(SAMPLES.filter((s) => s.slug === slug).length, slug).toBeGreaterThan(0);
  });

  test('no file under dist/client holds a sentence of a paid activity', () => {
    const texts = buildTexts();
    // The scan reads the build: the activity's chunk is there, and a free activity's accented text is found,
    // so a miss below is not a decoding blind spot.
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.some((f) => /^assets\/FiveLaws-[\w-]+\.js$/.test(f.file))).toBe(true);
    const free = ACTIVITIES.find((a) => a.slug === '12-areas-balance')!.description;
    expect(
      texts.some((f) => f.text.includes(free)),
      `the free text «${free}» in the build`,
    ).toBe(true);

    const found = SAMPLES.flatMap(({ slug, sample }) => texts.filter((f) => f.text.includes(sample)).map((f) => `${slug}: «${sample}» in ${f.file}`));
    expect(found).toEqual([]);
  });
});

test('no premium meditation sound is a file of the build, nor answered at a public address', async ({ request }) => {
  const names = new Set(filesUnder(dist).map((file) => path.basename(file).replace(/\.(gz|br)$/, '')));
  expect(names.has('gong-classic.mp3'), 'the free sounds are in the build').toBe(true);
  expect(PREMIUM_SOUND_FILES.length).toBeGreaterThan(0);
  expect(PREMIUM_SOUND_FILES.filter((file) => names.has(file))).toEqual([]);
  for (const file of PREMIUM_SOUND_FILES) {
    const res = await request.get(`/audio/meditation/${file}`);
    expect(res.status(), file).toBe(404);
    expect(res.headers()['content-type'] ?? '', file).not.toContain('audio');
  }
});

const FIVE_LAWS = '/cursos/manifiesta/teoria-5-leyes-universales';
const EARLIER = ACTIVITIES.slice(
  0,
  ACTIVITIES.findIndex((a) => a.slug === 'teoria-5-leyes-universales'),
).filter((a) => !a.isIgnorable);

async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

test.describe('premium text from the outside', () => {
  test('without a session, the five laws chunk and the lesson API give none of it', async ({ request }) => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const chunk = manifest['src/features/activities/five-laws/components/FiveLaws.tsx']!.file;
    const script = await request.get(`/${chunk}`);
    expect(script.status()).toBe(200);
    expect(await script.text()).not.toContain('Correspondencia');

    const lesson = await request.get('/api/course/lesson/teoria-5-leyes-universales');
    expect(lesson.status()).toBe(401);
    expect(await lesson.text()).not.toContain('Correspondencia');
  });

  test('a premium learner reads the five laws; a learner without role 7 finds them locked, and nothing of them', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const premium = await verifiedAccount(page.request, 'leyes');
    await grantRole(premium, 7);
    await logIn(page, premium);
    for (const { slug } of EARLIER) {
      const res = await page.request.post('/api/activity/markAsComplete', { data: { activityId: slug } });
      expect(res.status(), `${slug}: ${await res.text()}`).toBe(200);
    }
    await page.goto(FIVE_LAWS);
    await expect(page.getByRole('heading', { level: 1, name: 'Las 5 Leyes Universales' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'La Ley de Correspondencia' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Las cinco leyes' }).getByRole('link')).toHaveCount(5);

    const other = await browser.newPage();
    try {
      await logIn(other, await verifiedAccount(other.request, 'sin-rol'));
      const lessonCalls: number[] = [];
      other.on('response', (res) => {
        if (res.url().includes('/api/course/lesson/')) lessonCalls.push(res.status());
      });
      await other.goto(FIVE_LAWS);
      await expect(other.getByRole('heading', { level: 1, name: 'Las 5 Leyes Universales' })).toBeVisible();
      await expect(other.getByRole('heading', { level: 2, name: 'Contenido Premium' })).toBeVisible();
      await expect(other.getByText('Correspondencia', { exact: false })).toHaveCount(0);
      // The locked page does not even ask for the text.
      expect(lessonCalls).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
