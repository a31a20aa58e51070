// Preloaded with --import: records every module a Node process loads, as "<pid> <url>" lines in
// the file named by QP_MODULE_LOG, so a test can tell which code a portal ran.
import { register } from 'node:module';

if (process.env.QP_MODULE_LOG) register('./record-modules-hooks.mjs', import.meta.url, { data: { file: process.env.QP_MODULE_LOG, pid: process.pid } });
