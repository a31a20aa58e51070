import type { ESLint } from 'eslint';

export declare const GUARDED: readonly { table: string; schemaName: string; owner: string }[];
declare const plugin: ESLint.Plugin & { rules: NonNullable<ESLint.Plugin['rules']> };
export default plugin;
