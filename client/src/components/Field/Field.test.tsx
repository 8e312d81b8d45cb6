import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('is an input named by its label, with nothing said about it until there is a hint or an error', () => {
    render(<Field label="Tu nombre" name="nick" value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Tu nombre' });
    expect(input.getAttribute('name')).toBe('nick');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('is described by its hint, and by its error, which makes it invalid', () => {
    render(<Field label="Contraseña" type="password" hint="Al menos 8 caracteres." error="La contraseña es muy corta." value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Contraseña');
    expect(described(input)).toEqual(['Al menos 8 caracteres.', 'La contraseña es muy corta.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('an error shown elsewhere that concerns it too describes it and makes it invalid', () => {
    render(
      <>
        <Field label="Tu email" errorElsewhere="contacto-error" value="" onChange={() => {}} />
        <p id="contacto-error">Escribe tu email o tu WhatsApp.</p>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Tu email' });
    expect(described(input)).toEqual(['Escribe tu email o tu WhatsApp.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('takes the id and the ref it is given (a form focuses its first wrong field)', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Field id="lead-nick" ref={ref} label="Tu nombre" error="Escribe tu nombre." value="" onChange={() => {}} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Tu nombre' }));
    expect(ref.current!.id).toBe('lead-nick');
    expect(document.getElementById('lead-nick-error')!.textContent).toBe('Escribe tu nombre.');
  });
});
