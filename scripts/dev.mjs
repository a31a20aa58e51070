// `npm run dev`: the API with reload on 3001 and Vite's dev server (proxying /v1 to it) on 3000.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' } }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '3000', '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
