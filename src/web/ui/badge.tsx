import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export type BadgeTone = 'gray' | 'green' | 'red' | 'yellow' | 'blue' | 'brand';

const TONES: Record<BadgeTone, string> = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  green: 'bg-green-50 text-green-800 ring-green-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  brand: 'bg-brand-50 text-brand-800 ring-brand-600/20',
};

export function Badge({ tone = 'gray', title, className, children }: { tone?: BadgeTone; title?: string; className?: string; children: ReactNode }) {
  return (
    <span title={title} className={cn('inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', TONES[tone], className)}>
      {children}
    </span>
  );
}
