import { Download } from 'lucide-react';
import { locationKindLabels } from '@shared/stock/stock.contracts';
import { allLocationsLabel } from '@shared/stock/stock-reports.contracts';
import { stockValueCsvUrl } from '@web/api/stock/exports';
import { useStockValue } from '@web/api/stock/value';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { formatPence } from '@web/lib/money';

/** Back office: what the stock at each location is worth (level × unit cost), and in all. */
export function StockValueTable() {
  const value = useStockValue();
  return (
    <div className="grid min-w-0 gap-3">
      <div>
        <Button asChild variant="outline" size="sm">
          <a href={stockValueCsvUrl} download>
            <Download aria-hidden="true" className="size-4" />
            Download stock value CSV
          </a>
        </Button>
      </div>
      {value.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : value.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The stock value could not be loaded.
        </p>
      ) : (
        <div className="min-w-0 overflow-x-auto">
          <Table aria-label="Stock value by location">
            <TableHeader>
              <TableRow>
                <TableHead>Location</TableHead>
                <TableHead className="text-right">Units</TableHead>
                <TableHead className="text-right">Value</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {value.data.items.map((item) => (
                <TableRow key={item.locationId}>
                  <TableCell className="break-words">
                    {item.location}
                    <span className="sr-only"> ({locationKindLabels[item.kind]})</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{item.units}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatPence(item.valuePence)}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow className="font-semibold">
                <TableCell>{allLocationsLabel}</TableCell>
                <TableCell className="text-right tabular-nums">{value.data.totalUnits}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatPence(value.data.totalPence)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
