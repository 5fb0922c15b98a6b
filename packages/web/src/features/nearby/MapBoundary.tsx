/** Catches a map that cannot start (its chunk failed to download, Leaflet threw): the page shows its panel. */
import { Component, type ReactNode } from 'react';

export class MapBoundary extends Component<
  { onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
