import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineStyles } from './tools/mantine-styles.ts';
import { precompress } from './tools/precompress.ts';
import { routePreloads } from './tools/route-preloads.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * Left alone, the bundler cut the first load into 45 files of 1 KB or so (a file per Mantine
 * component shared by two screens): over HTTP/1.1's six connections that is eight round trips
 * before the page can draw. What every page runs goes into two files instead. The heavy parts
 * only some screens use (popovers, dialogs, menus, tables, charts, the phone metadata,
 * the validation library) keep their own chunks and are not in these groups.
 */
const PER_SCREEN_UI =
  /[\\/]components[\\/](Combobox|Popover|Modal|ModalBase|Drawer|Menu|ScrollArea|FocusTrap|Portal|Overlay|Tooltip|Table|Select|Autocomplete|Tabs|Accordion|Pagination|Progress|RingProgress|Skeleton|Stepper|Timeline|Chip|Checkbox|Radio|Switch|Slider|NumberInput|PinInput|Textarea|FileInput|ColorInput|Avatar|Burger|NavLink|Indicator|Kbd|Spoiler|Collapse|Notification)[\\/]/;
const CHUNK_GROUPS = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack)[\\/]/,
    priority: 20,
  },
  {
    name: 'ui',
    test: (id: string) =>
      /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/.test(id) && !PER_SCREEN_UI.test(id),
    minShareCount: 2,
    priority: 10,
  },
];

export default defineConfig({
  // Brotli and gzip copies of the build, served by the server to browsers that accept them.
  plugins: [
    mantineStyles(
      fileURLToPath(new URL('./src/app/mantine-styles.css', import.meta.url)),
      fileURLToPath(new URL('./src', import.meta.url)),
    ),
    react(),
    routePreloads(
      fileURLToPath(new URL('./src/app/route-chunks.json', import.meta.url)),
      fileURLToPath(new URL('.', import.meta.url)),
    ),
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // In development the API runs on its own port; production serves both from one.
    proxy: { '/v1': apiTarget, '/docs': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // Room for the 5 s waits of src/testing/setup.ts on a loaded machine.
    testTimeout: 15_000,
  },
});
