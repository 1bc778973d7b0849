// `npm run dev`: the API (restarted on change by tsx watch) behind Vite's dev server (hot reload).
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = process.env.API_PORT ?? '5000';
const api = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, API_PORT: apiPort, NODE_ENV: 'development' },
});

const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();

function stop() {
  api.kill('SIGTERM');
  void vite.close().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
