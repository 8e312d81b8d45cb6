// The end of a form of the desk's versioned pages (/coach/ajustes, /coach/catalogo): its error (role=alert), the
// «Guardar» button, and what the save did (role=status).
import { Button } from '../../../components/Button/Button';
import forms from '../../../styles/forms.module.css';
import page from '../pages/SettingsPage.module.css';

export function SaveRow({ alert, pending, done }: { alert: string | null; pending: boolean; done: string | null }) {
  return (
    <>
      {alert ? (
        <p className={forms.alert} role="alert">
          {alert}
        </p>
      ) : null}
      <div className={forms.actions}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Guardando…' : 'Guardar'}
        </Button>
        {done ? (
          <span role="status" className={page.saved}>
            {done}
          </span>
        ) : null}
      </div>
    </>
  );
}
