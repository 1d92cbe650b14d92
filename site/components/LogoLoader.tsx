import { SunMark } from './SunMark.tsx';
import './LogoLoader.css';

/**
 * Loading animation of the logo (docs/architecture.md): 24 px wide on small screens, 32 px from 768 px on; the rays
 * turn once in 120 frames at 30 fps. Still when the visitor prefers reduced motion.
 */
export function LogoLoader({ label }: { label: string }) {
  return (
    <span className="logo-loader" role="img" aria-label={label}>
      <SunMark className="logo-loader__mark" />
    </span>
  );
}
