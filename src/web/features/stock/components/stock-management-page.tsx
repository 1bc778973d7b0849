import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Card, CardContent } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AllocationForm } from './allocation-form';
import { FieldFlagsSection } from './field-flags-section';
import { MovementsList } from './movements-list';
import { StockLevelsList } from './stock-levels-list';
import { StockTakePanel } from './stock-take-panel';
import { StockValueTable } from './stock-value-table';
import { TransferForm } from './transfer-form';

const tabs = [
  { id: 'levels', label: 'Levels', body: <StockLevelsList /> },
  { id: 'transfer', label: 'Transfer', body: <TransferForm /> },
  { id: 'stock-take', label: 'Stock take', body: <StockTakePanel /> },
  { id: 'movements', label: 'Movements', body: <MovementsList /> },
  { id: 'value', label: 'Stock value', body: <StockValueTable /> },
  { id: 'allocate', label: 'Allocate kit', body: <AllocationForm /> },
] as const;

/**
 * /admin/stock-management (issue 20): levels, transfers, stock takes, movements, stock value and
 * allocations of an order's kit; each list downloads as CSV.
 */
export default function StockManagementPage() {
  return (
    <PageLayout>
      <PageHeader
        title="Stock management"
        description="Levels at every warehouse, depot and van, and every movement of the ledger."
      />
      <FieldFlagsSection />
      <Tabs defaultValue="levels" className="min-w-0">
        <TabsList className="h-auto flex-wrap justify-start">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id} className="min-h-9 flex-none">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.id} value={tab.id}>
            <Card>
              <CardContent className="pt-5">{tab.body}</CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </PageLayout>
  );
}
