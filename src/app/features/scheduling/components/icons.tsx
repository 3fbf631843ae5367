/** The scheduling screens' own inline icons (decorative, hidden from assistive tech). */
const base = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const DetailsIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </svg>
);
export const ServiceIcon = () => (
  <svg {...base}>
    <path d="M4 7h16v12H4zM9 7V5h6v2M12 11v4M10 13h4" />
  </svg>
);
