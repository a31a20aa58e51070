export * from './jotform-client.ts';
export * from './jotform-error.ts';
export * from './jotform-schemas.ts';
export * from './jotform-time.ts';
