import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineStyles } from './tools/mantine-styles.ts';
import { precompress } from './tools/precompress.ts';
import { routePreloads } from './tools/route-preloads.ts';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * Left alone, the bundler cut the first load into 30 to 60 files of 1 KB or so (a file per
 * Mantine component, icon or helper shared by two screens): over HTTP/1.1's six connections each
 * costs about 0.45 KB of headers and a round trip. So a first load is a few files, each for one
 * reason (docs/decisions/262): the entry and `session` (what runs before the paint); `framework`
 * (React, the router, i18next, TanStack Query), `ui` (the Mantine components screens share) and
 * `app` (the app's own shared code, the contract's constants and texts) with `start`;
 * on a signed-in page `overlays` (drawers, menus, dialogs, popovers and what positions and traps
 * them), `icons` and `api` (zod and the contract's schemas) with the layout; then the screen's own file
 * (`sign-in` for the sign-in screen). The heavy parts only some screens use (the charts, the
 * phone metadata) keep chunks of their own.
 */
const OVERLAY_UI =
  /[\\/]components[\\/](Combobox|Popover|Modal|ModalBase|Drawer|Menu|ScrollArea|FocusTrap|Portal|Overlay|Tooltip)[\\/]/;
const OVERLAY_PARTS =
  /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib)[\\/]/;
const PER_SCREEN_UI =
  /[\\/]components[\\/](Table|Select|Autocomplete|Tabs|Accordion|Pagination|Progress|RingProgress|Skeleton|Stepper|Timeline|Chip|Checkbox|Radio|Switch|Slider|NumberInput|PinInput|Textarea|FileInput|ColorInput|Avatar|Burger|NavLink|Indicator|Kbd|Spoiler|Collapse|Notification)[\\/]/;
const MANTINE = /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/;
// The contract's modules that define zod schemas (or import one): the `api` group.
const CONTRACT_SCHEMAS =
  /[\\/]packages[\\/]contract[\\/]src[\\/]([a-z-]+[\\/]|http\.ts|common\.ts|plans\.ts|routes\.ts)/;
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const APP_SHARED = /[\\/]apps[\\/]web[\\/]src[\\/](lib|components|config)[\\/]/;
// Shared app code that reaches for a schema or zod (the `api` group instead).
const NOT_APP_SHARED = /[\\/]src[\\/]lib[\\/](auth|zod-config)\.ts$/;
// Left out of `app`: what the entry itself runs before the paint (the session check), and the
// shared components that draw an overlay (they come with the screens that use them).
const NOT_APP =
  /[\\/]src[\\/](lib[\\/](session|storage)\.ts|components[\\/](truncated-text|bottom-sheet|country-picker|page-end-toasts)\.tsx)$/;
// Shared code only the signed-in screens draw (cards, list states, dates): with the layout, not on /login.
const SIGNED_IN_SHARED =
  /[\\/]src[\\/](components[\\/](section-card|query-states|chat-bubbles|facts|page-header)\.tsx|lib[\\/](format|initials|colors)\.ts)$|[\\/]contract[\\/]src[\\/]long-date\.ts$/;
const SESSION = /[\\/]src[\\/]lib[\\/](session|storage)\.ts$/;
const OVERLAY_COMPONENTS = /[\\/]src[\\/]components[\\/](truncated-text|bottom-sheet)\.tsx$/;
// What the sign-in screen draws, in one file (its calls' schemas still load on first use).
const SIGN_IN =
  /[\\/]src[\\/]features[\\/]auth[\\/](components[\\/](login-page|auth-screen|phone-form|oauth-buttons|agreement)\.tsx|api[\\/]send-verification-code\.ts)$/;
// Rolldown puts what a group's modules import into the group too, unless a group made before
// it (a higher priority) holds it already: so each group comes after those it builds on.
const CHUNK_GROUPS = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|use-sync-external-store)[\\/]/,
    priority: 60,
  },
  {
    name: 'ui',
    test: (id: string) => MANTINE.test(id) && !OVERLAY_UI.test(id) && !PER_SCREEN_UI.test(id),
    minShareCount: 2,
    priority: 50,
  },
  // What the entry runs before the paint (the session check, Vite's preload helper for its
  // import of the app), shared with the app: kept apart, or the entry would wait for a group.
  { name: 'session', test: (id: string) => SESSION.test(id) || id.includes('preload-helper'), priority: 55 },
  {
    name: 'app',
    test: (id: string) =>
      (APP_SHARED.test(id) && !NOT_APP_SHARED.test(id) && !NOT_APP.test(id) && !SIGNED_IN_SHARED.test(id)) ||
      (CONTRACT.test(id) &&
        !SIGNED_IN_SHARED.test(id) &&
        !CONTRACT_SCHEMAS.test(id) &&
        !/(phone(-metadata|-mobile-lengths)?|messages-zh|messages)\.(ts|json)$/.test(id)) ||
      // Icons the sign-in screen shares with the signed-in ones (the providers' marks, an error's).
      /[\\/]icons[\\/]Icon(BrandGoogle|BrandWindows|AlertCircle)\.mjs$/.test(id) ||
      /node_modules[\\/](i18next-resources-to-backend|clsx)[\\/]/.test(id),
    priority: 45,
  },
  { name: 'screens', test: SIGNED_IN_SHARED, priority: 42 },
  {
    name: 'overlays',
    test: (id: string) =>
      (MANTINE.test(id) && OVERLAY_UI.test(id)) || OVERLAY_PARTS.test(id) || OVERLAY_COMPONENTS.test(id),
    priority: 40,
  },
  {
    name: 'api',
    test: (id: string) =>
      /node_modules[\\/]zod[\\/]/.test(id) || CONTRACT_SCHEMAS.test(id) || NOT_APP_SHARED.test(id),
    priority: 20,
  },
  { name: 'sign-in', test: SIGN_IN, priority: 12 },
  // The icons the app's shared code does not draw already (those are in `app`): the screens'.
  { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 5 },
  // The form controls more than one screen draws (a radio card, a switch, a select).
  {
    name: 'controls',
    test: (id: string) => MANTINE.test(id) && PER_SCREEN_UI.test(id),
    minShareCount: 2,
    priority: 15,
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
