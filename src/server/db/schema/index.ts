export * from './arena-session.ts';
export * from './configuration.ts';
export * from './logs.ts';
export * from './submissions.ts';
export * from './users.ts';
export * from './reporting.ts';
export * from './mfa.ts';
export * from './sso.ts';
