// npm run db:seed-demo — fills the database of `npm start` (DATABASE_URL, or the embedded one under
// DATA_DIR) with demo data: learners at every stage, a coach, and ninety days of funnel. Safe to repeat.
import { pino } from 'pino';
import { loadConfig } from '../server/config';
import { startRuntime } from '../server/runtime';
import { seedDemo } from './seed-demo/seed';

const started = performance.now();
// No job queue: the seed's writes cause no job.
const runtime = await startRuntime(loadConfig(), pino({ level: 'silent' }), { jobs: false });
try {
  const report = await seedDemo(runtime);
  const n = (value: number) => value.toLocaleString('en-US');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const until = report.now.toISOString().slice(0, 10);
  if (report.alreadySeeded) {
    console.log(`demo data already present (the 90 days up to ${until}; ${report.logins[0]!.email} is a coach): nothing written`);
  } else {
    if (report.resumed) console.log(`an earlier run stopped halfway: finishing it (the 90 days up to ${until})`);
    console.log(
      `demo data: ${n(report.learners)} learners (${report.premiumLearners} premium) and a coach, ${n(report.visitors)} visitors, the 90 days up to ${until}`,
    );
    console.log(`events written: ${n(report.totalWritten)}`);
    const width = Math.max(...Object.keys(report.written).map((t) => t.length));
    for (const [type, count] of Object.entries(report.written)) console.log(`  ${type.padEnd(width)}  ${n(count).padStart(6)}`);
  }
  const caught = Object.entries(report.caughtUp).filter(([, count]) => count > 0);
  if (caught.length) console.log(`async projections caught up: ${caught.map(([name, count]) => `${name} ${n(count)}`).join(', ')}`);
  console.log(`seeding took ${seconds(report.ms)} (${seconds(performance.now() - started)} with the database start)`);
  console.log(`demo logins (password '${report.logins[0]!.password}'):`);
  for (const login of report.logins) console.log(`  ${login.who.padEnd(8)} ${login.email}`);
} finally {
  await runtime.close();
}
