// The token of a link from one of our mails (?token=…), read once; the address bar loses it at once (a replace, so
// it is not left in the history either), and the page keeps it in memory only.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('token')) return;
    params.delete('token');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, state: location.state });
  }, [location, navigate]);

  return token;
}
