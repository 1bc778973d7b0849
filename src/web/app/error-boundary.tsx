import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageError } from './page-error';

type Props = {
  children: ReactNode;
  /** Where it stands: a route's page keeps the shell around it; the root replaces everything. */
  scope: 'route' | 'root';
  /** The boundary starts afresh when this changes (the route's path: another page). */
  resetKey?: string;
};

type State = { error: unknown; resetKey: string | undefined };

/**
 * Decision 057: a render error never leaves a blank screen. The page shows what happened with a
 * way back (try again, the home page), and the error goes to the server's log. One stands
 * around each route's page, one around the whole app.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const path = window.location.pathname;
    // Loaded only when a page has thrown: the report's contract (zod) stays out of the first
    // download of every page (tests/bundle-budget.unit.test.ts).
    void import('@web/api/client-errors/report-client-error')
      .then(({ clientErrorReportFor, reportClientError }) =>
        reportClientError(clientErrorReportFor(error, info.componentStack, path)),
      )
      .catch(() => undefined);
  }

  // After the whole app failed, a fresh load is the only retry worth offering.
  private readonly retry = () =>
    this.props.scope === 'root' ? window.location.reload() : this.setState({ error: null });

  override render() {
    if (this.state.error === null) return this.props.children;
    return <PageError scope={this.props.scope} onRetry={this.retry} />;
  }
}
