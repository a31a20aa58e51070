import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { AUDIT_ENTITY_LABELS, type AuditEntry } from '#shared/contract/audit';
import { submissionPath } from '../../app/paths.ts';
import { formatMoment, parseUtc } from '../../lib/dates.ts';
import { actionWords, changeValue, fieldLabel } from '../submissions/index.ts';

const column = createColumnHelper<AuditEntry>();

const show = (v: AuditEntry['changes'][number]['before'], field: string) => {
  const text = changeValue(v, field);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/** "CH-00123 · Dana Reyes": how people know a submission; its id only when it has neither. */
export function submissionName(entry: Pick<AuditEntry, 'entityId' | 'submission'>): string {
  const s = entry.submission;
  if (!s) return `Submission ${entry.entityId}`;
  const parts = [s.chNumber, s.submitter.trim() || null].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' · ') : `Submission ${entry.entityId}`;
}

/** The entity an entry is about: a submission by its CH number and submitter, linked to its details. */
function EntityName({ entry }: { entry: AuditEntry }) {
  if (entry.entity === 'submission') {
    return (
      <Link to={submissionPath(entry.entityId)} className="block text-sm text-brand-800 underline decoration-brand-300 underline-offset-2 wrap-anywhere hover:decoration-brand-700">
        {submissionName(entry)}
      </Link>
    );
  }
  return (
    <span className="block max-w-40 truncate text-xs text-slate-600" title={entry.entityId}>
      {entry.entityId}
    </span>
  );
}

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
          <span className="block sm:min-w-32">
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
    meta: { hideBelow: 599, className: 'min-w-36 whitespace-normal' },
    cell: ({ row }) => (
      <span className="block">
        <span className="block text-xs text-slate-600">{AUDIT_ENTITY_LABELS[row.original.entity]}</span>
        <EntityName entry={row.original} />
      </span>
    ),
  }),
  column.accessor('action', {
    id: 'action',
    header: 'Action',
    enableSorting: false,
    meta: { className: 'whitespace-normal sm:min-w-32' },
    cell: ({ row }) => (
      <>
        {actionWords(row.original.action)}
        {/* Phones hide the Entity column: what was changed reads under the action instead. */}
        <span className="block min-[600px]:hidden">
          <EntityName entry={row.original} />
        </span>
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
              <span className="font-medium text-slate-800">{fieldLabel(c.field)}</span>: {show(c.before, c.field)} <span aria-hidden="true">→</span>
              <span className="sr-only"> changed to </span> {show(c.after, c.field)}
            </li>
          ))}
        </ul>
      ),
  }),
  column.accessor('address', { id: 'address', header: 'Address', enableSorting: false, meta: { hideBelow: 1280, className: 'tabular-nums' }, cell: (info) => info.getValue() ?? '-' }),
];
