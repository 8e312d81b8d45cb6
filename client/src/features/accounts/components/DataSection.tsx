// «Tus datos»: everything the account holds — the account and every step of the journey — as one JSON file.
import { useState } from 'react';
import { errorText } from '../../../api/error-text';
import { Button } from '../../../components/Button/Button';
import forms from '../../../styles/forms.module.css';
import { EXPORT_ERROR, EXPORT_FILE_NAME, fetchExport } from '../api/me-api';
import { AccountSection } from './AccountSection';
import { ErrorMessage, Notice } from './Messages';

/** Hands `file` to the browser as a download named `name`. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DataSection() {
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string }>({ status: 'idle' });

  const download = async () => {
    setState({ status: 'busy' });
    try {
      save(await fetchExport(), EXPORT_FILE_NAME);
      setState({ status: 'done' });
    } catch (failure) {
      setState({ status: 'failed', message: errorText(failure, EXPORT_ERROR) });
    }
  };

  return (
    <AccountSection
      title="Tus datos"
      intro="Descarga una copia de todo lo que guardamos de ti: tu cuenta y cada paso de tu recorrido (valoraciones, respuestas, reflexiones), en un archivo JSON."
    >
      <div className={forms.actions}>
        <Button variant="secondary" onClick={download} disabled={state.status === 'busy'}>
          {state.status === 'busy' ? 'Preparando tus datos...' : 'Descargar mis datos'}
        </Button>
      </div>
      {state.status === 'done' ? <Notice>{`Listo: descargaste ${EXPORT_FILE_NAME}.`}</Notice> : null}
      {state.status === 'failed' ? <ErrorMessage>{state.message}</ErrorMessage> : null}
    </AccountSection>
  );
}
