import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { AUDIT_ENTITY_LABELS, type AuditEntry } from '#shared/contract/audit';
import { submissionPath } from '../../app/paths.ts';
import { formatMoment, formatRecordedValue, parseUtc } from '../../lib/dates.ts';

const column = createColumnHelper<AuditEntry>();

const show = (v: AuditEntry['changes'][number]['before']) => {
  if (v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  const text = formatRecordedValue(String(v));
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

export const auditColumns = [
  column.accessor('at', {
    id: 'at',
    header: 'Time',
    enableSorting: false,
    meta: { className: 'tabular-nums sm:whitespace-nowrap' },
    cell: (info) => {
      const date = parseUtc(info.getValue());
      const [day, ...rest] = formatMoment(info.getValue()).split(' ');
      return (
        <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}>
          <span className="whitespace-nowrap">{day}</span> <span className="whitespace-nowrap">{rest.join(' ')}</span>
        </time>
      );
    },
  }),
  column.display({
    id: 'actor',
    header: 'Actor',
    cell: ({ row }) => {
      const { actor, actorEmail } = row.original;
      if (actor) {
        return (
          <span className="block min-w-32">
            <span className="block font-medium text-slate-900">{actor.name}</span>
            {actor.email !== actor.name && <span className="block text-xs text-slate-600 wrap-anywhere">{actor.email}</span>}
          </span>
        );
      }
      return actorEmail ? <span className="wrap-anywhere">{actorEmail}</span> : <span className="text-slate-600">JotForm / the portal</span>;
    },
  }),
  column.display({
    id: 'entity',
    header: 'Entity',
    meta: { hideBelow: 599 },
    cell: ({ row }) => {
      const { entity, entityId } = row.original;
      return (
        <span className="block">
          <span className="block">{AUDIT_ENTITY_LABELS[entity]}</span>
          {entity === 'submission' ? (
            <Link to={submissionPath(entityId)} className="text-xs text-brand-800 tabular-nums hover:underline">
              {entityId}
            </Link>
          ) : (
            <span className="block max-w-40 truncate text-xs text-slate-600" title={entityId}>
              {entityId}
            </span>
          )}
        </span>
      );
    },
  }),
  column.accessor('action', {
    id: 'action',
    header: 'Action',
    enableSorting: false,
    meta: { className: 'sm:whitespace-nowrap' },
    cell: ({ row }) => (
      <>
        {row.original.action}
        {/* Phones hide the Entity column: what was changed reads under the action instead. */}
        <span className="block text-xs text-slate-600 min-[600px]:hidden">{AUDIT_ENTITY_LABELS[row.original.entity]}</span>
      </>
    ),
  }),
  column.display({
    id: 'changes',
    header: 'Changes',
    meta: { hideBelow: 959, className: 'min-w-64 whitespace-normal' },
    cell: ({ row }) =>
      row.original.changes.length === 0 ? (
        <span className="text-slate-400">-</span>
      ) : (
        <ul className="space-y-0.5 text-xs">
          {row.original.changes.map((c, i) => (
            <li key={`${c.field}-${i}`} className="wrap-anywhere">
              <span className="font-medium text-slate-800">{c.field}</span>: {show(c.before)} <span aria-hidden="true">→</span>
              <span className="sr-only"> changed to </span> {show(c.after)}
            </li>
          ))}
        </ul>
      ),
  }),
  column.accessor('address', { id: 'address', header: 'Address', enableSorting: false, meta: { hideBelow: 1280, className: 'tabular-nums' }, cell: (info) => info.getValue() ?? '-' }),
];
