/**
 * The list's last URL query (page, sort, filters), so the details page's back link returns to
 * the very page the user came from even after a reload of the details page in the same tab.
 */
const KEY = 'submissions.lastListSearch';

export function rememberListSearch(search: string): void {
  try {
    sessionStorage.setItem(KEY, search);
  } catch {
    // Storage blocked: the back link goes to the list's first page.
  }
}

export function lastListSearch(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
