import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { RouteFallback } from '../RouteFallback';
import { useAuth } from '../../lib/session/useAuth';

/**
 * Guests only (/login, /signup): a signed-in user who arrives is sent to /menu. Someone who signs in *here* is
 * left to the login page, which sends them where they were going; redirecting as well would start a trip to
 * /menu that races the login page's own navigation (and can show /menu for a moment).
 */
export function GuestOnlyRoute() {
  const { user, isLoading } = useAuth();
  const [arrivedAsGuest, setArrivedAsGuest] = useState(false);

  if (isLoading) return <RouteFallback />;
  if (user && !arrivedAsGuest) return <Navigate to="/menu" replace />;
  // Remembered from render (React's "state from previous renders" pattern), so no frame shows the wrong page.
  if (!user && !arrivedAsGuest) setArrivedAsGuest(true);
  return <Outlet />;
}
