const RAY_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315];

/** The portal's sun logo. Decorative: whoever shows it names it (product name, loading label). */
export function SunMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <g className="sun-mark__rays" stroke="#f6b400" strokeWidth="2.5" strokeLinecap="round">
        {RAY_ANGLES.map((angle) => (
          <line key={angle} x1="16" y1="2.5" x2="16" y2="6.5" transform={`rotate(${angle} 16 16)`} />
        ))}
      </g>
      <circle cx="16" cy="16" r="7" fill="#f6b400" />
    </svg>
  );
}
