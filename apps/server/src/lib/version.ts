import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from './paths.ts';

export const appVersion: string = (
  JSON.parse(readFileSync(join(serverRoot, '../../package.json'), 'utf8')) as { version: string }
).version;
