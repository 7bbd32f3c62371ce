/** The assistant service's key for the app the journeys start: they record usage as it would. */
export const E2E_ASSISTANT_KEY = 'e2e-assistant-service-key-0123456789abcdef';
