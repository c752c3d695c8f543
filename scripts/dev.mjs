// Development: the API with reload on change (port 3000) and the Vite dev server (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

// The same data folder as `npm start`, whichever folder npm runs the workspace script in.
const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR ?? resolve('data') };

const children = [
  spawn('npm', ['run', 'dev', '-w', '@hunab/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@hunab/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
