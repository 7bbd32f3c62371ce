// The app itself, started by main.tsx once the page has been drawn.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, loadInitialScreens } from '@/app/router';
import { rememberDrawnFields } from '@/lib/drawn-fields';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

const i18nReady = initI18n();
const queryClient = createQueryClient();

// The first render draws the screen in the visitor's language: its code and texts first.
await Promise.all([i18nReady, loadInitialScreens(window.location)]);

const container = document.getElementById('root')!;
// What is typed into a screen drawn ahead is taken over by the app's fields (decision 330).
rememberDrawnFields(container);
const root = createRoot(container);
// As a transition, the first render is done in slices that give the browser a turn between them
// (input, painting) rather than in one long task; what is on screen stays until it is ready.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
