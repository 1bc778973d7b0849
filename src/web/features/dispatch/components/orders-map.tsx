import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { MapPoint } from '@shared/dispatch/dispatch.contracts';

export type District = {
  district: string;
  latitude: number;
  longitude: number;
  points: MapPoint[];
};

const ukCentre: L.LatLngExpression = [54.5, -3];

/**
 * The Leaflet map (decision 035): one circle per postcode district, sized by how many orders
 * wait there. Circles are vectors, so with no tiles reachable they still show on the plain
 * background the container paints.
 */
export default function OrdersMap({
  tileUrl,
  districts,
}: {
  tileUrl: string;
  districts: District[];
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true });
    L.tileLayer(tileUrl, {
      maxZoom: 18,
      attribution: 'Map data &copy; OpenStreetMap contributors',
    }).addTo(map);
    const bounds: L.LatLngExpression[] = [];
    for (const district of districts) {
      const where: L.LatLngExpression = [district.latitude, district.longitude];
      bounds.push(where);
      const count = district.points.length;
      const list = district.points
        .map((p) => `${p.orderNumber} · ${p.postcode}${p.kitReady ? '' : ' (kit not ready)'}`)
        .join('<br>');
      L.circleMarker(where, {
        radius: 8 + Math.min(count, 10) * 2,
        color: '#1e3a8a',
        weight: 2,
        fillColor: '#2563eb',
        fillOpacity: 0.6,
        className: 'dispatch-map-point',
      })
        .bindTooltip(`${district.district}: ${count} ${count === 1 ? 'order' : 'orders'}`)
        .bindPopup(`<strong>${district.district}</strong><br>${list}`)
        .addTo(map);
    }
    if (bounds.length > 0)
      map.fitBounds(L.latLngBounds(bounds), { padding: [40, 40], maxZoom: 11 });
    else map.setView(ukCentre, 5);
    return () => {
      map.remove();
    };
  }, [tileUrl, districts]);

  return (
    <div
      ref={container}
      role="region"
      aria-label="Map of orders waiting to be scheduled, by postcode district"
      className="h-[28rem] w-full rounded-lg border border-slate-200 bg-slate-100"
      data-testid="dispatch-map"
    />
  );
}
