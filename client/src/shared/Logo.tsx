/** The product mark: a red rounded square with a "B", plus the product name. */
export function Logo({ showName = true }: { showName?: boolean }) {
  return (
    <span className="app-logo">
      <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#cd1421" />
        <path d="M9 8h9a5 5 0 0 1 1.8 9.7A5.5 5.5 0 0 1 18.5 28H9z" fill="#fff" />
        <path d="M13 12v4h4.5a2 2 0 0 0 0-4zM13 19.5V24h5a2.25 2.25 0 0 0 0-4.5z" fill="#cd1421" />
      </svg>
      {showName ? <span className="app-logo-name">Buchungsplattform</span> : null}
    </span>
  );
}
