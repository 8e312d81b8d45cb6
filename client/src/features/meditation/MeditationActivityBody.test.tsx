import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityBySlug } from '../../../../course/syllabus';
import { fakeActivityStore, InActivity } from '../../testing/activity-store';
import { stubApi } from '../../testing/fake-api';
import { renderRoute } from '../../testing/render-route';
import { MeditationActivityBody } from './MeditationActivityBody';

const activity = activityBySlug('meditacion-7-fases')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('meditacion-7-fases in the course', { timeout: 20_000 }, () => {
  it('is the tool, with the way on under the settings but not while meditating', async () => {
    stubApi({});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    const store = fakeActivityStore('browser');
    const { complete } = store;
    const goNext = vi.fn();
    const body = (
      <InActivity store={store}>
        <MeditationActivityBody activity={activity} done={false} goNext={goNext} hasNext />
      </InActivity>
    );
    renderRoute('/', { routes: [{ path: '/', element: body }] });

    expect(screen.getByRole('heading', { level: 2, name: 'Prepara tu meditación' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como completada' }));
    await vi.waitFor(() => expect(goNext).toHaveBeenCalled());
    expect(complete).toHaveBeenCalledWith();

    fireEvent.click(screen.getByRole('button', { name: 'Comenzar Meditación' }));
    expect(await screen.findByRole('button', { name: 'Finalizar Meditación' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar como completada' })).toBeNull();
  });

  it("offers the rewiring meditation as this week's other practice, opened as part of the course", () => {
    stubApi({});
    const body = (
      <InActivity store={fakeActivityStore('browser')}>
        <MeditationActivityBody activity={activity} done={false} goNext={() => {}} hasNext />
      </InActivity>
    );
    renderRoute('/', { routes: [{ path: '/', element: body }] });
    const practice = screen.getByRole('complementary', { name: '15 Minutos y Contando' });
    const link = within(practice).getByRole('link', { name: 'Abrir la meditación' });
    expect(link.getAttribute('href')).toBe('/metafisica/bashar/15-minutos-y-contando?desde=meditacion-7-fases');
  });
});
