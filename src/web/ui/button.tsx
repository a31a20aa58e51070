import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-xs hover:bg-brand-800 disabled:bg-brand-700/50',
  secondary: 'bg-white text-slate-800 shadow-xs ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  danger: 'bg-red-700 text-white shadow-xs hover:bg-red-800 disabled:bg-red-700/50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-400',
};

export const buttonClasses = (variant: ButtonVariant = 'primary', size: 'sm' | 'md' = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed',
    size === 'sm' ? 'px-2.5 py-1.5 text-sm' : 'px-3.5 py-2 text-sm',
    VARIANTS[variant],
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner, disables the button and replaces its text (e.g. 'Signing in...'). */
  busy?: boolean;
  busyText?: ReactNode;
}

export function Button({ variant = 'primary', size = 'md', busy = false, busyText, className, disabled, children, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} className={cn(buttonClasses(variant, size), className)} disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy && <Spinner className="size-4" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
