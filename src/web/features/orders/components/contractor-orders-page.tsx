import { contractorOrdersArea, OrdersAreaProvider } from '../lib/orders-area';
import OrdersPage from './orders-page';

/**
 * /contractor/orders (issue 12, decision 032): the back-office list, search, filters and CSV,
 * mounted for a contractor. The server answers only the company's orders, without prices.
 */
export default function ContractorOrdersPage() {
  return (
    <OrdersAreaProvider area={contractorOrdersArea}>
      <OrdersPage />
    </OrdersAreaProvider>
  );
}
