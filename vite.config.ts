import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client is built into client/dist and served by the API process; in development the Vite
// server proxies the API and the sync socket to a running product on port 8080.
const backend = process.env.DEV_BACKEND_URL ?? 'http://localhost:8080';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/user': backend,
      '/leadmanager/get': backend,
      '/collab': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
