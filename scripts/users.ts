// npm run user:grant-role -- <email> <role> | user:revoke-role -- <email> <role>
// Appends RoleGranted / RoleRevoked to the learner's stream, on the same database as `npm start`
// (DATABASE_URL, or the embedded one under DATA_DIR, running or not). Takes effect on the next request.
import { decideGrantRole, decideRevokeRole, evolveAccount, initialAccountState } from '../events/accounts/accounts';
import { KNOWN_ROLES, learnerStreamId } from '../events/accounts/accounts.events';
import { pino } from 'pino';
import { handleCommand } from '../events/store/command';
import { loadConfig } from '../server/config';
import { startRuntime } from '../server/runtime';

const [action, email, roleText] = process.argv.slice(2);
const role = Number(roleText);
if ((action !== 'grant' && action !== 'revoke') || !email || !(KNOWN_ROLES as readonly number[]).includes(role)) {
  console.error(
    `usage: npm run user:${action === 'revoke' ? 'revoke' : 'grant'}-role -- <email> <role>   (roles: ${KNOWN_ROLES.join(', ')}: 7 premium, 9 coach)`,
  );
  process.exit(2);
}

// No job queue: a role change causes no job.
const { db, store, close } = await startRuntime(loadConfig(), pino({ level: 'silent' }), { jobs: false });
try {
  const { rows } = await db.pool.query<{ user_id: string; username: string; roles: number[] }>(
    'SELECT user_id, username, roles FROM users WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  const user = rows[0];
  if (!user) {
    console.error(`no account with the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    const decide = action === 'grant' ? decideGrantRole : decideRevokeRole;
    const result = await handleCommand(
      store,
      learnerStreamId(user.user_id),
      { initial: initialAccountState, evolve: evolveAccount },
      (state) => ({ events: decide(state, { userId: user.user_id, role, by: 'cli' }) }),
      { metadata: { actor: 'cli', origin: 'cli' } },
    );
    const { rows: after } = await db.pool.query<{ roles: number[] }>('SELECT roles FROM users WHERE user_id = $1', [user.user_id]);
    const changed = result.events.length > 0 ? (action === 'grant' ? 'granted' : 'revoked') : 'unchanged';
    console.log(`${user.username}: role ${role} ${changed}; roles now [${after[0]!.roles.join(', ')}]`);
  }
} finally {
  await close();
}
