import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { shouldRetry } from './providers';

describe('query retry policy', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetry(0, new ApiError('Tu sesión ha expirado. Por favor, inicia sesión de nuevo.', 401))).toBe(false);
    expect(shouldRetry(0, new ApiError('No encontrado.', 404))).toBe(false);
  });

  it('retries a server or network error once', () => {
    expect(shouldRetry(0, new ApiError('Error del servidor.', 500))).toBe(true);
    expect(shouldRetry(1, new ApiError('Error del servidor.', 500))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(false);
  });
});
