import { describe, expect, it } from 'vitest';
import { solarPosition } from '../../../sandbox/iot/sim/solar.ts';
import { cosIncidence, sunVector } from './sun.ts';

const DEG = 180 / Math.PI;

describe("the sun's position (Spencer)", () => {
  it("agrees with the NOAA algorithm the IoT simulator uses to within about half a degree, all year in Leipzig", () => {
    let worst = 0;
    for (let day = 0; day < 365; day += 7) {
      for (let hour = 4; hour <= 20; hour += 2) {
        const ms = Date.UTC(2026, 0, 1 + day, hour, 10);
        const noaa = solarPosition(ms, 51.34, 12.37);
        const ours = sunVector(ms, 51.34, 12.37);
        worst = Math.max(worst, Math.abs(Math.acos(ours.up) * DEG - Math.acos(noaa.cosZenith) * DEG));
        if (noaa.elevationDeg > 5) {
          const azimuth = (Math.atan2(ours.east, ours.north) * DEG + 360) % 360;
          expect(Math.abs(azimuth - noaa.azimuthDeg), `${day} ${hour}`).toBeLessThan(1.5);
        }
      }
    }
    expect(worst).toBeLessThan(0.6);
  });

  it('a plane facing the sun gets it head-on; a horizontal plane gets the sine of the elevation', () => {
    const sun = sunVector(Date.UTC(2026, 5, 21, 11, 10), 51.34, 12.37);
    const azimuth = (Math.atan2(sun.east, sun.north) * DEG + 360) % 360;
    const tilt = Math.acos(sun.up) * DEG;
    expect(cosIncidence(sun, azimuth, tilt)).toBeCloseTo(1, 9);
    expect(cosIncidence(sun, 180, 0)).toBeCloseTo(sun.up, 12);
  });
});
