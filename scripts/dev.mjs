// `npm run dev`: the API with reload on change (Node runs the TypeScript directly) on API_PORT
// (default 3001), and Vite's dev server with hot reload on PORT (default 3000) proxying /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };
const children = [
  spawn('node', ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: {
      ...env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
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
