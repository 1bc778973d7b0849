// `npm start`: build the web app if needed, then run the server with demo data on first start.
import { buildIfStale } from './build-if-stale';

process.env.NODE_ENV ??= 'production';
await buildIfStale();
await import('../src/server/main');
