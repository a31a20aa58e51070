export { DataDirInUse, lockDataDir, lockHolder } from './data-dir-lock.ts';
export { type EmbeddedLog, runningServerUrl, startEmbeddedPostgres } from './server.ts';
