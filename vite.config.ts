import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The client is built into client/dist and served by the API process; in development the Vite
// server proxies the API and the sync socket to a running product on port 8080.
const backend = process.env.DEV_BACKEND_URL ?? 'http://localhost:8080';

/**
 * Writes a brotli and a gzip copy beside every built text file, once at build time, so the server
 * sends them to browsers that accept them without compressing on each request.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(js|css|html|svg|json|webmanifest)$/;
  // Re-checked on every load and sent as they are (see api/src/app.ts).
  const sentAsIs = new Set(['sw.js', 'index.html', 'manifest.webmanifest']);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : compressible.test(name) && !(dir === outDir && sentAsIs.has(name)) ? [path] : [];
    });
  return {
    name: 'drivebay-precompress',
    apply: 'build',
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          const data = readFileSync(file);
          // A copy is written only when it is smaller (the smallest chunks do not shrink).
          const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
          if (br.length < data.length) writeFileSync(`${file}.br`, br);
          const gz = gzipSync(data, { level: 9 });
          if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

const CORE = new RegExp(
  String.raw`node_modules/(react|react-dom|scheduler|react-is|@emotion/[^/]+|stylis|hoist-non-react-statics|clsx|@babel/runtime|@mui/(system|utils|styled-engine|private-theming)` +
    String.raw`|@mui/material/(styles|zero-styled|DefaultPropsProvider|GlobalStyles|CssBaseline|Box|Paper|Stack|Typography|ButtonBase|Button|CircularProgress|SvgIcon|useLazyRipple` +
    String.raw`|InputBase|OutlinedInput|FormControl|FormLabel|InputLabel|FormHelperText|InputAdornment|TextareaAutosize|Alert|AlertTitle|IconButton|Link))/`,
);

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    // The offline worker (service-worker/src/sw.ts) built with Workbox's injectManifest: the list
    // of built files it precaches is written into it at build time. The page registers it itself
    // (client/src/features/offline/service-worker/register.ts) from the signed-in app only, and
    // the web app manifest is a plain file in client/public.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../service-worker/src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app shell: code, styles, the page and the install icons. Brand logos and other
        // public files load on demand.
        globPatterns: ['**/*.{js,css,html}', 'favicon.svg', 'manifest.webmanifest', 'icons/*.{png,svg}'],
        // A classic script: every Workbox import is bundled in, nothing is left to import.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    precompress('client/dist'),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Every browser the product supports preloads modules itself; the polyfill would cost each page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React, MUI's styling core and the few MUI components the public pages (the login and
              // the lead forms) are built from, in one chunk rather than a dozen: one request, and
              // compressed together they are ~3 KB smaller. The signed-in app uses all of them too.
              name: 'core',
              test: (id: string) => CORE.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/user': backend,
      '/leadmanager/get': backend,
      '/servicedealroom': backend,
      '/templateCustom': backend,
      '/template/': backend,
      '/templateDynamicParts': backend,
      // A page load of /mailinglist is the app's; calls (with a token) are the API's.
      '/mailinglist': { target: backend, bypass: (req) => (req.headers.accept?.includes('text/html') && !req.headers.authorization ? req.url : undefined) },
      '/collab': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
