import { CalendarDays, MapPin } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'wouter';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDispatchMap } from '@web/api/dispatch/get-dispatch-map';
import { errorMessage } from '@web/lib/api-client';
import type { District } from './orders-map';

const OrdersMap = lazy(() => import('./orders-map'));

/** /contractor/map: where the orders waiting to be scheduled are, to batch nearby jobs. */
export default function DispatchMapPage() {
  const map = useDispatchMap();
  const points = useMemo(() => map.data?.points ?? [], [map.data]);
  const districts = useMemo(() => {
    const byDistrict = new Map<string, District>();
    for (const point of points) {
      if (point.latitude === null || point.longitude === null || !point.district) continue;
      const entry = byDistrict.get(point.district) ?? {
        district: point.district,
        latitude: point.latitude,
        longitude: point.longitude,
        points: [],
      };
      entry.points.push(point);
      byDistrict.set(point.district, entry);
    }
    return [...byDistrict.values()].sort(
      (a, b) => b.points.length - a.points.length || a.district.localeCompare(b.district),
    );
  }, [points]);
  const unplaced = points.filter((p) => p.latitude === null);

  return (
    <PageLayout>
      <PageHeader
        title="Map of waiting orders"
        description="Orders waiting to be scheduled, placed by postcode district, to batch nearby jobs on the same day."
        actions={
          <Button asChild variant="outline">
            <Link href="/contractor/board">
              <CalendarDays aria-hidden="true" />
              Dispatch board
            </Link>
          </Button>
        }
      />
      {map.isPending ? (
        <Skeleton className="h-[28rem]" />
      ) : !map.data ? (
        <EmptyState icon={MapPin} title="The map could not be loaded">
          {errorMessage(map.error, 'Try again in a moment.')}
        </EmptyState>
      ) : points.length === 0 ? (
        <EmptyState icon={MapPin} title="Nothing is waiting to be scheduled">
          Accepted orders appear here until they have a visit.
        </EmptyState>
      ) : (
        <>
          <Suspense fallback={<Skeleton className="h-[28rem]" />}>
            <OrdersMap tileUrl={map.data.tileUrl} districts={districts} />
          </Suspense>
          <p className="text-xs text-slate-600">
            Map tiles from <code className="break-all">{map.data.tileUrl}</code> (set by back
            office). Without tiles the points still show on a plain background.
          </p>
          <section aria-labelledby="districts-heading" className="grid gap-2">
            <h2 id="districts-heading" className="text-base font-semibold text-slate-900">
              By postcode district
            </h2>
            <ul
              className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
              aria-label="Postcode districts"
            >
              {districts.map((d) => (
                <li
                  key={d.district}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
                  data-district={d.district}
                >
                  <span className="font-semibold text-slate-900">{d.district}</span>
                  <span className="text-slate-600">
                    {' '}
                    · {d.points.length} {d.points.length === 1 ? 'order' : 'orders'}
                  </span>
                  <ul className="mt-1 grid gap-0.5 text-slate-700">
                    {d.points.map((p) => (
                      <li key={p.orderId}>
                        {p.orderNumber} · {p.postcode} · {p.jobTypeName}
                        {!p.kitReady && <span className="text-red-700"> (kit not ready)</span>}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            {unplaced.length > 0 && (
              <p className="text-sm text-slate-700">
                Not on the map (postcode district not in the table):{' '}
                {unplaced.map((p) => `${p.orderNumber} (${p.postcode})`).join(', ')}
              </p>
            )}
          </section>
        </>
      )}
    </PageLayout>
  );
}
