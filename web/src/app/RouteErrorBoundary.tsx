import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from '../lib/lazy-component';
import { RouteErrorPage } from './RouteErrorPage';

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the next address) clears the error, so leaving a broken page shows the next one. */
  resetKey: string;
}

interface RouteErrorBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/** Catches a page that throws while rendering (or whose code fails to load) and shows the error page instead. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = {
    error: undefined,
    failed: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    // A page whose code failed to load gets another chance at the next address.
    if (state.failed) retryFailedLoads();
    return { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
