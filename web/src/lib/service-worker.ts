/** Remove any service worker left by an earlier build (spec 000 §4, application start). */
export function unregisterServiceWorkers(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
    .catch((error: unknown) => console.warn('Could not unregister service workers', error));
}
