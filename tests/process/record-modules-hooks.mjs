import { appendFileSync } from 'node:fs';

let target = { file: '', pid: 0 };
export function initialize(data) {
  target = data;
}
export async function load(url, context, next) {
  appendFileSync(target.file, `${target.pid} ${url}\n`);
  return next(url, context);
}
