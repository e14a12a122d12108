/**
 * The green bar of a non-production build (specification 01 section 1). Hidden only in builds made
 * with VITE_PRODUCTION=true; `npm run build:client` (tests, demo) keeps it.
 */
export const IS_PRODUCTION_BUILD = import.meta.env.VITE_PRODUCTION === 'true';

export function TestSystemBar() {
  if (IS_PRODUCTION_BUILD) return null;
  return (
    <div className="test-system-bar" role="note">
      DIES IST EIN TESTSYSTEM
    </div>
  );
}
