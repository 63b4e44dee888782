import WifiOffIcon from 'lucide-react/icons/wifi-off';

/** Spec 1 / 2.3: the offline page is written in French, plus the "You are offline." message. */
export function OfflinePage() {
  return (
    <main
      lang="fr"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center text-fg"
      data-testid="offline-page"
    >
      <WifiOffIcon aria-hidden className="size-12 text-muted" />
      <h1 className="text-2xl font-semibold">Mode hors ligne</h1>
      <p className="text-muted">Assurez-vous que vous êtes connecté à Internet.</p>
      <p lang="en" className="text-sm text-muted">
        You are offline.
      </p>
    </main>
  );
}
