/**
 * The route-level error boundary: a screen that throws while rendering, or a lazy screen whose
 * chunk cannot be downloaded (offline, or a redeploy removed the old hashed files), shows the
 * generic error panel instead of a blank page. Réessayer reloads the page: some browsers keep
 * a failed dynamic import for the page's life, and a reload also picks up a new build's file
 * names. Moving to another address (Retour, a link) clears it. Parts of a screen loaded on
 * demand have their own boundary (lazyPart), so they never take the screen down with them.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from '../lib/router';
import { ErrorPanel } from '../ui/ErrorPanel';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (another address) lets the children render again. */
  resetKey: string;
  onRetry: () => void;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Erreur d'affichage de la page", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPanel onRetry={this.props.onRetry} /> : this.props.children;
  }
}

const reload = () => window.location.reload();

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <Boundary resetKey={key} onRetry={reload}>
      {children}
    </Boundary>
  );
}
