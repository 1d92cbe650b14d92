/**
 * PV physics of the simulator (sandbox/iot/README.md, "The simulator"): NOAA solar position, Haurwitz clear-sky GHI,
 * Erbs diffuse split, isotropic plane-of-array irradiance and PVWatts DC power. Pure functions; angles in degrees at the boundaries, radians inside.
 */
const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface SolarPosition {
  /** Degrees above the horizon (negative at night). */
  elevationDeg: number;
  /** Degrees from north, clockwise (90 = east, 180 = south). */
  azimuthDeg: number;
  /** cos of the zenith angle. */
  cosZenith: number;
  declinationDeg: number;
  equationOfTimeMin: number;
}

/** NOAA solar position (as in mbostock/solar-calculator) at an instant, for latitude/longitude in degrees (east +). */
export function solarPosition(utcMs: number, latDeg: number, lonDeg: number): SolarPosition {
  const julianDay = utcMs / 86_400_000 + 2440587.5;
  const t = (julianDay - 2451545) / 36525;

  const l0 = (((280.46646 + t * (36000.76983 + t * 0.0003032)) % 360) + 360) % 360;
  const m = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const mRad = m * RAD;
  const c =
    Math.sin(mRad) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * mRad) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * mRad) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * RAD;
  const lambda = (l0 + c - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const obliquityMean = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const epsilon = (obliquityMean + 0.00256 * Math.cos(omega)) * RAD;
  const declination = Math.asin(Math.sin(epsilon) * Math.sin(lambda));

  const y = Math.tan(epsilon / 2) ** 2;
  const l0Rad = l0 * RAD;
  const equationOfTimeMin =
    4 *
    DEG *
    (y * Math.sin(2 * l0Rad) -
      2 * e * Math.sin(mRad) +
      4 * e * y * Math.sin(mRad) * Math.cos(2 * l0Rad) -
      0.5 * y * y * Math.sin(4 * l0Rad) -
      1.25 * e * e * Math.sin(2 * mRad));

  const utcHours = (((utcMs % 86_400_000) + 86_400_000) % 86_400_000) / 3_600_000;
  const hourAngle = (15 * (utcHours - 12) + lonDeg + equationOfTimeMin / 4) * RAD;
  const phi = latDeg * RAD;
  const cosZenith = Math.max(
    -1,
    Math.min(1, Math.sin(phi) * Math.sin(declination) + Math.cos(phi) * Math.cos(declination) * Math.cos(hourAngle)),
  );
  const azimuth =
    Math.atan2(Math.sin(hourAngle), Math.cos(hourAngle) * Math.sin(phi) - Math.tan(declination) * Math.cos(phi)) * DEG +
    180;
  return {
    elevationDeg: 90 - Math.acos(cosZenith) * DEG,
    azimuthDeg: ((azimuth % 360) + 360) % 360,
    cosZenith,
    declinationDeg: declination * DEG,
    equationOfTimeMin,
  };
}

/** Haurwitz clear-sky global horizontal irradiance in W/m² (0 when the sun is down). */
export function haurwitzGhi(cosZenith: number): number {
  if (cosZenith <= 0) return 0;
  return 1098 * cosZenith * Math.exp(-0.059 / cosZenith);
}

/** Extraterrestrial normal irradiance in W/m² for a day of the year. */
function extraterrestrialIrradiance(dayOfYear: number): number {
  return 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365));
}

export interface IrradianceSplit {
  ghi: number;
  dni: number;
  dhi: number;
}

/**
 * Erbs et al. (1982) diffuse fraction from the clearness index; limits as in pvlib (`min_cos_zenith` 0.065, no beam
 * beyond 87° zenith).
 */
export function erbsSplit(ghi: number, cosZenith: number, dayOfYear: number): IrradianceSplit {
  if (ghi <= 0 || cosZenith <= 0) return { ghi: 0, dni: 0, dhi: 0 };
  const kt = Math.min(1, Math.max(0, ghi / (extraterrestrialIrradiance(dayOfYear) * Math.max(cosZenith, 0.065))));
  let diffuseFraction: number;
  if (kt <= 0.22) diffuseFraction = 1 - 0.09 * kt;
  else if (kt <= 0.8) diffuseFraction = 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  else diffuseFraction = 0.165;
  const dhi = diffuseFraction * ghi;
  const dni = cosZenith < Math.cos(87 * RAD) ? 0 : (ghi - dhi) / cosZenith;
  return { ghi, dni, dhi };
}

const GROUND_ALBEDO = 0.2;

/** Isotropic-sky plane-of-array irradiance in W/m² for a plane facing `azimuthDeg` (180 = south), tilted `tiltDeg`. */
export function planeOfArrayIrradiance(
  sun: Pick<SolarPosition, 'cosZenith' | 'azimuthDeg'>,
  irradiance: IrradianceSplit,
  azimuthDeg: number,
  tiltDeg: number,
): number {
  if (irradiance.ghi <= 0) return 0;
  const beta = tiltDeg * RAD;
  const sinZenith = Math.sqrt(Math.max(0, 1 - sun.cosZenith ** 2));
  const cosAoi = sun.cosZenith * Math.cos(beta) + sinZenith * Math.sin(beta) * Math.cos((sun.azimuthDeg - azimuthDeg) * RAD);
  const beam = irradiance.dni * Math.max(0, cosAoi);
  const sky = (irradiance.dhi * (1 + Math.cos(beta))) / 2;
  const ground = (irradiance.ghi * GROUND_ALBEDO * (1 - Math.cos(beta))) / 2;
  return beam + sky + ground;
}

/** PVWatts defaults (NREL PVWatts v5 "standard" module; 14 % system losses; nominal inverter efficiency). */
const PVWATTS = {
  gammaPerK: -0.0037,
  systemLosses: 0.14,
  inverterEfficiency: 0.96,
  /** Nominal operating cell temperature, °C (for the cell-temperature estimate below). */
  noctC: 45,
} as const;

/** Cell temperature (NOCT model): ambient plus heating proportional to the irradiance on the module. */
export function cellTemperature(poa: number, ambientC: number): number {
  return ambientC + (poa / 800) * (PVWATTS.noctC - 20);
}

/** PVWatts DC power in W, after system losses and the inverter: `G/1000 * Pdc0 * (1 + gamma (Tcell - 25))`. */
export function pvwattsPower(poa: number, peakPowerW: number, cellTempC: number): number {
  if (poa <= 0) return 0;
  const dc = (poa / 1000) * peakPowerW * (1 + PVWATTS.gammaPerK * (cellTempC - 25));
  return Math.max(0, dc * (1 - PVWATTS.systemLosses) * PVWATTS.inverterEfficiency);
}
