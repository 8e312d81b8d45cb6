import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, stubApi, VIEW_ROUTE } from '../../testing/fake-api';
import { renderRoute } from '../../testing/render-route';
import { TEST_PORTRAIT, TEST_SITE } from '../../testing/site';

// /menu counts the visit (POST /api/leads/view): answered here, so no request leaves the test and no
// failure is logged after the test file has closed (vitest reports that as an error of the run).
beforeEach(() => {
  stubApi(VIEW_ROUTE);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
});

async function mainLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Enlaces principales' });
  return within(nav).getAllByRole('link');
}

describe('/menu for a signed-in user', () => {
  it("shows '@username' and makes the first link 'Continuar mi Curso' → /cursos/manifiesta", async () => {
    renderRoute('/menu', { session: makeUser({ username: 'lucia.sol' }) });

    expect((await screen.findByText('@lucia.sol')).tagName).toBe('P');
    const links = await mainLinks();
    expect(links[0]!.textContent).toContain('Continuar mi Curso');
    expect(links[0]!.getAttribute('href')).toBe('/cursos/manifiesta');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/cursos/manifiesta', '/masterclasses', '/recursos-gratuitos', '/hielo', '/coaching']);
  });

  it('shows the profile image when the user has one', async () => {
    renderRoute('/menu', {
      session: makeUser({ username: 'lucia.sol', profileImage: 'https://cdn.example.com/lucia.jpg' }),
    });
    const image = await screen.findByRole('img', { name: 'Foto de perfil de lucia.sol' });
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/lucia.jpg');
    expect(screen.queryByRole('img', { name: 'Retrato ilustrado de tu coach' })).toBeNull();
  });

  it('shows the coach’s portrait and name when the user has no image, and no picture while she has none', async () => {
    const withPortrait = renderRoute('/menu', { session: makeUser({ profileImage: null }), site: { ...TEST_SITE, coachPortrait: TEST_PORTRAIT } });
    expect((await screen.findByRole('img', { name: `Foto de ${TEST_SITE.coachName}` })).getAttribute('src')).toBe(TEST_PORTRAIT.src);
    expect(screen.getByText(`con ${TEST_SITE.coachName}`)).toBeTruthy();
    withPortrait.unmount();

    renderRoute('/menu', { session: makeUser({ profileImage: null }), site: TEST_SITE });
    await mainLinks();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('/menu for a guest', () => {
  it('shows no handle and starts with the programme link', async () => {
    renderRoute('/menu');
    const links = await mainLinks();
    expect(links[0]!.getAttribute('href')).toBe('/reprograma');
    expect(screen.queryByText(/^@/)).toBeNull();
    expect(screen.queryByText('Continuar mi Curso')).toBeNull();
    expect(screen.queryByRole('img', { name: /Foto de/ })).toBeNull();
  });
});
