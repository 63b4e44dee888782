/** Shown when bootstrap data cannot be loaded: no settings, lines or theme exist yet. */
export function BootErrorScreen() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
      <h1>There was an issue loading this page</h1>
      <p>Please try again later</p>
    </main>
  );
}
