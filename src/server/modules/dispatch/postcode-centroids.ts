import { postcodeParts } from '@shared/uk-postcode';
import table from './postcode-districts.json' with { type: 'json' };

// Decision 035: postcodes are placed on the map by the centroid of their district (outward
// code), or of their area when the district is not in the table; never by a network geocoder.

type LatLng = [number, number];
const districts = table.districts as unknown as Record<string, LatLng>;
const areas = table.areas as unknown as Record<string, LatLng>;

export type Placed = { latitude: number; longitude: number; district: string };

/** Where a postcode goes on the map, or null when neither its district nor area is known. */
export function placePostcode(postcode: string): Placed | null {
  const parts = postcodeParts(postcode);
  if (!parts) return null;
  const district = districts[parts.outcode];
  if (district) return { latitude: district[0], longitude: district[1], district: parts.outcode };
  const area = areas[parts.area];
  return area ? { latitude: area[0], longitude: area[1], district: parts.area } : null;
}
