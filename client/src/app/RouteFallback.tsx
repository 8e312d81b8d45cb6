import { useLocation } from 'react-router-dom';
import { Skeleton } from '../components/Skeleton/Skeleton';
import { skeletonFor } from './route-skeleton';

/** While the page of this address loads (its code, or the session): a skeleton of that kind of page. */
export function RouteFallback() {
  return <Skeleton {...skeletonFor(useLocation().pathname)} />;
}

/** The same, above the router (the session check of the first page): the address is the window's. */
export function FirstPageFallback() {
  return <Skeleton {...skeletonFor(window.location.pathname)} />;
}
