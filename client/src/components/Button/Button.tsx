// The site's button and call-to-action link: one look everywhere; callers add only their placement.
import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary';

const classes = (variant: Variant, className?: string) => (className ? `${styles[variant]} ${className}` : styles[variant]);

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} {...props} className={classes(variant, className)} />;
}

export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link {...props} className={classes(variant, className)} />;
}
