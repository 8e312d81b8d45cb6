// `npm run audit`: the production dependencies against npm's advisory database; fails on any high or
// critical advisory. Where the registry's audit endpoint cannot be reached (an offline or filtered
// machine), it says so plainly and exits 0 — the check did not run, which is not the same as clean.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report: {
  statusCode?: number;
  message?: string;
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
};
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

if (!report.metadata) {
  console.log(`npm audit: NOT CHECKED — the advisory endpoint is unreachable from this machine (${report.message ?? run.stderr.trim()}).`);
  process.exit(0);
}

const counts = report.metadata.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${Object.entries(counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(', ')}`,
);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical') console.log(`  ${v.severity}: ${name}`);
  }
  process.exit(1);
}
