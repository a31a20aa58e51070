export { DataDirInUse, type DataDirLock, lockDataDir, lockHolder } from './data-dir-lock.ts';
export { type EmbeddedLog, type EmbeddedPostgres, PORTAL_DATABASE, runningServerUrl, startEmbeddedPostgres } from './server.ts';
