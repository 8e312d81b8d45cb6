// vitest globalSetup for integration tests: a real PostgreSQL for the whole run. TEST_DATABASE_URL or
// DATABASE_URL when set (a role allowed to CREATE DATABASE), else a throwaway embedded cluster.
import type { TestProject } from 'vitest/node';
import { startTemporaryPostgres } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) {
    project.provide('adminDatabaseUrl', given);
    return;
  }
  const pg = await startTemporaryPostgres();
  project.provide('adminDatabaseUrl', pg.adminUrl);
  return async () => {
    await pg.stop();
  };
}
