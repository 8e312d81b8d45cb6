// Signed-in learners for integration tests: a verified account (with roles) and its session cookie,
// made through the same events and login route real users go through.
import { randomUUID } from 'node:crypto';
import { EmailVerified, learnerStreamId, RoleGranted, UserRegistered } from '../../events/accounts/accounts.events';
import type { EventStore } from '../../events/store/event-store';
import type { App } from '../../server/app';
import { hashPassword } from '../../server/features/accounts/secrets';

export interface Learner {
  userId: string;
  email: string;
  cookie: string;
}

/** Every test learner's password. */
export const PASSWORD = 'clave-de-prueba-123';

/** What browsers say they are, for the device labels of sessions and known browsers. */
export const USER_AGENTS = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
} as const;

/** The free activities in the order the course opens them: a premium learner who completes them reaches the first paid one. */
export const FREE_IN_ORDER = [
  '12-areas-balance',
  'concientizando-areas-balance',
  'viendo-hacia-atras-desde-el-futuro',
  '7-niveles-deep-why',
  'meditacion-7-fases',
  'niveles-conciencia-hawkins',
  'primera-sesion-de-coaching',
];

export async function createLearner(app: App, store: EventStore, { roles = [] as number[] } = {}): Promise<Learner> {
  const userId = randomUUID();
  const email = `aprendiz-${userId.slice(0, 8)}@example.com`;
  const hash = await hashPassword(PASSWORD);
  await store.append(
    learnerStreamId(userId),
    [
      UserRegistered.create({ userId, username: `aprendiz-${userId.slice(0, 8)}`, email }),
      EmailVerified.create({ userId }),
      ...roles.map((role) => RoleGranted.create({ userId, role, by: 'test' })),
    ],
    {
      expectedVersion: 0,
      alsoInTransaction: async (tx) => {
        await tx.query('INSERT INTO password_credentials (user_id, hash) VALUES ($1, $2)', [userId, hash]);
      },
    },
  );
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { userId, email, cookie };
}
