// The site's call-to-action link: one look everywhere; callers add only their placement.
import { Link, type LinkProps } from 'react-router-dom';
import styles from './ButtonLink.module.css';

export function ButtonLink({ className, ...props }: LinkProps) {
  return <Link {...props} className={className ? `${styles.primary} ${className}` : styles.primary} />;
}
