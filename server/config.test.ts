import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.NODE_ENV).toBe('development');
    expect(c.LOG_LEVEL).toBe('info');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.WORKERS).toBe(true);
    expect(c.SERVE_CLIENT).toBe(true);
    expect(c.DATABASE_POOL_SIZE).toBe(10);
  });

  it('resolves DATA_DIR to an absolute path', () => {
    const c = loadConfig({});
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.dataDir).toBe(path.resolve('.data'));
    expect(loadConfig({ DATA_DIR: 'some/dir' }).dataDir).toBe(path.resolve('some/dir'));
  });

  it('derives publicUrl from the port unless PUBLIC_URL is given', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://manifiesta.example' }).publicUrl).toBe('https://manifiesta.example');
  });

  it('coerces numbers and booleans from strings', () => {
    const c = loadConfig({ PORT: '4000', WORKERS: '0', SERVE_CLIENT: 'false', DATABASE_POOL_SIZE: '3' });
    expect(c.PORT).toBe(4000);
    expect(c.WORKERS).toBe(false);
    expect(c.SERVE_CLIENT).toBe(false);
    expect(c.DATABASE_POOL_SIZE).toBe(3);
  });

  it('treats an empty DATABASE_URL or SMTP_URL as absent', () => {
    const c = loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
  });

  it('accepts a valid DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/db' }).DATABASE_URL).toBe('postgres://u:p@localhost:5432/db');
  });

  it.each(['abc', '70000', '-1', '3.5'])('rejects PORT=%s with a ConfigError naming PORT', (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toContain('PORT');
    expect(err.message).not.toContain('DATABASE_URL');
  });

  it('rejects a DATABASE_URL that is not a URL with a ConfigError naming DATABASE_URL', () => {
    const err = configError({ DATABASE_URL: 'not a url' });
    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).not.toMatch(/\bPORT\b/);
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'x', DATABASE_URL: 'nope', LOG_LEVEL: 'loud' });
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).toContain('LOG_LEVEL');
  });

  it('METRICS_TOKEN: unset or empty means no /metrics; a short one is refused', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).METRICS_TOKEN).toBe('0123456789abcdef');
    expect(configError({ METRICS_TOKEN: 'corto' }).message).toContain('METRICS_TOKEN');
  });
});
