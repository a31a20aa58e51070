/** What global setup (which migrates once per run) hands each test file to clone its database from. */
export interface TestDatabaseServer {
  /** A URL on the server with the right to create databases. */
  adminUrl: string;
  /** The migrated template each test file's database is created from. */
  template: string;
  /** The role (and its password) test apps connect as: the portal's app role, which owns nothing. */
  appRole: { name: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
    /** The server test files that run on every test database (vite.config.ts); the only ones given one. */
    databaseTestFiles: string[];
  }
}
