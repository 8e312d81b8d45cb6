import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { stubApi } from '../../../testing/fake-api';
import { renderRoute } from '../../../testing/render-route';
import { RewiringMeditation } from './RewiringMeditation';
import { REWIRING_STEPS } from './steps';

const PATH = '/metafisica/bashar/15-minutos-y-contando';
const COMPLETED = 'Meditación Completada: ¡Recableado en Proceso!';

const button = (name: string) => screen.getByRole('button', { name });
const stepHeading = (title: string) => screen.getByRole('heading', { level: 3, name: title });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the rewiring page', () => {
  it('reached from the course, leads on to the activity after the meditation; reached from anywhere else, only back to the syllabus', async () => {
    stubApi({});
    const fromCourse = renderRoute(`${PATH}?desde=meditacion-7-fases`);
    const next = await screen.findByRole('link', { name: 'Continuar con la Siguiente Actividad' }, { timeout: 10_000 });
    expect(next.getAttribute('href')).toBe('/cursos/manifiesta/niveles-conciencia-hawkins');
    expect(screen.getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');
    fromCourse.unmount();

    for (const address of [PATH, `${PATH}?desde=12-areas-balance`, `${PATH}?desde=inventada`]) {
      const view = renderRoute(address);
      expect(await screen.findByRole('heading', { level: 1, name: '15 Minutos y Contando' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Continuar con la Siguiente Actividad' }), address).toBeNull();
      view.unmount();
    }
  });

  it('walks idle → 5 steps → completion → idle, and starting again begins at step 1', async () => {
    const api = stubApi({});
    renderRoute(PATH);

    expect(await screen.findByRole('heading', { level: 1, name: '15 Minutos y Contando' })).toBeTruthy();
    expect(screen.queryByText(/^Paso \d de 5$/)).toBeNull();

    fireEvent.click(button('Comenzar Meditación'));
    REWIRING_STEPS.forEach((step, index) => {
      const last = index === REWIRING_STEPS.length - 1;
      expect(screen.getByText(`Paso ${index + 1} de 5`)).toBeTruthy();
      expect(document.activeElement).toBe(stepHeading(step.title));
      expect(screen.getByText(step.text)).toBeTruthy();
      expect(screen.queryByRole('button', { name: last ? 'Siguiente Paso' : 'Finalizar Meditación' })).toBeNull();
      fireEvent.click(button(last ? 'Finalizar Meditación' : 'Siguiente Paso'));
    });

    expect(document.activeElement).toBe(stepHeading(COMPLETED));
    expect(screen.queryByText(/^Paso \d de 5$/)).toBeNull();
    fireEvent.click(button('Entendido'));

    expect(screen.queryByText(COMPLETED)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Tu meditación de recableado' }));
    fireEvent.click(button('Comenzar Meditación'));
    expect(screen.getByText('Paso 1 de 5')).toBeTruthy();
    expect(stepHeading(REWIRING_STEPS[0].title)).toBeTruthy();

    expect(api.calls).toEqual([]);
  });

  it('announces the step indicator politely to screen readers', async () => {
    renderRoute(PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Comenzar Meditación' }));
    const indicator = screen.getByText('Paso 1 de 5');
    expect(indicator.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(button('Siguiente Paso'));
    expect(indicator.textContent).toBe('Paso 2 de 5');
  });

  it('presents the ideas as Bashar’s perspective, with the ~15 minutes of consolidation', async () => {
    renderRoute(PATH);
    const concepts = await screen.findByRole('region', { name: 'Lo que hay detrás de la práctica' });
    expect(within(concepts).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(3);
    expect(within(concepts).getByText(/perspectiva/)).toBeTruthy();
    expect(within(concepts).getByText(/unos quince minutos/)).toBeTruthy();
  });

  it("links 'Volver al Temario' to the syllabus and offers no next activity of its own", async () => {
    renderRoute(PATH);
    expect((await screen.findByRole('link', { name: 'Volver al Temario' })).getAttribute('href')).toBe('/cursos/manifiesta');
    expect(screen.queryByRole('link', { name: 'Continuar con la Siguiente Actividad' })).toBeNull();
  });
});

describe('RewiringMeditation with a next activity', () => {
  const renderWith = (next?: { label?: string; to: string }) =>
    render(
      <MemoryRouter>
        <RewiringMeditation next={next} />
      </MemoryRouter>,
    );

  it("shows 'Continuar con la Siguiente Actividad' only when a next activity is supplied", () => {
    renderWith({ to: '/cursos/manifiesta/umbral-de-creencia' });
    const link = screen.getByRole('link', { name: 'Continuar con la Siguiente Actividad' });
    expect(link.getAttribute('href')).toBe('/cursos/manifiesta/umbral-de-creencia');
    expect(screen.getByRole('link', { name: 'Volver al Temario' }).getAttribute('href')).toBe('/cursos/manifiesta');
  });

  it('uses the label it is given', () => {
    renderWith({ label: 'Ir al Umbral de Creencia', to: '/cursos/manifiesta/umbral-de-creencia' });
    expect(screen.getByRole('link', { name: 'Ir al Umbral de Creencia' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continuar con la Siguiente Actividad' })).toBeNull();
  });

  it('shows no such button without one, and does not take the focus on first render', () => {
    renderWith();
    expect(screen.queryByRole('link', { name: 'Continuar con la Siguiente Actividad' })).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });
});
