import { PageHeader, PageLayout } from '@web/components/page-layout';
import { InventoryCatalogue } from './inventory-catalogue';
import { InventoryKitEditor } from './inventory-kit-editor';
import { InventoryLocations } from './inventory-locations';
import { ReceiveStockForm } from './receive-stock-form';
import { SerialHistorySearch } from './serial-history-search';

/** /admin/inventory (issue 20): the catalogue, goods in, serials, kits and locations. */
export default function InventoryPage() {
  return (
    <PageLayout>
      <PageHeader
        title="Inventory"
        description="The catalogue and its serials: products, goods in, where each serial has been, the kit each job type needs, and where stock lives."
      />
      <SerialHistorySearch />
      <InventoryCatalogue />
      <ReceiveStockForm />
      <InventoryKitEditor />
      <InventoryLocations />
    </PageLayout>
  );
}
