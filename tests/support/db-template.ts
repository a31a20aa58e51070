/** Names shared by global setup (which migrates once) and the per-file test databases. */
export const TEMPLATE_DB = 'quality_portal_test_template';
export const TEMPLATE_KEY = 'pgliteTemplateFile';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}
