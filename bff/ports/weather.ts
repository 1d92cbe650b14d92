/** A location on the globe, degrees (WGS 84). */
export interface GeoLocation {
  lat: number;
  lon: number;
}

/**
 * What the weather service measured over [startMs, endMs): mean irradiances in W/m² and the temperature in °C; null
 * where the service has no value (docs/monitoring.md "Expected vs actual").
 */
export interface WeatherInterval {
  startMs: number;
  endMs: number;
  /** Global horizontal irradiance. */
  ghi: number | null;
  /** Direct normal irradiance. */
  dni: number | null;
  /** Diffuse horizontal irradiance. */
  dhi: number | null;
  temperatureC: number | null;
}

/**
 * A weather and irradiance service (Open-Meteo's shape). Adapter: adapters/weather.http.ts. Rejects with
 * UPSTREAM.UNAVAILABLE when the service fails or does not answer in time.
 */
export interface WeatherService {
  /**
   * The 15-minute irradiance of the Berlin calendar days `from`..`to` (inclusive, at most 31 days) at a location, each
   * interval starting within those days. `today` (Berlin) decides where the service keeps them: recent days in its
   * forecast model, older ones in its archive.
   */
  irradiance(location: GeoLocation, from: string, to: string, today: string): Promise<WeatherInterval[]>;
}
