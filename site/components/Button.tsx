import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { LogoLoader } from './LogoLoader.tsx';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Primary, secondary or tertiary (docs/architecture.md "Shared UI and client state"). */
  variant?: ButtonVariant;
  /** Shows the logo animation instead of the text and ignores clicks; the button keeps its focus. */
  loading?: boolean;
  /** Accessible name while loading, e.g. "Wird gesendet …"; required with `loading`. */
  loadingLabel?: string;
}

/**
 * Button of the shared UI on the global `.button` styles. While loading it is aria-disabled rather
 * than disabled, so keyboard focus does not fall back to <body> in the middle of a submit.
 */
export function Button({
  variant = 'primary',
  loading = false,
  loadingLabel,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, loading ? 'button--loading' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {loading ? <LogoLoader label={loadingLabel ?? ''} /> : children}
    </button>
  );
}
