import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table.tsx';

interface Row {
  id: string;
  name: string;
  role: string;
}
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('role', { header: 'Role', enableSorting: false, meta: { hideBelow: 959 } }),
];
const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, name: `Person ${from + i}`, role: i % 2 ? 'staff' : 'admin' }));

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  return render(<DataTable label="People" columns={columns} data={rows(3)} getRowId={(r) => r.id} {...props} />);
}

describe('DataTable', () => {
  it("shows 'There are no records to display' when empty", () => {
    renderTable({ data: [] });
    expect(screen.getByText('There are no records to display')).toBeInTheDocument();
  });

  it("shows the loading text, 'Loading...' by default", () => {
    const { rerender } = renderTable({ data: undefined, isLoading: true });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    rerender(<DataTable label="People" columns={columns} data={undefined} isLoading loadingText="Loading Quality Process Data..." />);
    expect(screen.getByText('Loading Quality Process Data...')).toBeInTheDocument();
  });

  it('reports page and page-size changes for server paging, with options 10 to 30', async () => {
    const onPaginationChange = vi.fn();
    renderTable({ data: rows(10), paging: { pagination: { pageIndex: 0, pageSize: 10 }, onPaginationChange, rowCount: 57 } });
    expect(screen.getByText('1-10 of 57')).toBeInTheDocument();
    const perPage = screen.getByLabelText('Rows per page:');
    expect(within(perPage).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '15', '20', '25', '30']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 5, pageSize: 10 });
    await userEvent.selectOptions(perPage, '25');
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 25 });
    // Server paging shows the rows it was given, untouched.
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });

  it('pages the data itself when no server paging is given', async () => {
    renderTable({ data: rows(12) });
    expect(screen.getByText('1-10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11-12 of 12')).toBeInTheDocument();
    expect(screen.getByText('Person 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('reports sorting from the header buttons and marks the column with aria-sort', async () => {
    const onSortingChange = vi.fn();
    const { rerender } = renderTable({ sorting: { sorting: [], onSortingChange } });
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Role' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Role' })).queryByRole('button')).toBeNull();

    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'name', desc: false }]);

    rerender(<DataTable label="People" columns={columns} data={rows(3)} sorting={{ sorting: [{ id: 'name', desc: false }], onSortingChange }} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'name', desc: true }]);
  });

  it('opens clickable rows by click and by Enter, and leaves the others inert', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick, isRowClickable: (r) => r.role !== 'admin', rowClassName: (r) => (r.role === 'staff' ? 'bg-green-50' : undefined) });
    const [, first, second] = screen.getAllByRole('row');
    await userEvent.click(first!);
    expect(onRowClick).not.toHaveBeenCalled();
    expect(first).not.toHaveAttribute('tabindex');

    expect(second).toHaveClass('bg-green-50');
    await userEvent.click(second!);
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1' }));
    second!.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('hides a column at widths up to and including its breakpoint', () => {
    renderTable();
    // upto-959 is `@media (width <= 959px)` (styles.css); the browser tests measure it for real.
    expect(screen.getByRole('columnheader', { name: 'Role' })).toHaveClass('upto-959:hidden');
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
  });

  it('opens a row to show what its hidden columns hold, by keyboard, with aria-expanded', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    const more = screen.getAllByRole('button', { name: 'More of this row' });
    expect(more).toHaveLength(3);
    expect(more[1]).toHaveAttribute('aria-expanded', 'false');
    more[1]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(more[1]).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(more[1]!.getAttribute('aria-controls')!)!;
    expect(within(details).getByRole('term')).toHaveTextContent('Role');
    expect(within(details).getByRole('definition')).toHaveTextContent('staff');
    // Opening the row is not opening the record.
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(more[1]!);
    expect(more[1]).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(more[1]!.getAttribute('aria-controls')!)).toBeNull();
  });

  it('offers no expansion when no column hides', () => {
    render(<DataTable label="People" columns={[column.accessor('name', { header: 'Name' })]} data={rows(2)} />);
    expect(screen.queryByRole('button', { name: 'More of this row' })).toBeNull();
  });
});
