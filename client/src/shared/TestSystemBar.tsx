/**
 * The green bar outside production. The server that serves the client
 * says which it is (meta "test-system" in index.html, "false" under NODE_ENV=production), so one
 * build serves both; the Vite dev server keeps the bar.
 */
export function isTestSystem(doc: Document = document): boolean {
  return doc.querySelector('meta[name="test-system"]')?.getAttribute('content') !== 'false';
}

export function TestSystemBar() {
  if (!isTestSystem()) return null;
  // A landmark of its own: everything on a page sits in one, and landmark navigation finds the note.
  return (
    <aside className="test-system-bar" aria-label="Hinweis zum System">
      DIES IST EIN TESTSYSTEM
    </aside>
  );
}
