import { createColumnHelper } from '@tanstack/react-table';
import type { LogEntry } from '#shared/contract/logs';
import { formatDateTime, parseUtc } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { isSuccessLabel, processTooltip } from './logs-format.ts';

const column = createColumnHelper<LogEntry>();

export const logsColumns = [
  column.accessor('time', {
    id: 'time',
    header: 'Timestamp',
    // Date and time may wrap onto two lines on phones, leaving room for the description.
    meta: { className: 'tabular-nums sm:whitespace-nowrap' },
    cell: (info) => {
      const date = parseUtc(info.getValue());
      const utc = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
      return (
        <time dateTime={utc} title={utc && `UTC ${utc.replace('T', ' ').slice(0, 19)}`}>
          {formatDateTime(info.getValue(), { seconds: true })}
        </time>
      );
    },
  }),
  column.accessor('label', {
    id: 'label',
    header: 'Label',
    cell: (info) => <Badge tone={isSuccessLabel(info.getValue()) ? 'green' : 'red'}>{info.getValue()}</Badge>,
  }),
  column.accessor('process', {
    id: 'process',
    header: 'Process',
    meta: { hideBelow: 599, className: 'whitespace-nowrap' },
    cell: (info) => <Tooltip tip={processTooltip(info.getValue())}>{info.getValue()}</Tooltip>,
  }),
  column.accessor('description', {
    id: 'description',
    header: 'Description',
    enableSorting: false,
    meta: { className: 'min-w-24 wrap-anywhere sm:min-w-64' },
  }),
];
