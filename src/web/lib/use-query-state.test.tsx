import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useQueryState } from './use-query-state.ts';

interface Filters {
  entity: string;
  action: string;
}
const parse = (q: URLSearchParams): Filters => ({ entity: q.get('entity') ?? '', action: q.get('action') ?? '' });
function next(now: Filters, patch: Partial<Filters>): URLSearchParams {
  const merged = { ...now, ...patch };
  const q = new URLSearchParams();
  for (const k of ['entity', 'action'] as const) if (merged[k]) q.set(k, merged[k]);
  return q;
}

/** A page whose filters live in its query; `page.current` is what its handlers see at the last render. */
function renderPage(at: string) {
  const page: { current?: ReturnType<typeof useQueryState<Filters>> } = {};
  function Page() {
    page.current = useQueryState(parse, next);
    return <p>{JSON.stringify(page.current.state)}</p>;
  }
  const router = createMemoryRouter([{ path: '/audit', element: <Page /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return { router, page: () => page.current! };
}

describe('useQueryState', () => {
  it('keeps both of two changes made before the page renders again (a select right after another)', async () => {
    const { router, page } = renderPage('/audit');
    const { update } = page();
    await act(async () => {
      update({ entity: 'submission' });
      update({ action: 'import' });
    });
    expect(router.state.location.search).toBe('?entity=submission&action=import');
    expect(page().state).toEqual({ entity: 'submission', action: 'import' });
  });

  it('starts from the address once a render shows it, and clears every filter', async () => {
    const { router, page } = renderPage('/audit?entity=user');
    expect(page().state).toEqual({ entity: 'user', action: '' });
    await act(async () => page().update({ action: 'update' }));
    await act(async () => page().update({ entity: '' }));
    expect(router.state.location.search).toBe('?action=update');
    await act(async () => page().clear());
    expect(router.state.location.search).toBe('');
    await act(async () => page().update({ entity: 'submission' }));
    expect(router.state.location.search).toBe('?entity=submission');
  });
});
