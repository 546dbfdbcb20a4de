import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards /api to the local gateway (local/ starts it on DAKIYA_GATEWAY_PORT).
const gatewayPort = process.env.DAKIYA_GATEWAY_PORT || '8787';

export default defineConfig({
  plugins: [react()],
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
