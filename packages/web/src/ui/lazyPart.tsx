/**
 * A part of a screen downloaded on demand (the emoji picker, a sheet, the map, the notification
 * panel). When its download fails on a flaky network only that part says so — 'Erreur de
 * chargement' with 'Réessayer', in a bar above the bottom of the screen — and the screen around
 * it stays usable; Réessayer downloads it again. Without this the route's boundary would swap
 * the whole screen (a conversation being written, say) for its error panel.
 */
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';

const PART_ERROR_TEXT = 'Erreur de chargement';

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
  /** Closes the part (a sheet, a panel) whose own close button never loaded. */
  onDismiss?: (() => void) | undefined;
  quiet: boolean;
}

class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Partie de l'écran non chargée", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    const retry = () => {
      this.setState({ failed: false });
      this.props.onRetry();
    };
    const { onDismiss } = this.props;
    return (
      <div className="part-error" role="alert">
        <span>{PART_ERROR_TEXT}</span>
        <span className="part-error-actions">
          {onDismiss && (
            <button type="button" className="btn btn-ghost" onClick={onDismiss}>
              Fermer
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={retry}>
            Réessayer
          </button>
        </span>
      </div>
    );
  }
}

interface PartOptions<P> {
  fallback?: ReactNode;
  /** Parts that are a bonus (a welcome modal) show nothing when they cannot load. */
  quiet?: boolean;
  /** How the screen closes this part, offered as Fermer when the part could not load. */
  dismiss?: (props: P) => () => void;
}

/** The part `load` gives, shown through `fallback` while it downloads. */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { fallback = null, quiet = false, dismiss }: PartOptions<P> = {},
): ComponentType<P> {
  // React.lazy keeps a failed download for good: a retry needs a new one. A part opened again
  // after a failed download (even one that failed while it was closed) tries again by itself.
  let failed = false;
  const make = () =>
    lazy(() =>
      load().catch((err: unknown) => {
        failed = true;
        throw err;
      }),
    );
  let Loaded = make();
  const renew = () => {
    Loaded = make();
    failed = false;
  };
  return function Part(props: P) {
    const [, setAttempt] = useState(() => {
      if (failed) renew();
      return 0;
    });
    const onRetry = () => {
      renew();
      setAttempt((n) => n + 1);
    };
    return (
      <PartBoundary onRetry={onRetry} onDismiss={dismiss?.(props)} quiet={quiet}>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </PartBoundary>
    );
  };
}
