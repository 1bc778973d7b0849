import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { cspNoncePlaceholder } from './src/shared/csp-nonce';
import { isApiPathWebScreen } from './src/shared/web-routes';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies made once at build time; the server sends the one the browser
    // accepts (decision 025). Source maps stay uncompressed: only developers fetch them.
    // The engineer app's service worker (decision 040): precaches the built shell so /engineer
    // opens with no network; registered only by the engineer app, scoped to /engineer.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
        // zxing's decoder is about 1 MB; everything else is far smaller.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/engineer(\/|$|\?)/],
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
        runtimeCaching: [
          {
            // Who is signed in, so the app knows its engineer with no network. Sign Out
            // deletes this cache.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/auth/user',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'uplink-auth',
              networkTimeoutSeconds: 8,
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    compression({
      include: /\.(js|css|html|svg|json|wasm|webmanifest)$/,
      threshold: 512,
      algorithms: ['brotliCompress', 'gzip'],
    }),
  ],
  resolve: { alias },
  // Every script and stylesheet tag, and a <meta property="csp-nonce"> for what Vite adds at
  // run time, carry a placeholder the server replaces with each response's nonce (issue 18).
  html: { cspNonce: cspNoncePlaceholder },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      // The API runs beside Vite in `npm run dev`; see scripts/dev.ts.
      '/api': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? 5000}`,
        bypass: htmlNavigation,
      },
      '/healthz': `http://127.0.0.1:${process.env.API_PORT ?? 5000}`,
      '/readyz': `http://127.0.0.1:${process.env.API_PORT ?? 5000}`,
    },
  },
});

/** Spec §2: /api/inbound, /api/outbound, /api/settings, /api/logs are screens for a browser. */
function htmlNavigation(req: { method?: string; url?: string; headers: Record<string, unknown> }) {
  const accept = String(req.headers.accept ?? '');
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'GET' && accept.includes('text/html') && isApiPathWebScreen(path ?? '')) {
    return '/index.html';
  }
  return undefined;
}
