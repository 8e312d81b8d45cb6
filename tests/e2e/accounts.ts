// Accounts for the e2e specs: fresh credentials, the verification link the server wrote to its outbox
// (`${E2E_DATA_DIR}/outbox`: no SMTP in e2e, see server.ts), and roles granted as an operator does.
import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

export type Account = { username: string; email: string; password: string };

export function newAccount(prefix = 'e2e'): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // A name is letters (digits spelled a to j) joined by hyphens: one word, so it reads the same in a URL.
  const username = `${prefix}-${id}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!).replace(/[^\p{L}]+/gu, '-');
  return { username, email: `${prefix}-${id}@example.com`, password: 'respira-y-suelta' };
}

export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the specs through tests/e2e/server.ts (npm run test:e2e)');
  return dir;
}

/** The mails written to the outbox for `email`, newest first. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir(), 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const [parsed, info] = await Promise.all([readFile(file).then((raw) => simpleParser(raw)), stat(file)]);
      return { parsed, writtenAt: info.mtimeMs };
    }),
  );
  return mails
    .filter(({ parsed }) => parsed.to && JSON.stringify(parsed.to).includes(email))
    .sort((a, b) => b.writtenAt - a.writtenAt)
    .map(({ parsed }) => parsed);
}

/** The verification link of the newest mail sent to `email`, or null while the job has not written it yet. */
async function latestVerificationLink(email: string): Promise<string | null> {
  const newest = (await mailsTo(email))[0];
  return newest?.text?.match(/https?:\/\/\S*\/verify-email\?token=\S+/)?.[0] ?? null;
}

/** Waits for a mail to `email` with this subject, and returns it. */
export async function mailWithSubject(email: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => (found = (await mailsTo(email)).find((mail) => mail.subject === subject)) !== undefined, {
      message: `a mail '${subject}' to ${email} in the outbox`,
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}

/** Waits for the e-mail job to write the mail, and returns its link. */
export async function verificationLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => (link = await latestVerificationLink(email)), { message: `a verification mail to ${email} in the outbox`, timeout: 20_000 })
    .toContain('/verify-email?token=');
  return link!;
}

/** A verified account made through the API. */
export async function verifiedAccount(request: APIRequestContext, prefix?: string): Promise<Account> {
  const account = newAccount(prefix);
  const signup = await request.post('/api/auth/signup', { data: account });
  expect(signup.status(), await signup.text()).toBe(200);
  const verify = await request.get(`/api/auth/verifyEmail${new URL(await verificationLink(account.email)).search}`);
  expect(verify.status(), await verify.text()).toBe(200);
  return account;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Gives the account a role (7 premium, 9 coach) with `npm run user:grant-role`, on the server's database. */
export async function grantRole(account: Account, role: 7 | 9) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir() };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'user:grant-role', '--', account.email, String(role)], { cwd: root, env });
  expect(stdout).toContain(`role ${role} granted`);
}

/** Fills /login (already open) with `account` and sends it. */
export async function logInThroughForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Fills /signup (already open) with `account` and waits for the 'Registro Exitoso' panel. */
export async function signUpThroughForm(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Tu nombre').fill(account.username);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmar contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro Exitoso' })).toBeVisible();
}
