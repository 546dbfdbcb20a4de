import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { renderRouteManifest, ROUTE_MANIFEST_FILE } from './src/lib/route-manifest-render.ts';

// The dev server forwards /api to the local gateway (local/ starts it on DAKIYA_GATEWAY_PORT).
const gatewayPort = process.env.DAKIYA_GATEWAY_PORT || '8787';
const webDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Keeps `src/lib/route-manifest.gen.ts` (route id -> method and path, zod-free) equal to the shared
 * route table: rewritten at each build and dev start when the table changed.
 */
function routeManifest(): Plugin {
  return {
    name: 'dakiya-route-manifest',
    async buildStart() {
      // Loaded on the Node side only: the route table (with its zod schemas) never reaches the browser bundle.
      const { module: table } = await runnerImport<typeof import('../shared/src/routes')>(path.join(webDir, '../shared/src/routes.ts'), {
        configFile: false,
        logLevel: 'warn',
      });
      const file = path.join(webDir, ROUTE_MANIFEST_FILE);
      const text = renderRouteManifest({ apiBase: table.API_BASE, routes: table.routes });
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (current !== text) {
        fs.writeFileSync(file, text);
        this.warn(`${ROUTE_MANIFEST_FILE} was out of date with shared/src/routes.ts and has been regenerated`);
      }
    },
  };
}

export default defineConfig({
  plugins: [routeManifest(), react()],
  server: {
    port: Number(process.env.DAKIYA_WEB_PORT || 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${gatewayPort}`, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: `http://127.0.0.1:${gatewayPort}`, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
