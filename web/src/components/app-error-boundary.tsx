import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { CrashScreen } from './crash-screen';

interface AppErrorBoundaryProps {
  children: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

/** The top-level error boundary: any render error outside the router shows the crash screen. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
