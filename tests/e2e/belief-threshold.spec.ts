// The belief threshold end to end: a premium learner who has done the earlier activities writes a goal,
// doubts at '20 años', says yes at '15 años', finds '10 años' perfect, reads the summary, finds the goal done
// after a reload, and deletes it after confirming.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { BELIEF_THRESHOLD_ACTIVITY } from '../../course/activities';
import { DELETE_CONFIRM } from '../../course/belief-threshold';
import { ACTIVITIES } from '../../course/syllabus';
import { dataDir, verifiedAccount, type Account } from './accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PATH = `/cursos/manifiesta/${BELIEF_THRESHOLD_ACTIVITY}`;
const GOAL = 'Vivir de mi trabajo como terapeuta, con la agenda llena';
const BELIEF = 'Nadie en mi familia vivió de lo que ama';

/** The activities that must be completed before this one opens: the earlier ones that are not ignorable. */
const EARLIER = ACTIVITIES.slice(
  0,
  ACTIVITIES.findIndex((a) => a.slug === BELIEF_THRESHOLD_ACTIVITY),
).filter((a) => !a.isIgnorable);

/** page.request shares the page's cookies: this signs the page in. */
async function logIn(page: Page, account: Account) {
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
}

/** A premium learner (role 7, through the CLI on the running server's database) at this activity. */
async function premiumLearnerHere(page: Page) {
  const account = await verifiedAccount(page.request, 'umbral');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'user:grant-role', '--', account.email, '7'], { cwd: root, env });
  expect(stdout).toContain('role 7 granted');
  await logIn(page, account);
  for (const { slug } of EARLIER) {
    const res = await page.request.post('/api/activity/markAsComplete', { data: { activityId: slug } });
    expect(res.status(), `${slug}: ${await res.text()}`).toBe(200);
  }
}

const question = (label: string) => `¿Crees, con todo tu ser, que puedes lograr «${GOAL}» en ${label}?`;

test('a premium learner finds the perfect time for a goal, keeps it after a reload and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  await premiumLearnerHere(page);

  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Umbral de Creencia' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tus metas' })).toBeVisible();
  await expect(page.getByText('Todavía no tienes metas aquí.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva meta' }).click();
  await page.getByRole('textbox', { name: 'Tu meta' }).fill(GOAL);
  await page.getByRole('button', { name: 'Guardar mi meta' }).click();

  // 20 años: a doubt, and the belief behind it.
  await expect(page.getByRole('heading', { level: 2, name: question('20 años') })).toBeVisible();
  await expect(page.getByText('Plazo 1 de 10')).toBeVisible();
  await page.getByRole('button', { name: 'Uhm... dudo' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Escuchemos esa duda' })).toBeVisible();
  await page.getByRole('textbox', { name: 'La creencia que te hace dudar' }).fill(BELIEF);
  await page.getByRole('button', { name: 'Guardar y seguir' }).click();

  // 15 años: yes. 10 años: perfect.
  await expect(page.getByRole('heading', { level: 2, name: question('15 años') })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, Absolutamente' }).click();
  await expect(page.getByRole('heading', { level: 2, name: question('10 años') })).toBeVisible();
  await expect(page.getByText('Plazo 3 de 10')).toBeVisible();
  await page.getByRole('button', { name: 'Este tiempo es perfecto' }).click();

  const summary = page.getByRole('region', { name: 'Tu umbral de creencia' });
  await expect(summary.getByText(`«${GOAL}»`)).toBeVisible();
  await expect(summary.getByText('Tu tiempo perfecto: 10 años')).toBeVisible();
  await expect(summary.getByRole('region', { name: 'Las creencias que aparecieron' }).getByRole('listitem')).toHaveText([`20 años${BELIEF}`]);
  await expect(summary.getByRole('button', { name: 'Siguiente Actividad' })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get('/api/activity/getCompletionStatus')).json()).data).toContain(BELIEF_THRESHOLD_ACTIVITY);

  // Back in the goals, and after a reload: done, with its perfect time.
  await summary.getByRole('button', { name: 'Volver a mis metas' }).click();
  const goals = page.getByRole('region', { name: 'Tus metas' }).getByRole('listitem');
  await expect(goals).toHaveCount(1);
  await expect(goals.first()).toContainText(GOAL);
  await expect(goals.first()).toContainText('Tu tiempo perfecto: 10 años');
  await page.reload();
  await expect(goals).toHaveCount(1);
  await expect(goals.first()).toContainText('Tu tiempo perfecto: 10 años');
  const stored = await (await page.request.get(`/api/activity/getBeliefThreshold?activityId=${BELIEF_THRESHOLD_ACTIVITY}`)).json();
  expect(stored.data).toEqual([
    expect.objectContaining({
      manifestGoal: GOAL,
      hesitations: [{ timeFrame: { label: '20 años', years: 20 }, belief: BELIEF }],
      currentTimeIndex: 2,
      perfectTimeFrameLabel: '10 años',
      perfectTimeFrameYears: 10,
    }),
  ]);

  // Deleting asks first.
  await page.getByRole('button', { name: `Eliminar «${GOAL}»` }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar meta' });
  await expect(dialog.getByText(DELETE_CONFIRM)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(goals).toHaveCount(0);
  await expect(page.getByText('Todavía no tienes metas aquí.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Tus metas' })).toBeVisible();
  await expect(goals).toHaveCount(0);
});
