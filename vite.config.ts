/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroupOf } from './scripts/vite-chunk-groups';
import { compileHints } from './scripts/vite-compile-hints';
import { precompress } from './scripts/vite-precompress';
import { contractFingerprint } from './src/server/contract-fingerprint';

export default defineConfig({
  // The contract this build speaks (src/server/contract-fingerprint.ts; lib/api-client.ts reads it).
  define: { __CONTRACT_FINGERPRINT__: JSON.stringify(contractFingerprint()) },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every route's small always-loaded part (path, guard, search schema) in one chunk: the
            // router needs them all at start, and ~40 tiny files cost /login more (request and gzip
            // overhead) than one. The screens (`?tsr-split=...`) stay lazy, one chunk each.
            // With them, the Mantine parts every screen draws at once, /login included (buttons with their
            // loader and transition, stacks, groups, close buttons): one file, not eight small ones.
            {
              name: 'routes',
              test: /[\\/]src[\\/]app[\\/]routes[\\/](?!.*tsr-split)|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|CloseButton|Group|Stack)[\\/]/,
            },
            // useId and the randomId it calls in one file (a separate 110-byte file costs /login a request).
            { name: 'use-id', test: /@mantine[\\/]hooks[\\/]esm[\\/](use-id|utils[\\/]random-id)[\\/]/ },
            // The signed-in layout's code and the order board's code, each in one file (see the script).
            { name: (id, ctx) => chunkGroupOf(id, ctx), debugName: 'shell+board', includeDependenciesRecursively: false },
          ],
        },
      },
    },
    modulePreload: {
      // The entry's own imports are preloaded from index.html. Lazy routes are not given preload lists:
      // every route file would otherwise carry its screen's whole dependency list into the entry,
      // and the sign-in screen pays for all of them. Their files come from the service worker's cache.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/runtime-config.json': 'http://localhost:8080' } },
  plugins: [
    // The router plugin must come before react().
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
    }),
    react(),
    // The board's own code and the order code it shares (scripts/vite-chunk-groups) run as the board
    // opens: compiled while they download, not during the board's first paint. "orders" names three
    // files: that group, and the two shared order modules the bundler names after their file
    // (src/shared/orders.ts and src/shared/contract/orders.ts), which the board also runs on load.
    compileHints(['board', 'orders']),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.png', 'icons/*.png', 'sounds/*'],
      manifest: {
        name: 'Balcão — portal do estabelecimento',
        short_name: 'Balcão',
        description: 'Pedidos, cardápio e gestão do seu estabelecimento.',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#c2410c',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Precache the app shell only; API data lives in the persisted query cache, never here.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,mp3,ogg,wav}'],
        // Every navigation is served the cached shell, so a reload offline still opens the app.
        navigateFallback: '/index.html',
        // API calls and the runtime config must never be answered by the shell.
        navigateFallbackDenylist: [/^\/api\//i, /^\/runtime-config\.json$/],
        cleanupOutdatedCaches: true,
        // The first install takes charge of the page that installed it: a phone or tablet that loses
        // the network right after its first sign-in still opens the screens it has not opened yet.
        // Updates still wait for "Atualizar" (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
      },
    }),
    // Last: compresses what the build and the service-worker generator wrote.
    precompress('dist/app'),
  ],
  test: {
    environment: 'node',
    setupFiles: ['tests/setup/vitest.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core. Vitest's default is cores − 1, which on CI's 2 cores ran every file one
    // after the other (the reports of the last runs never show two files at once), one core idle.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // The screens' tests (jsdom, module mocks, fake timers): a fresh process per file, as always.
        extends: true,
        test: { name: 'app', include: ['src/app/**/*.test.{ts,tsx}'] },
      },
      {
        // API, server and shared tests: files share their worker's process (isolate off), so the
        // server's module graph is imported once per worker instead of once per file (4.7–6.1 s of
        // CPU each). What a file changes in the process is undone when it ends (tests/setup/vitest.ts).
        // tests/postgres needs a PostgreSQL server: it runs in the PostgreSQL lane (scripts/test.mjs).
        extends: true,
        test: {
          name: 'api',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'tests/server/**/*.test.ts',
            ...(process.env.TEST_DATABASE_URL ? ['tests/postgres/**/*.test.ts'] : []),
          ],
          isolate: false,
          // Migrates one database for the whole run; each API test file starts from a copy of it.
          globalSetup: ['tests/setup/global.ts'],
        },
      },
    ],
  },
});
