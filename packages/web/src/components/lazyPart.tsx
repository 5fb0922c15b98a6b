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

export const PART_ERROR_TEXT = 'Erreur de chargement';

class PartBoundary extends Component<
  { children: ReactNode; onRetry: () => void; onFailed: () => void; quiet: boolean },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onFailed();
    console.error('Partie de l’écran non chargée', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    const retry = () => {
      this.setState({ failed: false });
      this.props.onRetry();
    };
    return (
      <div className="part-error" role="alert">
        <span>{PART_ERROR_TEXT}</span>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Réessayer
        </button>
      </div>
    );
  }
}

/**
 * The part `load` gives, shown through `fallback` while it downloads. `quiet` parts (a welcome
 * modal, say) show nothing when they cannot load: they are a bonus, not something asked for.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { fallback = null, quiet = false }: { fallback?: ReactNode; quiet?: boolean } = {},
): ComponentType<P> {
  // React.lazy keeps a failed download for good: a retry needs a new one. Opened again after
  // a failure (the picker closed and reopened), the part tries again by itself.
  let Loaded = lazy(load);
  let failed = false;
  const renew = () => {
    Loaded = lazy(load);
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
      <PartBoundary onRetry={onRetry} onFailed={() => (failed = true)} quiet={quiet}>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </PartBoundary>
    );
  };
}
