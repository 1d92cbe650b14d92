import { describe, expect, it } from 'vitest';
import {
  erbsSplit,
  haurwitzGhi,
  planeOfArrayIrradiance,
  pvwattsPower,
  solarPosition,
  type SolarPosition,
} from './solar.ts';

const LEIPZIG = { lat: 51.34, lon: 12.37 };
const sinDeg = (deg: number) => Math.sin((deg * Math.PI) / 180);

/** Highest elevation of the day, scanning every minute (UTC day; solar noon in Leipzig is around 11:10 UTC). */
function noonElevation(isoDate: string): SolarPosition {
  const start = Date.parse(`${isoDate}T00:00:00Z`);
  let best = solarPosition(start, LEIPZIG.lat, LEIPZIG.lon);
  for (let minute = 1; minute < 1440; minute++) {
    const position = solarPosition(start + minute * 60_000, LEIPZIG.lat, LEIPZIG.lon);
    if (position.elevationDeg > best.elevationDeg) best = position;
  }
  return best;
}

describe('solar position (NOAA)', () => {
  it('puts the sun about 62° high at solar noon in Leipzig on the summer solstice 2026', () => {
    const noon = noonElevation('2026-06-21');
    expect(noon.elevationDeg).toBeGreaterThan(61);
    expect(noon.elevationDeg).toBeLessThan(63);
    expect(noon.azimuthDeg).toBeCloseTo(180, 0);
  });

  it('puts the sun about 15° high at solar noon in Leipzig on the winter solstice 2026', () => {
    const noon = noonElevation('2026-12-21');
    expect(noon.elevationDeg).toBeGreaterThan(14);
    expect(noon.elevationDeg).toBeLessThan(16);
  });

  it('has the sun in the east in the morning, in the west in the evening and below the horizon at midnight', () => {
    const morning = solarPosition(Date.parse('2026-06-21T05:00:00Z'), LEIPZIG.lat, LEIPZIG.lon);
    const evening = solarPosition(Date.parse('2026-06-21T17:00:00Z'), LEIPZIG.lat, LEIPZIG.lon);
    const midnight = solarPosition(Date.parse('2026-06-21T23:00:00Z'), LEIPZIG.lat, LEIPZIG.lon);
    expect(morning.azimuthDeg).toBeGreaterThan(60);
    expect(morning.azimuthDeg).toBeLessThan(110);
    expect(evening.azimuthDeg).toBeGreaterThan(250);
    expect(evening.azimuthDeg).toBeLessThan(300);
    expect(midnight.elevationDeg).toBeLessThan(0);
  });

  it('gives a declination of about +23.4° in June and -23.4° in December', () => {
    expect(noonElevation('2026-06-21').declinationDeg).toBeCloseTo(23.44, 1);
    expect(noonElevation('2026-12-21').declinationDeg).toBeCloseTo(-23.44, 1);
  });
});

describe('clear sky (Haurwitz)', () => {
  it.each([
    [5, 48.63],
    [10, 135.74],
    [30, 487.89],
    [50, 778.77],
    [90, 1035.09],
  ])('at %d° elevation gives the pvlib value %d W/m²', (elevation, expected) => {
    expect(Math.abs(haurwitzGhi(sinDeg(elevation)) - expected)).toBeLessThan(0.1);
  });

  it('is zero when the sun is down', () => {
    expect(haurwitzGhi(-0.1)).toBe(0);
    expect(haurwitzGhi(0)).toBe(0);
  });
});

describe('diffuse split (Erbs) and plane of array', () => {
  it('keeps GHI = DHI + DNI cos z and makes an overcast sky (almost) all diffuse', () => {
    const cosZ = sinDeg(40);
    const clear = erbsSplit(haurwitzGhi(cosZ), cosZ, 172);
    expect(clear.dhi + clear.dni * cosZ).toBeCloseTo(clear.ghi, 6);
    expect(clear.dhi / clear.ghi).toBeLessThan(0.3);
    const overcast = erbsSplit(haurwitzGhi(cosZ) * 0.15, cosZ, 172);
    expect(overcast.dhi / overcast.ghi).toBeGreaterThan(0.95);
  });

  it('gives a south-facing tilted plane more than the horizontal at a low winter sun, and a flat plane exactly GHI', () => {
    const sun = { cosZenith: sinDeg(15), azimuthDeg: 180 };
    const split = erbsSplit(haurwitzGhi(sun.cosZenith), sun.cosZenith, 355);
    expect(planeOfArrayIrradiance(sun, split, 180, 35)).toBeGreaterThan(1.5 * split.ghi);
    expect(planeOfArrayIrradiance(sun, split, 0, 35)).toBeLessThan(split.ghi);
    expect(planeOfArrayIrradiance(sun, split, 180, 0)).toBeCloseTo(split.ghi, 6);
  });
});

describe('PVWatts', () => {
  it('produces Pdc0 times losses at 1000 W/m² and 25 °C, less when hot, nothing in the dark', () => {
    const stc = pvwattsPower(1000, 10_000, 25);
    expect(stc).toBeCloseTo(10_000 * 0.86 * 0.96, 6);
    expect(pvwattsPower(1000, 10_000, 55)).toBeLessThan(stc * 0.9);
    expect(pvwattsPower(0, 10_000, 25)).toBe(0);
  });
});
