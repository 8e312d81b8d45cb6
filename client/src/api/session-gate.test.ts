import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, envelope, stubApi } from '../testing/fake-api';
import { api } from './client';
import { lightApi } from './light-client';
import { renewingSession } from './session-gate';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('renewing the session never strands a request with the old cookie', () => {
  it('a save sent while the renewal runs leaves only after it (with the new cookie)', async () => {
    const renewal = deferred();
    const order: string[] = [];
    stubApi({
      'POST /api/auth/refreshToken': () => {
        order.push('renewal sent');
        return renewal.promise;
      },
      'POST /api/activity/markAsComplete': () => {
        order.push('save sent');
        return envelope(200, 'Guardado.');
      },
    });
    const renewing = renewingSession(() => lightApi.POST('/api/auth/refreshToken', { ungated: true }));
    await settle();
    const saving = api.POST('/api/activity/markAsComplete', { body: { activityId: '12-areas-balance' } });
    await settle();
    expect(order).toEqual(['renewal sent']);

    order.push('renewal answered');
    renewal.resolve(envelope(200, 'Sesión renovada.'));
    await renewing;
    await saving;
    expect(order).toEqual(['renewal sent', 'renewal answered', 'save sent']);
  });

  it('the renewal waits for a request already on its way', async () => {
    const save = deferred();
    const order: string[] = [];
    stubApi({
      'GET /api/auth/verifyToken': () => {
        order.push('check sent');
        return save.promise;
      },
      'POST /api/auth/refreshToken': () => {
        order.push('renewal sent');
        return envelope(200, 'Sesión renovada.');
      },
    });
    const checking = lightApi.GET('/api/auth/verifyToken');
    await settle();
    const renewing = renewingSession(() => lightApi.POST('/api/auth/refreshToken', { ungated: true }));
    await settle();
    expect(order).toEqual(['check sent']);

    order.push('check answered');
    save.resolve(envelope(200, 'Sesión activa.'));
    await checking;
    await renewing;
    expect(order).toEqual(['check sent', 'check answered', 'renewal sent']);
  });
});
