/** Decorative illustrations of the onboarding screens (no behaviour, hidden from assistive tech). */
export function WelcomeIllustration({ size = 160 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 160 160" aria-hidden="true" focusable="false">
      <circle cx="80" cy="80" r="76" fill="var(--mantine-color-indigo-0)" />
      <rect x="38" y="46" width="84" height="68" rx="8" fill="var(--mantine-color-white)" />
      <rect x="38" y="46" width="84" height="16" rx="8" fill="var(--mantine-color-indigo-6)" />
      <rect x="50" y="74" width="44" height="6" rx="3" fill="var(--mantine-color-gray-4)" />
      <rect x="50" y="86" width="60" height="6" rx="3" fill="var(--mantine-color-gray-3)" />
      <rect x="50" y="98" width="36" height="6" rx="3" fill="var(--mantine-color-gray-3)" />
      <circle cx="118" cy="112" r="18" fill="var(--mantine-color-teal-5)" />
      <path d="M110 112l6 6 11-12" stroke="white" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function TeamIllustration({ size = 160 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 160 160" aria-hidden="true" focusable="false">
      <circle cx="80" cy="80" r="76" fill="var(--mantine-color-cyan-0)" />
      <circle cx="80" cy="62" r="16" fill="var(--mantine-color-indigo-6)" />
      <path d="M52 112a28 28 0 0 1 56 0z" fill="var(--mantine-color-indigo-6)" />
      <circle cx="44" cy="74" r="11" fill="var(--mantine-color-cyan-6)" />
      <path d="M24 112a20 20 0 0 1 40 0z" fill="var(--mantine-color-cyan-6)" />
      <circle cx="116" cy="74" r="11" fill="var(--mantine-color-cyan-6)" />
      <path d="M96 112a20 20 0 0 1 40 0z" fill="var(--mantine-color-cyan-6)" />
    </svg>
  );
}
