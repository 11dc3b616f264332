/**
 * An error boundary that renders nothing when its children fail. The sync indicator, banner and panel are extras
 * loaded in their own chunks; a chunk that cannot load (a deployment removed it before the service worker took over)
 * must not take the screen under them down. React still logs the error.
 */
import { Component, type ReactNode } from 'react';

/** Renders its children, or nothing once they have thrown. */
export class QuietBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}
