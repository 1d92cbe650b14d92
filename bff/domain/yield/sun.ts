/**
 * Where the sun stands, for the daily yield target (docs/monitoring.md, "Expected vs actual"): Spencer's (1971)
 * Fourier series for declination and equation of time, the hour angle from UTC and longitude, and the sun as a unit
 * vector (east, north, up). Good to about half a degree, plenty for a day's energy.
 */
const RAD = Math.PI / 180;

/** Day angle of Spencer's series, radians, from the day of the year (1 = 1 January). */
function dayAngle(dayOfYear: number): number {
  return (2 * Math.PI * (dayOfYear - 1)) / 365;
}

function dayOfYearUtc(ms: number): number {
  const date = new Date(ms);
  return Math.floor((ms - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

export function declinationRad(dayOfYear: number): number {
  const g = dayAngle(dayOfYear);
  return (
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g)
  );
}

/** Equation of time in minutes (apparent minus mean solar time). */
export function equationOfTimeMinutes(dayOfYear: number): number {
  const g = dayAngle(dayOfYear);
  return 229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
}

/** Solar constant times the eccentricity correction (Spencer), W/m². */
export function extraterrestrialNormal(dayOfYear: number): number {
  const g = dayAngle(dayOfYear);
  return 1361 * (1.00011 + 0.034221 * Math.cos(g) + 0.00128 * Math.sin(g) + 0.000719 * Math.cos(2 * g) + 0.000077 * Math.sin(2 * g));
}

export interface SunVector {
  east: number;
  north: number;
  up: number;
  dayOfYear: number;
}

/** The direction of the sun at an instant seen from latitude/longitude (degrees, east positive). `up` < 0: night. */
export function sunVector(ms: number, latDeg: number, lonDeg: number): SunVector {
  const doy = dayOfYearUtc(ms);
  const delta = declinationRad(doy);
  const utcHours = (((ms % 86_400_000) + 86_400_000) % 86_400_000) / 3_600_000;
  const omega = (15 * (utcHours - 12) + lonDeg + equationOfTimeMinutes(doy) / 4) * RAD;
  const phi = latDeg * RAD;
  return {
    east: -Math.cos(delta) * Math.sin(omega),
    north: Math.cos(phi) * Math.sin(delta) - Math.sin(phi) * Math.cos(delta) * Math.cos(omega),
    up: Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.cos(omega),
    dayOfYear: doy,
  };
}

/** Cosine of the angle between the sun and the normal of a plane facing `azimuthDeg` (180 = south), tilted `tiltDeg`. */
export function cosIncidence(sun: SunVector, azimuthDeg: number, tiltDeg: number): number {
  const beta = tiltDeg * RAD;
  const gamma = azimuthDeg * RAD;
  return sun.east * Math.sin(beta) * Math.sin(gamma) + sun.north * Math.sin(beta) * Math.cos(gamma) + sun.up * Math.cos(beta);
}
