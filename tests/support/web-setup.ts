import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { session } from '../../src/web/lib/session.ts';
import { mockServer, resetCalls } from '../../src/web/test-support/server.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // Every test starts signed out.
  session.clear();
  localStorage.clear();
  sessionStorage.clear();
  mockServer.resetHandlers();
  resetCalls();
});
afterAll(() => mockServer.close());
