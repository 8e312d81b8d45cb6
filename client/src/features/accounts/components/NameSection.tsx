// «Tu nombre»: the name we greet the person by. Any letters, spaces, apostrophes and hyphens; not unique.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { NAME_MESSAGE, plainName } from '../../../../../course/contact';
import type { User } from '../../../api/account-types';
import { errorText } from '../../../api/error-text';
import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import forms from '../../../styles/forms.module.css';
import { meMutations, NAME_ERROR } from '../api/me-api';
import styles from './account.module.css';
import { AccountSection } from './AccountSection';
import { Notice } from './Messages';

type NameSectionProps = {
  /** The name the account has now (an old username may not be a plain name: it is shown as it is). */
  current: string;
  /** The account with its new name: the session shows it at once. */
  onRenamed: (user: User) => void;
};

export function NameSection({ current, onRenamed }: NameSectionProps) {
  const rename = useMutation(meMutations.name());
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    setDone(null);
    if (!name.trim()) return fail('Escribe el nombre con el que quieres que te saludemos.');
    const plain = plainName(name);
    if (!plain) return fail(NAME_MESSAGE);
    setError(null);
    rename.mutate(plain, {
      onSuccess: ({ user, message }) => {
        setName(user.username);
        setDone(message);
        onRenamed(user);
      },
      onError: (failure) => fail(errorText(failure, NAME_ERROR)),
    });
  };

  return (
    <AccountSection title="Tu nombre" intro="Así te saludaremos en la página y en los correos. No tiene que ser único: entras con tu correo.">
      <form className={`${forms.form} ${styles.form}`} onSubmit={onSubmit} aria-label="Cambiar tu nombre" noValidate>
        <Field
          ref={input}
          label="Nombre"
          type="text"
          autoComplete="nickname"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={60}
          hint="Letras, espacios, apóstrofos o guiones: de 2 a 40 caracteres."
          error={error ?? undefined}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <div className={forms.actions}>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Guardando...' : 'Guardar nombre'}
          </Button>
        </div>
      </form>
      {done ? <Notice>{done}</Notice> : null}
    </AccountSection>
  );
}
