// Run before the e2e suite: makes sure a Chromium exists, installing Debian's package when we can.
import { spawnSync } from 'node:child_process';
import { findChromium } from './browser';

const found = findChromium();
if (found) {
  console.log(`e2e: using Chromium at ${found}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error('e2e: no Chromium found. Install one (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
console.log('e2e: installing Debian chromium (apt-get)…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (!findChromium()) {
  console.error('e2e: chromium was installed but not found at /usr/bin/chromium');
  process.exit(1);
}
