import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { MovementsList } from './movements-list';
import { StockLevelsList } from './stock-levels-list';
import { TransferForm } from './transfer-form';

/**
 * /contractor/stock (issue 20): the company's depot and vans, their levels and movements, and
 * transfers between them. The server lists only the company's own places and never a cost.
 */
export default function ContractorStockPage() {
  return (
    <PageLayout>
      <PageHeader
        title="Stock"
        description="Your depot and vans: what is where, and moving it between them."
      />
      <Card>
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">Levels</h2>
        </CardHeader>
        <CardContent>
          <StockLevelsList />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">
            Transfer between your depot and vans
          </h2>
        </CardHeader>
        <CardContent>
          <TransferForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-base leading-tight font-semibold">Movements</h2>
        </CardHeader>
        <CardContent>
          <MovementsList />
        </CardContent>
      </Card>
    </PageLayout>
  );
}
