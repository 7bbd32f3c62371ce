/** Leaves the app for the card provider's page (checkout, card update, portal). One seam, so tests can see where it went. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
